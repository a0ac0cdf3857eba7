import i18n from '../../../i18n';

// The player's team (games played in teams; docs/outings.md): the lobby's team code, the team card, teammates' actions.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    playTeam: {
      joinTitle: 'Join your team',
      joinIntro: 'This game is played in teams. Type your team’s code — your organiser has it — or scan its QR code.',
      code: 'Team code',
      join: 'Join the team',
      or: 'or',
      createTitle: 'Create a team',
      createIntro: 'Give your team a name; you will get its code to share with your friends.',
      name: 'Team name',
      avatar: 'Avatar',
      noAvatar: 'None',
      create: 'Create the team',
      madeTitle: 'Team {{name}} is ready',
      shareIntro: 'Show this code to your friends: they type it under “Join your team” to play with you.',
      play: 'Start playing',
      codeToShare: 'Code {{code}}',
      teammateOnMap: 'Your teammate {{name}}',
      team: 'Team {{name}}',
      you: 'you',
      teammates: 'Your team',
      activity: {
        answer_correct: '{{name}} answered — correct',
        answer_wrong: '{{name}} answered — not correct',
        answer: '{{name}} answered',
        other: '{{name}} played for the team',
        pick: '{{name}} picked something up',
        offer: '{{name}} took an offer',
        code: '{{name}} entered a code',
        submission: '{{name}} handed in a mission',
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
    playTeam: {
      joinTitle: 'Μπείτε στην ομάδα σας',
      joinIntro:
        'Αυτό το παιχνίδι παίζεται σε ομάδες. Πληκτρολογήστε τον κωδικό της ομάδας σας — τον έχει ο διοργανωτής — ή σαρώστε τον κωδικό QR.',
      code: 'Κωδικός ομάδας',
      join: 'Είσοδος στην ομάδα',
      or: 'ή',
      createTitle: 'Φτιάξτε μια ομάδα',
      createIntro: 'Δώστε ένα όνομα στην ομάδα σας· θα πάρετε τον κωδικό της για να τον δώσετε στους φίλους σας.',
      name: 'Όνομα ομάδας',
      avatar: 'Σύμβολο',
      noAvatar: 'Κανένα',
      create: 'Δημιουργία ομάδας',
      madeTitle: 'Η ομάδα {{name}} είναι έτοιμη',
      shareIntro:
        'Δείξτε αυτόν τον κωδικό στους φίλους σας: τον πληκτρολογούν στο «Μπείτε στην ομάδα σας» για να παίξουν μαζί σας.',
      play: 'Ξεκινήστε το παιχνίδι',
      codeToShare: 'Κωδικός {{code}}',
      teammateOnMap: 'Ο συμπαίκτης σας {{name}}',
      team: 'Ομάδα {{name}}',
      you: 'εσείς',
      teammates: 'Η ομάδα σας',
      activity: {
        answer_correct: '{{name}} απάντησε — σωστά',
        answer_wrong: '{{name}} απάντησε — λάθος',
        answer: '{{name}} απάντησε',
        other: '{{name}} έπαιξε για την ομάδα',
        pick: '{{name}} μάζεψε κάτι',
        offer: '{{name}} πήρε μια προσφορά',
        code: '{{name}} έδωσε έναν κωδικό',
        submission: '{{name}} παρέδωσε μια αποστολή',
      },
    },
  },
  true,
  false,
);
