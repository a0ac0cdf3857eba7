import i18n from '../../../i18n';

// Texts of "See as the player": an operator's read-only view of one player's screen.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    play: {
      watch: {
        banner: 'Viewing as {{name}} — read only',
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
      watch: {
        banner: 'Προβολή ως {{name}} — μόνο ανάγνωση',
      },
    },
  },
  true,
  false,
);
