import i18n from '../../../i18n';

// Labels of the settings form's Messages group (MessagingFieldset.tsx).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    games: {
      settings: {
        messaging: {
          legend: 'Messages',
          organiser: 'Players may write to the organiser',
          organiserHint:
            'The organiser reads and answers on the Gameplay page. Organisers may always write to players.',
          team: 'Team chat',
          teamHint: 'The members of a team write to each other; the organiser reads every team’s chat.',
        },
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
    games: {
      settings: {
        messaging: {
          legend: 'Μηνύματα',
          organiser: 'Οι παίκτες μπορούν να γράφουν στον διοργανωτή',
          organiserHint:
            'Ο διοργανωτής διαβάζει και απαντά στη σελίδα Gameplay. Οι διοργανωτές μπορούν πάντα να γράφουν στους παίκτες.',
          team: 'Συνομιλία ομάδας',
          teamHint: 'Τα μέλη μιας ομάδας γράφουν το ένα στο άλλο· ο διοργανωτής διαβάζει τη συνομιλία κάθε ομάδας.',
        },
      },
    },
  },
  true,
  false,
);
