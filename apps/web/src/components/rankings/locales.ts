import i18n from '../../i18n';

// The leaderboard's labels (the player's sheet and the operators' Gameplay page).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    rankings: {
      title: 'Leaderboard',
      order:
        'One row per player, with their best game. Ranked by currency, then milestones reached, then time to complete.',
      orderTeams:
        'One row per team, with its best game. Ranked by currency, then milestones reached, then time to complete.',
      orderMixed:
        'One row per team, and per player playing alone, with their best game. Ranked by currency, then milestones reached, then time to complete.',
      player: 'Player',
      team: 'Team',
      teamOrPlayer: 'Team or player',
      currency: 'Currency',
      milestones: 'Milestones',
      time: 'Time',
      you: 'you',
      anonymous: 'Anonymous player',
      empty: 'No players yet.',
      loading: 'Loading the leaderboard…',
      noBoard: 'This version has no leaderboard (publish it with the leaderboard on).',
      version: 'Version',
      memberActions_one: '{{name}}: {{count}} action',
      memberActions_other: '{{name}}: {{count}} actions',
      memberAnswers_one: '{{correct}} of {{count}} answer correct',
      memberAnswers_other: '{{correct}} of {{count}} answers correct',
      memberMissions_one: '{{count}} mission accomplished',
      memberMissions_other: '{{count}} missions accomplished',
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  {
    rankings: {
      title: 'Κατάταξη',
      order:
        'Μία γραμμή ανά παίκτη, με το καλύτερο παιχνίδι του. Κατάταξη κατά νόμισμα, μετά κατά ορόσημα, μετά κατά χρόνο ολοκλήρωσης.',
      orderTeams:
        'Μία γραμμή ανά ομάδα, με το καλύτερο παιχνίδι της. Κατάταξη κατά νόμισμα, μετά κατά ορόσημα, μετά κατά χρόνο ολοκλήρωσης.',
      orderMixed:
        'Μία γραμμή ανά ομάδα, και ανά παίκτη που παίζει μόνος, με το καλύτερο παιχνίδι τους. Κατάταξη κατά νόμισμα, μετά κατά ορόσημα, μετά κατά χρόνο ολοκλήρωσης.',
      player: 'Παίκτης',
      team: 'Ομάδα',
      teamOrPlayer: 'Ομάδα ή παίκτης',
      currency: 'Νόμισμα',
      milestones: 'Ορόσημα',
      time: 'Χρόνος',
      you: 'εσείς',
      anonymous: 'Ανώνυμος παίκτης',
      empty: 'Δεν υπάρχουν ακόμη παίκτες.',
      loading: 'Φόρτωση της κατάταξης…',
      noBoard: 'Αυτή η έκδοση δεν έχει κατάταξη (δημοσιεύστε τη με την κατάταξη ενεργή).',
      version: 'Έκδοση',
      memberActions_one: '{{name}}: {{count}} ενέργεια',
      memberActions_other: '{{name}}: {{count}} ενέργειες',
      memberAnswers_one: '{{correct}} από {{count}} απάντηση σωστή',
      memberAnswers_other: '{{correct}} από {{count}} απαντήσεις σωστές',
      memberMissions_one: '{{count}} αποστολή ολοκληρώθηκε',
      memberMissions_other: '{{count}} αποστολές ολοκληρώθηκαν',
    },
  },
  true,
  false,
);
