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
  { design: { rules: { newTitle: 'Νέος κανόνας', when: 'Όταν', sideeffects: 'Τότε', sideeffectselse: 'Αλλιώς' } } },
  true,
  false,
);
