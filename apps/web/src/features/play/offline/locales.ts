import i18n from '../../../i18n';

// Texts of the player's offline state (the queue of moves, the game kept on the device).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    play: {
      offline: {
        waiting_one: 'Offline — {{count}} move waiting',
        waiting_other: 'Offline — {{count}} moves waiting',
        waiting_zero: 'Offline',
        catchingUp_one: 'Sending {{count}} move…',
        catchingUp_other: 'Sending {{count}} moves…',
        ready: 'Ready offline · {{size}}',
        readyDetail: 'Kept on this device: the game, {{media}} media and {{tiles}} map tiles',
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
      offline: {
        waiting_one: 'Εκτός σύνδεσης — {{count}} κίνηση σε αναμονή',
        waiting_other: 'Εκτός σύνδεσης — {{count}} κινήσεις σε αναμονή',
        waiting_zero: 'Εκτός σύνδεσης',
        catchingUp_one: 'Αποστολή {{count}} κίνησης…',
        catchingUp_other: 'Αποστολή {{count}} κινήσεων…',
        ready: 'Έτοιμο για χρήση χωρίς σύνδεση · {{size}}',
        readyDetail: 'Αποθηκευμένα στη συσκευή: το παιχνίδι, {{media}} πολυμέσα και {{tiles}} πλακίδια χάρτη',
      },
    },
  },
  true,
  false,
);
