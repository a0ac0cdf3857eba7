import i18n from '../../../i18n';

// Texts of the player's GPS and orientation (the accuracy, the compass), of the
// Terms to accept before the first start, and of the orientation panel.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    play: {
      direction: {
        points: {
          N: 'north',
          NE: 'north-east',
          E: 'east',
          SE: 'south-east',
          S: 'south',
          SW: 'south-west',
          W: 'west',
          NW: 'north-west',
        },
        compass: 'Use the compass',
        around: 'Around you',
        target: 'Your target',
        away: '{{metres}} m {{point}}',
      },
      map: { whichOne: 'Which one?', routePoint: 'Route point {{number}}' },
      bar: { around: 'Around' },
      gps: {
        accuracy: 'GPS accuracy ±{{metres}} m',
        tooCoarse: 'GPS accuracy ±{{metres}} m: waiting for a better fix (±{{needed}} m) before moving you.',
        // Why the device gives no position (GeolocationPositionError codes 1–3).
        unsupported: 'Geolocation is not supported',
        failure: {
          1: 'location access is off for this game',
          2: 'the device cannot find where it is',
          3: 'the device took too long to find where it is',
        },
      },
      dwell: {
        stay: 'Stay here {{time}}',
        at: 'at {{name}}',
        reset: 'You left {{name}}: the timer starts again when you are back.',
      },
      terms: {
        title: 'Terms of the game',
        accept: 'I accept the terms',
        decline: 'Not now',
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
    play: {
      direction: {
        points: {
          N: 'βόρεια',
          NE: 'βορειοανατολικά',
          E: 'ανατολικά',
          SE: 'νοτιοανατολικά',
          S: 'νότια',
          SW: 'νοτιοδυτικά',
          W: 'δυτικά',
          NW: 'βορειοδυτικά',
        },
        compass: 'Χρήση πυξίδας',
        around: 'Γύρω σας',
        target: 'Ο στόχος σας',
        away: '{{metres}} m {{point}}',
      },
      map: { whichOne: 'Ποιο από τα δύο;', routePoint: 'Σημείο διαδρομής {{number}}' },
      bar: { around: 'Γύρω' },
      gps: {
        accuracy: 'Ακρίβεια GPS ±{{metres}} m',
        tooCoarse: 'Ακρίβεια GPS ±{{metres}} m: αναμονή για καλύτερο σήμα (±{{needed}} m) πριν μετακινηθείτε.',
        unsupported: 'Η συσκευή δεν υποστηρίζει εντοπισμό θέσης',
        failure: {
          1: 'η πρόσβαση στη θέση σας είναι κλειστή για αυτό το παιχνίδι',
          2: 'η συσκευή δεν μπορεί να βρει πού βρίσκεται',
          3: 'η συσκευή άργησε πολύ να βρει πού βρίσκεται',
        },
      },
      dwell: {
        stay: 'Μείνετε εδώ {{time}}',
        at: 'στο σημείο {{name}}',
        reset: 'Φύγατε από το σημείο {{name}}: η αντίστροφη μέτρηση ξεκινά ξανά όταν επιστρέψετε.',
      },
      terms: {
        title: 'Όροι του παιχνιδιού',
        accept: 'Αποδέχομαι τους όρους',
        decline: 'Όχι τώρα',
      },
    },
  },
  true,
  false,
);
