import i18n from '../../../i18n';

// Labels of the compare and roll back screens (docs/versions.md).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      versions: {
        compare: 'Compare',
        compareTitle: 'Compare {{version}}',
        compareWith: 'With',
        noChanges: 'No changes: the two are the same.',
        counts: '{{added}} added, {{removed}} removed, {{changed}} changed',
        added: "{{subject}} '{{name}}' added",
        removed: "{{subject}} '{{name}}' removed",
        changed: "{{subject}} '{{name}}': {{field}} changed from {{before}} to {{after}}",
        gameSettings: 'Game settings',
        rollBack: 'Roll back to this version',
        rollBackConfirm:
          'The working copy becomes a copy of {{version}}: its entities and initial world. The game settings stay. You can undo this.',
        rolledBack: 'The working copy is now {{version}}.',
        undoRollBack: 'Undo roll back',
        undoHint: 'Rolled back to {{version}}. Undo brings back the working copy as it was just before.',
        undone: 'The roll back was undone.',
        rollBackFailed: 'Roll back refused',
        migration: {
          title: 'Live games on older versions',
          none: 'No running game plays an older version.',
          instance: 'Instance of version {{version}} ({{players}})',
          one: 'Migrate',
          all: 'Migrate all ({{count}})',
          canary: 'Migrate one first (canary)',
          done: '{{count}} live game(s) migrated to this version.',
          failed: 'Migration refused',
          drop: "{{subject}} '{{name}}': dropped (not in this version)",
          map: "{{subject}} '{{name}}': moved to '{{to}}'",
          keep: "{{subject}} '{{name}}': kept (it changed)",
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
    design: {
      versions: {
        compare: 'Σύγκριση',
        compareTitle: 'Σύγκριση της {{version}}',
        compareWith: 'Με',
        noChanges: 'Καμία αλλαγή: οι δύο είναι ίδιες.',
        counts: '{{added}} προστέθηκαν, {{removed}} αφαιρέθηκαν, {{changed}} άλλαξαν',
        added: "{{subject}} '{{name}}': προστέθηκε",
        removed: "{{subject}} '{{name}}': αφαιρέθηκε",
        changed: "{{subject}} '{{name}}': το πεδίο {{field}} άλλαξε από {{before}} σε {{after}}",
        gameSettings: 'Ρυθμίσεις παιχνιδιού',
        rollBack: 'Επαναφορά σε αυτή την έκδοση',
        rollBackConfirm:
          'Η τρέχουσα εργασία γίνεται αντίγραφο της {{version}}: οι οντότητές της και ο αρχικός κόσμος. Οι ρυθμίσεις του παιχνιδιού μένουν. Μπορείτε να το αναιρέσετε.',
        rolledBack: 'Η τρέχουσα εργασία είναι τώρα η {{version}}.',
        undoRollBack: 'Αναίρεση επαναφοράς',
        undoHint: 'Έγινε επαναφορά στην {{version}}. Η αναίρεση φέρνει πίσω την τρέχουσα εργασία όπως ήταν πριν.',
        undone: 'Η επαναφορά αναιρέθηκε.',
        rollBackFailed: 'Η επαναφορά απορρίφθηκε',
        migration: {
          title: 'Ζωντανά παιχνίδια σε παλαιότερες εκδόσεις',
          none: 'Κανένα ζωντανό παιχνίδι δεν παίζει παλαιότερη έκδοση.',
          instance: 'Στιγμιότυπο της έκδοσης {{version}} ({{players}})',
          one: 'Μετάβαση',
          all: 'Μετάβαση όλων ({{count}})',
          canary: 'Πρώτα ένα (δοκιμαστικά)',
          done: '{{count}} ζωντανά παιχνίδια πέρασαν σε αυτή την έκδοση.',
          failed: 'Η μετάβαση απορρίφθηκε',
          drop: "{{subject}} '{{name}}': αφαιρείται (δεν υπάρχει σε αυτή την έκδοση)",
          map: "{{subject}} '{{name}}': μεταφέρεται στο '{{to}}'",
          keep: "{{subject}} '{{name}}': διατηρείται (άλλαξε)",
        },
      },
    },
  },
  true,
  false,
);
