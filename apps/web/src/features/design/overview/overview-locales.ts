import i18n from '../../../i18n';

// Why Publish is not offered for an empty game.
const texts = {
  en: 'Nothing to publish yet: add a scene first, then Publish appears here.',
  el: 'Δεν υπάρχει ακόμη τίποτα για δημοσίευση: προσθέστε πρώτα μια σκηνή και το «Δημοσίευση» θα εμφανιστεί εδώ.',
};
for (const [language, nothingToPublish] of Object.entries(texts)) {
  i18n.addResourceBundle(language, 'translation', { design: { overview: { nothingToPublish } } }, true, false);
}
