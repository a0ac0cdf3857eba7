import i18n from '../../../i18n';

// Labels of the rule form; its toasts and messages come from @loci/domain.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      rules: {
        newTitle: 'New rule',
        title: 'Rule {{name}}',
        ofScene: 'Scene: {{scene}}',
        when: 'When',
        whenHint: 'The event that fires the rule.',
        trigger: 'Trigger',
        fireOnce: 'Fire only once',
        fireOnceHint: 'Once per player.',
        preconditions: 'Preconditions',
        preconditionsHint:
          'Checked when the trigger fires. All conditions of a block must hold (AND); any block may hold (OR).',
        sideeffects: 'Then',
        sideeffectsHint: 'Run in order when the preconditions hold.',
        sideeffectselse: 'Else',
        sideeffectselseHint: 'Run in order when the preconditions do not hold.',
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
      rules: {
        newTitle: 'Νέος κανόνας',
        title: 'Κανόνας {{name}}',
        ofScene: 'Σκηνή: {{scene}}',
        when: 'Όταν',
        whenHint: 'Το συμβάν που ενεργοποιεί τον κανόνα.',
        trigger: 'Έναυσμα',
        fireOnce: 'Ενεργοποίηση μόνο μία φορά',
        fireOnceHint: 'Μία φορά ανά παίκτη.',
        preconditions: 'Προϋποθέσεις',
        preconditionsHint:
          'Ελέγχονται όταν ενεργοποιείται το έναυσμα. Πρέπει να ισχύουν όλες οι συνθήκες μιας ομάδας (ΚΑΙ)· αρκεί να ισχύει μία από τις ομάδες (Ή).',
        sideeffects: 'Τότε',
        sideeffectsHint: 'Εκτελούνται με τη σειρά όταν ισχύουν οι προϋποθέσεις.',
        sideeffectselse: 'Αλλιώς',
        sideeffectselseHint: 'Εκτελούνται με τη σειρά όταν δεν ισχύουν οι προϋποθέσεις.',
      },
    },
  },
  true,
  false,
);
