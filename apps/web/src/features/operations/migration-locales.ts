import i18n from '../../i18n';

// Labels of the live-migration screens of the operations pages (docs/versions.md
// "Migrating live games"): "Migrate to version N" on the Gameplay page and the
// instance's migrations with Undo on the Instance page. The preview itself is
// the design workspace's MigrationPanel (design/versions/locales.ts).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    operations: {
      migrate: {
        action: 'Migrate to version {{version}}',
        title: 'Migrate live games to version {{version}}',
        hint_one: '{{count}} running instance plays an older version.',
        hint_other: '{{count}} running instances play an older version.',
      },
      migrations: {
        title: 'Migrations',
        label: 'Migrations of this instance',
        empty: 'This instance was never migrated.',
        when: 'When',
        who: 'By',
        versions: 'Versions',
        fromTo: 'Version {{from}} → version {{to}}',
        unknownUser: 'a deleted account',
        undo: 'Undo',
        undoTitle: 'Undo this migration?',
        undoConfirm:
          'The instance goes back to version {{from}} and every player’s state to what it was just before the migration. This is possible only while nothing happened in the instance since.',
        undone: 'Undone {{when}}',
        undoDone: 'The migration was undone.',
        undoRefused: 'The migration cannot be undone',
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
    operations: {
      migrate: {
        action: 'Μετάβαση στην έκδοση {{version}}',
        title: 'Μετάβαση των ζωντανών παιχνιδιών στην έκδοση {{version}}',
        hint_one: '{{count}} ενεργό στιγμιότυπο παίζει παλαιότερη έκδοση.',
        hint_other: '{{count}} ενεργά στιγμιότυπα παίζουν παλαιότερη έκδοση.',
      },
      migrations: {
        title: 'Μεταβάσεις',
        label: 'Μεταβάσεις αυτού του στιγμιότυπου',
        empty: 'Αυτό το στιγμιότυπο δεν έχει μεταφερθεί ποτέ σε άλλη έκδοση.',
        when: 'Πότε',
        who: 'Από',
        versions: 'Εκδόσεις',
        fromTo: 'Έκδοση {{from}} → έκδοση {{to}}',
        unknownUser: 'διαγραμμένος λογαριασμός',
        undo: 'Αναίρεση',
        undoTitle: 'Αναίρεση αυτής της μετάβασης;',
        undoConfirm:
          'Το στιγμιότυπο επιστρέφει στην έκδοση {{from}} και η κατάσταση κάθε παίκτη σε ό,τι ήταν ακριβώς πριν από τη μετάβαση. Αυτό γίνεται μόνο όσο δεν έχει συμβεί τίποτα στο στιγμιότυπο από τότε.',
        undone: 'Αναιρέθηκε {{when}}',
        undoDone: 'Η μετάβαση αναιρέθηκε.',
        undoRefused: 'Η μετάβαση δεν μπορεί να αναιρεθεί',
      },
    },
  },
  true,
  false,
);
