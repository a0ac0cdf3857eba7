import i18n from '../../../i18n';

// Labels of the initial world screens. Validation messages, toasts and empty
// texts come from @loci/domain (DESIGN_MESSAGES, DESIGN_TEXTS); the error
// titles below are spec 3 §8's, which the domain does not carry.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      world: {
        objectsTitle: 'Initial World: Objects',
        offersTitle: 'Initial World: Offers',
        addObject: 'Add object',
        addOffer: 'Add offer',
        newObject: 'New object',
        newOffer: 'New offer',
        editEntry: 'Edit {{name}}',
        removeEntry: 'Remove {{name}}',
        deleteTitle: 'Remove {{name}}',
        remove: 'Remove',
        cancel: 'Cancel',
        save: 'Save',
        delete: 'Delete',
        qrCode: 'QR code',
        map: 'Map of the initial world',
        entryMap: 'Position on the map',
        entryMapHint: 'Drag the marker: the scene follows the place it is dropped in.',
        list: 'By scene',
        noScene: 'No scene',
        unknownScene: 'Unknown scene ({{id}})',
        universe: 'Universe',
        version: 'Game version',
        versionReadOnly: 'A published version is read-only; choose the working version to make changes.',
        workingVersion: 'Working version',
        versionNumber: 'Version {{version}}',
        readOnly: 'You can look at the initial world but not change it.',
        name: 'System name',
        scene: 'Scene',
        objectType: 'Object type',
        offer: 'Offer',
        latitude: 'Latitude',
        longitude: 'Longitude',
        approved: 'Approved',
        approvedHint: 'Objects of a moderated type show to players once approved.',
        quantity: 'Quantity',
        payload: 'Properties',
        noPayload: 'This type has no properties.',
        pickPlaceholder: 'Select…',
        entryNotFound: 'This item is not in the initial world.',
        goBack: 'Back to the list',
        typeOf: 'Type: {{title}}',
        errors: {
          load: 'Error retrieving game initial state',
          loadSpecs: 'Error retrieving game initial state spec',
          save: 'Error setting initial state',
          delete: 'Error deleting item',
        },
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
      world: {
        addObject: 'Προσθήκη αντικειμένου',
        addOffer: 'Προσθήκη προσφοράς',
        save: 'Αποθήκευση',
        cancel: 'Ακύρωση',
        delete: 'Διαγραφή',
        scene: 'Σκηνή',
        latitude: 'Γεωγραφικό πλάτος',
        longitude: 'Γεωγραφικό μήκος',
      },
    },
  },
  true,
  false,
);
