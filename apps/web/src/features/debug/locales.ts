import i18n from '../../i18n';

// Texts of the debugging tools page; the validation alert and the default message come from @loci/domain (DEBUG_MESSAGES).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    debug: {
      title: 'Debugging tools',
      intro: 'Sends a fake realtime event, as a phone reporting its position would, to check how an app reacts to it.',
      message: 'Socket Message',
      room: 'Socket Room',
      roomHint:
        'A user id stands for that user’s room user:{{id}}, where their web player listens; instance:{id} reaches every player of an instance you manage.',
      ownRoomHint: 'Your own room (user:{{id}}): your web player, open in another tab, listens here.',
      latitude: 'Latitude',
      longitude: 'Longitude',
      map: 'Debug map: drag the pin to choose the position',
      sendOnDrop: 'Send event on pin drop',
      send: 'Send',
      sent: '{{message}} sent to {{room}}',
      sendFailed: 'The event could not be sent',
      required: 'Required',
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  {
    debug: {
      title: 'Εργαλεία αποσφαλμάτωσης',
      intro:
        'Στέλνει ένα δοκιμαστικό συμβάν πραγματικού χρόνου, όπως θα το έστελνε ένα κινητό που αναφέρει τη θέση του, για να ελέγξετε πώς αντιδρά μια εφαρμογή.',
      message: 'Μήνυμα socket',
      room: 'Δωμάτιο socket',
      roomHint:
        'Ένας κωδικός χρήστη αντιστοιχεί στο δωμάτιο user:{{id}} του χρήστη, όπου ακούει η εφαρμογή παίκτη του· το instance:{id} φτάνει σε κάθε παίκτη ενός στιγμιοτύπου που διαχειρίζεστε.',
      ownRoomHint: 'Το δικό σας δωμάτιο (user:{{id}}): εδώ ακούει η εφαρμογή παίκτη σας, ανοιχτή σε άλλη καρτέλα.',
      latitude: 'Γεωγραφικό πλάτος',
      longitude: 'Γεωγραφικό μήκος',
      map: 'Χάρτης δοκιμών: σύρετε την καρφίτσα για να επιλέξετε τη θέση',
      sendOnDrop: 'Αποστολή συμβάντος όταν αφήνετε την καρφίτσα',
      send: 'Αποστολή',
      sent: 'Το {{message}} στάλθηκε στο {{room}}',
      sendFailed: 'Το συμβάν δεν στάλθηκε',
      required: 'Υποχρεωτικό',
    },
  },
  true,
  false,
);
