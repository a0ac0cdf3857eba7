import i18n from '../../../i18n';

// Labels of the playing-period date and time inputs (PeriodDateTimeInput).
const access = {
  en: {
    dateOf: '{{label}} date',
    timeOf: '{{label}} time',
    timePlaceholder: 'HH:mm',
    datePlaceholder: 'dd/mm/yyyy',
    timeInvalid: '“{{typed}}” is not a time: type HH:mm, e.g. 18:00. The time stays {{time}}.',
    timeRounded: 'Rounded to {{time}}: times go in 10-minute steps.',
  },
  el: {
    dateOf: '{{label}} ημερομηνία',
    timeOf: '{{label}} ώρα',
    timePlaceholder: 'ΩΩ:λλ',
    datePlaceholder: 'ηη/μμ/εεεε',
    timeInvalid: '«{{typed}}» δεν είναι ώρα: γράψτε ΩΩ:λλ, π.χ. 18:00. Η ώρα μένει {{time}}.',
    timeRounded: 'Στρογγυλοποιήθηκε σε {{time}}: οι ώρες πάνε ανά 10 λεπτά.',
  },
};
for (const [language, texts] of Object.entries(access)) {
  i18n.addResourceBundle(language, 'translation', { games: { settings: { access: texts } } }, true, false);
}
