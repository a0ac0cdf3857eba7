import i18n from '../../../i18n';

// The time limit of a question, quiz or mission (issue 28).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      timeLimit: {
        label: { seconds: 'Time limit (seconds)', minutes: 'Time limit (minutes)' },
        hint: {
          seconds:
            'Seconds to answer once it is asked; the phone counts down and the question closes when they run out.',
          minutes:
            'Minutes to accomplish it once it is assigned; the phone counts down and the mission fails when they run out.',
        },
        none: 'No limit',
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
    design: {
      timeLimit: {
        label: { seconds: 'Χρονικό όριο (δευτερόλεπτα)', minutes: 'Χρονικό όριο (λεπτά)' },
        hint: {
          seconds:
            'Δευτερόλεπτα για απάντηση από τη στιγμή που τίθεται· το κινητό μετρά αντίστροφα και η ερώτηση κλείνει όταν τελειώσουν.',
          minutes:
            'Λεπτά για την ολοκλήρωσή της από τη στιγμή που ανατίθεται· το κινητό μετρά αντίστροφα και η αποστολή αποτυγχάνει όταν τελειώσουν.',
        },
        none: 'Χωρίς όριο',
      },
    },
  },
  true,
  false,
);
