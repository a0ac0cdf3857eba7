import i18n from '../../../i18n';

// The warning of a world object or offer placed outside its scene.
const texts = {
  en: 'This position lies outside the scene {{scene}}. It is kept as it is; choose another scene or move the marker if that is not meant.',
  el: 'Η θέση βρίσκεται έξω από τη σκηνή {{scene}}. Διατηρείται όπως είναι· επιλέξτε άλλη σκηνή ή μετακινήστε τον δείκτη αν δεν είναι αυτό που θέλετε.',
};
for (const [language, outsideScene] of Object.entries(texts)) {
  i18n.addResourceBundle(language, 'translation', { design: { world: { outsideScene } } }, true, false);
}
