import i18n from '../../../i18n';

// Labels of the QR code dialog; its spec texts (title, tab names, 'Link copied') come from @loci/domain (QR_TEXTS).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      qr: {
        button: 'QR code',
        deepLinkHint:
          'Scan it with the in-app scanner, or with any phone camera: an ordinary scanner launches the mobile app.',
        textCodeHint: 'Works with the in-app scanner only.',
        codeLabel: 'Encoded text',
        image: 'QR code of {{value}}',
        rendering: 'Drawing the QR code…',
        copy: 'Copy',
        download: 'Download',
        copyFailed: 'Could not copy to the clipboard',
        downloadFailed: 'Could not create the QR code image',
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
      qr: {
        button: 'Κωδικός QR',
        deepLinkHint:
          'Σαρώστε τον με τον σαρωτή της εφαρμογής ή με οποιαδήποτε κάμερα κινητού: ένας συνηθισμένος σαρωτής ανοίγει την εφαρμογή.',
        textCodeHint: 'Λειτουργεί μόνο με τον σαρωτή της εφαρμογής.',
        codeLabel: 'Κωδικοποιημένο κείμενο',
        image: 'Κωδικός QR του {{value}}',
        rendering: 'Σχεδίαση του κωδικού QR…',
        copy: 'Αντιγραφή',
        download: 'Λήψη',
        copyFailed: 'Η αντιγραφή στο πρόχειρο δεν ήταν δυνατή',
        downloadFailed: 'Η εικόνα του κωδικού QR δεν ήταν δυνατό να δημιουργηθεί',
      },
    },
  },
  true,
  false,
);
