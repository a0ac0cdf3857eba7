import i18n from '../../../i18n';

// Labels of the action editors. Action names, groups and actors are labelled
// by @loci/domain's vocabulary; the messages come from DESIGN_MESSAGES.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      actions: {
        title: 'Actions',
        action: 'Action {{number}}',
        actor: 'Who acts',
        actors: 'Actors',
        characters: 'Characters',
        name: 'Action',
        what: 'What',
        whatOf: {
          scene: 'Scene',
          interaction: 'Interaction',
          mission: 'Mission',
          item: 'Item',
          attribute: 'Attribute',
          archetype: 'Object type',
          offer: 'Offer',
          property: 'Property',
          statement: 'Statement',
          media: 'Background image',
        },
        or: ' or ',
        statementOf: 'Statement {{number}}',
        noStatements: 'Add statements to the conversation first',
        value: 'Value',
        amount: 'Amount',
        numberPropHow: 'How',
        msg: 'Notification text',
        message: 'Message to the player',
        notify: 'Notify the player',
        add: 'Add action',
        remove: 'Remove action {{number}}',
        moveUp: 'Move action {{number}} up',
        moveDown: 'Move action {{number}} down',
        none: 'No actions yet.',
        blocking: 'waits for the player',
      },
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  { design: { actions: { title: 'Ενέργειες', add: 'Προσθήκη ενέργειας' } } },
  true,
  false,
);
