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
  {
    locks: {
      heldByOtherTitle: 'Σε επεξεργασία από {{name}}',
      heldByOtherRetry:
        'Η φόρμα είναι προς το παρόν μόνο για ανάγνωση· ελέγχουμε κάθε {{seconds}} δευτερόλεπτα και την ξεκλειδώνουμε μόλις τελειώσουν.',
      lostTitle: 'Το κλείδωμα επεξεργασίας αποδεσμεύτηκε',
      reload: 'Επαναφόρτωση',
      unavailableTitle: 'Το κλείδωμα επεξεργασίας δεν είναι διαθέσιμο',
      unavailable:
        'Δεν ήταν δυνατό να κλειδωθεί η φόρμα για επεξεργασία, οπότε είναι προς το παρόν μόνο για ανάγνωση. Νέα προσπάθεια κάθε {{seconds}} δευτερόλεπτα.',
    },
  },
  true,
  false,
);
