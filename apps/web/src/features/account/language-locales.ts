import i18n from '../../i18n';

// The account page's interface language card.
const texts = {
  en: {
    title: 'Language',
    text: 'The language of the console and of the messages Loci sends you. Without a choice, your browser’s language is used.',
    label: 'Interface language',
    browser: 'The browser’s language',
    saved: 'Language saved',
    error: 'Error saving the language',
  },
  el: {
    title: 'Γλώσσα',
    text: 'Η γλώσσα της κονσόλας και των μηνυμάτων που σας στέλνει το Loci. Χωρίς επιλογή, χρησιμοποιείται η γλώσσα του προγράμματος περιήγησης.',
    label: 'Γλώσσα περιβάλλοντος',
    browser: 'Η γλώσσα του προγράμματος περιήγησης',
    saved: 'Η γλώσσα αποθηκεύτηκε',
    error: 'Σφάλμα κατά την αποθήκευση της γλώσσας',
  },
};
for (const [language, languageTexts] of Object.entries(texts)) {
  i18n.addResourceBundle(language, 'translation', { account: { language: languageTexts } }, true, false);
}
