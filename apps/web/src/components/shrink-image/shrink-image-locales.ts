import i18n from '../../i18n';

// The offer to shrink an image over the upload limit (issue 30), in the console and in the web player.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    shrinkImage: {
      title_one: 'Shrink the image?',
      title_other: 'Shrink {{count}} images?',
      tooLarge_one: 'This image is larger than the {{limit}} MB allowed:',
      tooLarge_other: 'These images are larger than the {{limit}} MB allowed:',
      file: '{{name}} — {{size}}',
      how: 'Your browser can make a smaller copy (at most {{side}} pixels wide or high, the same picture) and use it instead. Your own file stays as it is.',
      shrinkAndUpload: 'Shrink and upload',
      shrink: 'Shrink',
      cancel: 'Cancel',
      shrinking: 'Shrinking… {{percent}}%',
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  {
    shrinkImage: {
      title_one: 'Να μικρύνει η εικόνα;',
      title_other: 'Να μικρύνουν {{count}} εικόνες;',
      tooLarge_one: 'Αυτή η εικόνα είναι μεγαλύτερη από τα {{limit}} MB που επιτρέπονται:',
      tooLarge_other: 'Αυτές οι εικόνες είναι μεγαλύτερες από τα {{limit}} MB που επιτρέπονται:',
      file: '{{name}} — {{size}}',
      how: 'Ο περιηγητής σας μπορεί να φτιάξει ένα μικρότερο αντίγραφο (το πολύ {{side}} pixel πλάτος ή ύψος, η ίδια εικόνα) και να χρησιμοποιήσει αυτό. Το δικό σας αρχείο μένει όπως είναι.',
      shrinkAndUpload: 'Σμίκρυνση και ανέβασμα',
      shrink: 'Σμίκρυνση',
      cancel: 'Ακύρωση',
      shrinking: 'Σμίκρυνση… {{percent}}%',
    },
  },
  true,
  false,
);
