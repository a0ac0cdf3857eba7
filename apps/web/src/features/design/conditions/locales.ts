import i18n from '../../../i18n';

// Labels of the condition editors. The types, verbs and comparators are
// labelled by @loci/domain's vocabulary; the messages come from DESIGN_MESSAGES.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      conditions: {
        families: { player: 'Player', game: 'Game', world: 'World', offer: 'Offer', other: 'Other' },
        condition: 'Condition {{number}}',
        trigger: 'Trigger',
        block: 'Condition block {{number}}',
        type: 'Condition type',
        element: 'Element',
        elements: {
          scene: 'Scene',
          location: 'Place',
          item: 'Item',
          attribute: 'Attribute',
          interaction: 'Interaction',
          mission: 'Mission',
          archetype: 'Object type',
          offer: 'Offer',
          milestone: 'Milestone',
        },
        question: 'Question',
        questionOf: 'Question {{number}}',
        allQuestions: 'Choose a quiz first',
        verb: 'Verb',
        some: 'Comparison',
        someNumber: 'Number',
        code: 'Code',
        status: 'Status',
        gameStatus: { completed: 'Completed', active: 'Active', abandoned: 'Abandoned' },
        and: 'AND',
        or: 'OR',
        addCondition: 'Add condition',
        addBlock: 'Add condition block',
        removeCondition: 'Remove condition {{number}}',
        removeBlock: 'Remove condition block {{number}}',
        none: 'No conditions: this always holds.',
        noneReadOnly: 'No conditions.',
        blocksHint: 'All conditions of a block must hold (AND); any block may hold (OR).',
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
      conditions: {
        and: 'ΚΑΙ',
        or: 'Ή',
        addCondition: 'Προσθήκη συνθήκης',
        addBlock: 'Προσθήκη ομάδας συνθηκών',
      },
    },
  },
  true,
  false,
);
