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
  { design: { qr: { button: 'Κωδικός QR', copy: 'Αντιγραφή', download: 'Λήψη' } } },
  true,
  false,
);
