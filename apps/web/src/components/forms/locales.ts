import i18n from '../../i18n';

// Labels of the one form frame (FormShell) and the unsaved-changes guard.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    forms: {
      save: 'Save',
      cancel: 'Cancel',
      delete: 'Delete',
      unsaved: 'Unsaved changes',
      leaveTitle: 'Leave without saving?',
      leaveText: 'Your changes to this form are not saved yet. If you leave now, they are lost.',
      leave: 'Leave',
      stay: 'Stay',
    },
  },
  true,
  false,
);

i18n.addResourceBundle(
  'el',
  'translation',
  {
    forms: {
      save: 'Αποθήκευση',
      cancel: 'Ακύρωση',
      delete: 'Διαγραφή',
      unsaved: 'Μη αποθηκευμένες αλλαγές',
      leaveTitle: 'Έξοδος χωρίς αποθήκευση;',
      leaveText: 'Οι αλλαγές σας σε αυτή τη φόρμα δεν έχουν αποθηκευτεί. Αν φύγετε τώρα, θα χαθούν.',
      leave: 'Έξοδος',
      stay: 'Παραμονή',
    },
  },
  true,
  false,
);
