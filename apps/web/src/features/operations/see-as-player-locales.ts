import i18n from '../../i18n';

// Labels of "See as the player" (docs/operations.md): the operator's read-only view of one player's screen.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    operations: {
      seeAsPlayer: {
        open: 'See as the player',
        openFor: 'See as {{name}}',
        title: 'See as the player',
        backToInstance: 'Back to the instance',
        hint: 'Live: what the player’s screen shows now, following them as they move. Nothing here acts for them.',
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
      seeAsPlayer: {
        open: 'Δείτε ό,τι βλέπει ο παίκτης',
        openFor: 'Δείτε ως {{name}}',
        title: 'Ό,τι βλέπει ο παίκτης',
        backToInstance: 'Πίσω στο στιγμιότυπο',
        hint: 'Ζωντανά: ό,τι δείχνει τώρα η οθόνη του παίκτη, που τον ακολουθεί καθώς κινείται. Τίποτα εδώ δεν ενεργεί για λογαριασμό του.',
      },
    },
  },
  true,
  false,
);
