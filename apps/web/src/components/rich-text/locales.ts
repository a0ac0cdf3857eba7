import i18n from '../../i18n';

// Labels of the rich-text toolbar (RichTextEditor): Mantine's own English
// labels replaced by the interface language's.
const texts = {
  en: {
    normal: 'Normal text',
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    h1: 'Heading 1',
    h2: 'Heading 2',
    h3: 'Heading 3',
    bulletList: 'Bullet list',
    orderedList: 'Numbered list',
    link: 'Link',
    unlink: 'Remove link',
    linkInput: 'Enter URL',
    linkExternal: 'Open link in a new tab',
    linkInternal: 'Open link in the same tab',
    linkSave: 'Save',
  },
  el: {
    normal: 'Κανονικό κείμενο',
    bold: 'Έντονα',
    italic: 'Πλάγια',
    underline: 'Υπογράμμιση',
    h1: 'Επικεφαλίδα 1',
    h2: 'Επικεφαλίδα 2',
    h3: 'Επικεφαλίδα 3',
    bulletList: 'Λίστα με κουκκίδες',
    orderedList: 'Αριθμημένη λίστα',
    link: 'Σύνδεσμος',
    unlink: 'Αφαίρεση συνδέσμου',
    linkInput: 'Γράψτε τη διεύθυνση URL',
    linkExternal: 'Άνοιγμα του συνδέσμου σε νέα καρτέλα',
    linkInternal: 'Άνοιγμα του συνδέσμου στην ίδια καρτέλα',
    linkSave: 'Αποθήκευση',
  },
};
for (const [language, richText] of Object.entries(texts)) {
  i18n.addResourceBundle(language, 'translation', { richText }, true, false);
}
