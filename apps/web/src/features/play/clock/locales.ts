import i18n from '../../../i18n';

// The player's countdown of the game clock (issue 28).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    play: {
      clock: {
        label: 'Time left {{time}}',
        paused: 'Paused {{time}}',
        minutesLeft_one: '{{count}} minute left',
        minutesLeft_other: '{{count}} minutes left',
        timeUp: 'Time is up',
        // A question's, quiz's or mission's own time limit (issue 28).
        task: 'Time left to answer {{time}}',
        taskMission: 'Time left for this mission {{time}}',
        taskTimedOut: 'Time ran out',
        secondsLeft_one: '{{count}} second left',
        secondsLeft_other: '{{count}} seconds left',
        // The playtest's clock speed.
        speed: 'Clock speed',
        speedChoice: '{{rate}}×',
        speedHint: 'A playtest’s clock may run fast: at 20× a 10-minute limit runs out in 30 seconds.',
        speedReason: 'Playtest speed',
        speedFailed: 'The clock speed could not be changed',
      },
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  {
    play: {
      clock: {
        label: 'Χρόνος που απομένει {{time}}',
        paused: 'Σε παύση {{time}}',
        minutesLeft_one: 'Απομένει {{count}} λεπτό',
        minutesLeft_other: 'Απομένουν {{count}} λεπτά',
        timeUp: 'Ο χρόνος τελείωσε',
        task: 'Χρόνος για απάντηση {{time}}',
        taskMission: 'Χρόνος για την αποστολή {{time}}',
        taskTimedOut: 'Ο χρόνος τελείωσε',
        secondsLeft_one: 'Απομένει {{count}} δευτερόλεπτο',
        secondsLeft_other: 'Απομένουν {{count}} δευτερόλεπτα',
        speed: 'Ταχύτητα ρολογιού',
        speedChoice: '{{rate}}×',
        speedHint:
          'Το ρολόι μιας δοκιμής μπορεί να τρέχει γρήγορα: στο 20× ένα όριο 10 λεπτών λήγει σε 30 δευτερόλεπτα.',
        speedReason: 'Ταχύτητα δοκιμής',
        speedFailed: 'Η ταχύτητα του ρολογιού δεν άλλαξε',
      },
    },
  },
  true,
  false,
);
