import i18n from '../../i18n';

// Labels of the Gameplay page's Teams panel (TeamsSection.tsx) and of the player's team (play/team).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    teams: {
      title: 'Teams',
      createIntro:
        'Type the teams’ names (or how many teams to make), paste or import the class list, and choose how to deal it.',
      names: 'Team names',
      namesHint: 'One name a line — or just a number, such as 8, for Team 1 to Team 8',
      classList: 'Class list',
      classListHint: 'One person a line: name, email (optional), class or group (optional). A CSV file works too.',
      importCsv: 'Import a CSV file',
      deal: 'Deal the class list',
      dealModes: { balanced: 'Balanced', random: 'At random', byHand: 'By hand (later)' },
      dealAgain: { balanced: 'Deal again, balanced', random: 'Deal again at random' },
      create: 'Create the teams',
      notCreated: 'The teams were not created',
      newEvent: 'New event with teams',
      summary: '{{teams}} teams · {{joined}} of {{listed}} people have joined',
      print: 'Print the join codes',
      code: 'Join code',
      qrAlt: 'QR code to join {{team}}',
      members_one: '{{count}} member',
      members_other: '{{count}} members',
      noMembers: 'Nobody yet',
      joined: 'joined',
      moveLabel: 'Team of {{name}}',
      noTeam: 'No team',
      unassigned_one: '{{count}} person in no team',
      unassigned_other: '{{count}} people in no team',
    },
  },
  true,
  false,
);

i18n.addResourceBundle(
  'el',
  'translation',
  {
    teams: {
      title: 'Ομάδες',
      createIntro:
        'Πληκτρολογήστε τα ονόματα των ομάδων (ή πόσες ομάδες να φτιαχτούν), επικολλήστε ή εισαγάγετε τη λίστα της τάξης και διαλέξτε πώς θα μοιραστεί.',
      names: 'Ονόματα ομάδων',
      namesHint: 'Ένα όνομα ανά γραμμή — ή απλώς έναν αριθμό, π.χ. 8, για Ομάδα 1 έως Ομάδα 8',
      classList: 'Λίστα τάξης',
      classListHint:
        'Ένα άτομο ανά γραμμή: όνομα, email (προαιρετικό), τμήμα ή ομάδα (προαιρετικό). Δέχεται και αρχείο CSV.',
      importCsv: 'Εισαγωγή αρχείου CSV',
      deal: 'Μοίρασμα της λίστας',
      dealModes: { balanced: 'Ισορροπημένα', random: 'Τυχαία', byHand: 'Με το χέρι (αργότερα)' },
      dealAgain: { balanced: 'Νέο μοίρασμα, ισορροπημένα', random: 'Νέο τυχαίο μοίρασμα' },
      create: 'Δημιουργία ομάδων',
      notCreated: 'Οι ομάδες δεν δημιουργήθηκαν',
      newEvent: 'Νέα εκδήλωση με ομάδες',
      summary: '{{teams}} ομάδες · {{joined}} από {{listed}} άτομα έχουν μπει',
      print: 'Εκτύπωση κωδικών',
      code: 'Κωδικός',
      qrAlt: 'Κωδικός QR για την ομάδα {{team}}',
      members_one: '{{count}} μέλος',
      members_other: '{{count}} μέλη',
      noMembers: 'Κανείς ακόμη',
      joined: 'μπήκε',
      moveLabel: 'Ομάδα του/της {{name}}',
      noTeam: 'Χωρίς ομάδα',
      unassigned_one: '{{count}} άτομο χωρίς ομάδα',
      unassigned_other: '{{count}} άτομα χωρίς ομάδα',
    },
  },
  true,
  false,
);
