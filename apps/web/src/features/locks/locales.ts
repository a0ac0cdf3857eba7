import i18n from '../../i18n';

// Labels of the locks feature; the lock messages themselves come from @loci/domain (LOCK_MESSAGES).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    locks: {
      heldByOtherTitle: 'Being edited by {{name}}',
      heldByOtherRetry:
        'The form is read-only for now; we check every {{seconds}} seconds and unlock it as soon as they are done.',
      lostTitle: 'Edit lock released',
      reload: 'Reload',
      unavailableTitle: 'Edit lock unavailable',
      unavailable:
        'The edit lock could not be taken, so the form is read-only for now. Retrying every {{seconds}} seconds.',
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  { locks: { heldByOtherTitle: 'Σε επεξεργασία από {{name}}', reload: 'Επαναφόρτωση' } },
  true,
  false,
);
