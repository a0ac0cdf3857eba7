import i18n from '../../i18n';

// Labels of the operators' replay of a player's game (ReplayModal).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    operations: {
      replay: {
        open: 'Replay {{name}}’s game',
        title: 'Replay of {{name}}’s game',
        loading: 'Replaying the game',
        notRecorded:
          'This game was recorded before replay existed: its events were not kept, so it cannot be replayed.',
        failed: 'The game could not be replayed.',
        mismatch: 'The replayed state differs from the stored one: the game was changed outside its recorded events.',
        step: 'Step {{step}} of {{count}}',
        slider: 'Step of the replay',
        timeline: 'Timeline',
        map: 'Where the player was',
        trace: 'Rules of this step',
        noTrace: 'Nothing was stepped here: no rules ran.',
        notJoined: 'The player had not joined yet.',
        message: 'Message: {{message}}',
        worldEdit: 'The world was changed by an operator or the game’s expiry',
        trade: 'A trade with another player',
        operatorEvent: 'Operator: {{type}}',
        rescue: 'Operator’s rescue: {{actions}}',
        placed: 'Teleport {{name}}',
        judged: {
          approved: 'The organiser approved “{{mission}}” ({{points}} points)',
          rejected: 'The organiser rejected “{{mission}}”: {{reason}}',
          withdrawn: 'The organiser withdrew the approval of “{{mission}}”',
        },
        chat: {
          organiser: 'To the organiser: {{text}}',
          team: 'To the team: {{text}}',
        },
        migration: 'The game was moved to another version (a live migration or its undo)',
        kind: { message: 'message', world: 'world', players: 'trade', migration: 'version' },
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
      replay: {
        open: 'Επανάληψη του παιχνιδιού του/της {{name}}',
        title: 'Επανάληψη του παιχνιδιού του/της {{name}}',
        loading: 'Γίνεται επανάληψη του παιχνιδιού',
        notRecorded:
          'Αυτό το παιχνίδι καταγράφηκε πριν υπάρξει η επανάληψη: τα συμβάντα του δεν κρατήθηκαν, οπότε δεν μπορεί να επαναληφθεί.',
        failed: 'Δεν ήταν δυνατή η επανάληψη του παιχνιδιού.',
        mismatch:
          'Η κατάσταση της επανάληψης διαφέρει από την αποθηκευμένη: το παιχνίδι άλλαξε έξω από τα καταγεγραμμένα συμβάντα του.',
        step: 'Βήμα {{step}} από {{count}}',
        slider: 'Βήμα της επανάληψης',
        timeline: 'Χρονολόγιο',
        map: 'Πού βρισκόταν ο παίκτης',
        trace: 'Κανόνες αυτού του βήματος',
        noTrace: 'Δεν εκτελέστηκε βήμα εδώ: δεν έτρεξε κανένας κανόνας.',
        notJoined: 'Ο παίκτης δεν είχε μπει ακόμη στο παιχνίδι.',
        message: 'Μήνυμα: {{message}}',
        worldEdit: 'Ο κόσμος άλλαξε από χειριστή ή από τη λήξη του παιχνιδιού',
        trade: 'Ανταλλαγή με άλλον παίκτη',
        operatorEvent: 'Χειριστής: {{type}}',
        rescue: 'Διάσωση από χειριστή: {{actions}}',
        placed: 'Τηλεμεταφορά: {{name}}',
        judged: {
          approved: 'Ο διοργανωτής ενέκρινε «{{mission}}» ({{points}} πόντοι)',
          rejected: 'Ο διοργανωτής απέρριψε «{{mission}}»: {{reason}}',
          withdrawn: 'Ο διοργανωτής απέσυρε την έγκριση του «{{mission}}»',
        },
        chat: {
          organiser: 'Προς τον διοργανωτή: {{text}}',
          team: 'Προς την ομάδα: {{text}}',
        },
        migration: 'Το παιχνίδι μεταφέρθηκε σε άλλη έκδοση (ζωντανή μετάβαση ή αναίρεσή της)',
        kind: { message: 'μήνυμα', world: 'κόσμος', players: 'ανταλλαγή', migration: 'έκδοση' },
      },
    },
  },
  true,
  false,
);
