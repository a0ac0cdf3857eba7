import i18n from '../../../i18n';

// Labels of the milestone form; its toasts and messages come from @loci/domain.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      milestones: {
        newTitle: 'New milestone',
        title: 'Milestone {{name}}',
        condition: 'Reached when',
        conditionHint:
          'The milestone is reached the first time this holds. All conditions of a block must hold (AND); any block may hold (OR).',
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
      milestones: {
        newTitle: 'Νέο ορόσημο',
        title: 'Ορόσημο {{name}}',
        condition: 'Επιτυγχάνεται όταν',
        conditionHint:
          'Το ορόσημο επιτυγχάνεται την πρώτη φορά που ισχύει αυτό. Πρέπει να ισχύουν όλες οι συνθήκες μιας ομάδας (ΚΑΙ)· αρκεί να ισχύει μία από τις ομάδες (Ή).',
      },
    },
  },
  true,
  false,
);
