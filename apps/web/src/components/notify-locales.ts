import i18n from '../i18n';

// What a failure toast says when the server gave no message of its own: a
// sentence for the user, by HTTP status, never the status itself.
const statusTexts = {
  en: {
    400: 'Some values were not accepted. Check the form and try again.',
    401: 'Your session has ended. Please sign in again.',
    403: 'You are not allowed to do this.',
    404: 'It is not there any more: it may have been deleted.',
    409: 'This clashes with a change made meanwhile. Reload and try again.',
    413: 'This is too large to send.',
    429: 'Too many requests in a row. Wait a moment and try again.',
    server: 'The server ran into a problem. Try again in a moment.',
  },
  el: {
    400: 'Κάποιες τιμές δεν έγιναν δεκτές. Ελέγξτε τη φόρμα και δοκιμάστε ξανά.',
    401: 'Η συνεδρία σας έληξε. Συνδεθείτε ξανά.',
    403: 'Δεν σας επιτρέπεται αυτή η ενέργεια.',
    404: 'Δεν υπάρχει πια: ίσως διαγράφηκε.',
    409: 'Συγκρούεται με μια αλλαγή που έγινε στο μεταξύ. Ανανεώστε και δοκιμάστε ξανά.',
    413: 'Είναι πολύ μεγάλο για αποστολή.',
    429: 'Πολλά αιτήματα στη σειρά. Περιμένετε λίγο και δοκιμάστε ξανά.',
    server: 'Ο διακομιστής αντιμετώπισε πρόβλημα. Δοκιμάστε ξανά σε λίγο.',
  },
};
for (const [language, texts] of Object.entries(statusTexts)) {
  i18n.addResourceBundle(language, 'translation', { errors: { status: texts } }, true, false);
}
