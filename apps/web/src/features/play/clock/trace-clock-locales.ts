import i18n from '../../../i18n';

// The clock in the playtest's trace panel (issue 28).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    play: {
      traceClock: {
        title: 'Clock',
        paused: 'paused by an organiser',
        deadline: 'Time left {{left}} (until {{at}})',
        timeUp: 'Time was up at {{at}}',
        timer: 'Timer “{{name}}”: {{left}} left (runs out at {{at}})',
        ranOut: 'Timer “{{name}}” ran out at {{at}}',
        task: 'Time limit of “{{title}}”: {{left}} left (runs out at {{at}})',
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
      traceClock: {
        title: 'Ρολόι',
        paused: 'σε παύση από διοργανωτή',
        deadline: 'Χρόνος που απομένει {{left}} (έως {{at}})',
        timeUp: 'Ο χρόνος τελείωσε στις {{at}}',
        timer: 'Χρονόμετρο «{{name}}»: απομένουν {{left}} (λήγει στις {{at}})',
        ranOut: 'Το χρονόμετρο «{{name}}» έληξε στις {{at}}',
        task: 'Χρονικό όριο του «{{title}}»: απομένουν {{left}} (λήγει στις {{at}})',
      },
    },
  },
  true,
  false,
);
