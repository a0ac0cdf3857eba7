import i18n from '../../i18n';

// The account page's name editor.
const texts = {
  en: {
    edit: 'Change name',
    save: 'Save name',
    cancel: 'Cancel',
    saved: 'Name changed',
    error: 'Error saving the name',
  },
  el: {
    edit: 'Αλλαγή ονόματος',
    save: 'Αποθήκευση ονόματος',
    cancel: 'Ακύρωση',
    saved: 'Το όνομα άλλαξε',
    error: 'Σφάλμα κατά την αποθήκευση του ονόματος',
  },
};
for (const [language, nameTexts] of Object.entries(texts)) {
  i18n.addResourceBundle(language, 'translation', { account: { rename: nameTexts } }, true, false);
}
