import i18n from '../../../i18n';

// Messages both ways (docs/outings.md "Messages"): the player's messages with the organiser and the team chat.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    playMessages: {
      open: 'Messages',
      openUnread_one: 'Messages, {{count}} unread',
      openUnread_other: 'Messages, {{count}} unread',
      title: 'Messages',
      organiser: 'Organiser',
      team: 'Team chat',
      emptyOrganiser: 'Write to the organiser: a question, a problem, or what you found.',
      emptyTeam: 'Write to your team: everyone in it reads it.',
      write: 'Your message',
      send: 'Send',
      you: 'You',
      waiting: 'Waiting to send',
      off: 'Messages are turned off in this game.',
      teamOff: 'Team chat is turned off in this game.',
      tooLong: 'At most {{max}} characters',
      newFrom: 'New message from {{name}}',
    },
  },
  true,
  false,
);
i18n.addResourceBundle(
  'el',
  'translation',
  {
    playMessages: {
      open: 'Μηνύματα',
      openUnread_one: 'Μηνύματα, {{count}} αδιάβαστο',
      openUnread_other: 'Μηνύματα, {{count}} αδιάβαστα',
      title: 'Μηνύματα',
      organiser: 'Διοργανωτής',
      team: 'Συνομιλία ομάδας',
      emptyOrganiser: 'Γράψτε στον διοργανωτή: μια ερώτηση, ένα πρόβλημα ή τι βρήκατε.',
      emptyTeam: 'Γράψτε στην ομάδα σας: το διαβάζουν όλοι της.',
      write: 'Το μήνυμά σας',
      send: 'Αποστολή',
      you: 'Εσείς',
      waiting: 'Περιμένει να σταλεί',
      off: 'Τα μηνύματα είναι κλειστά σε αυτό το παιχνίδι.',
      teamOff: 'Η συνομιλία της ομάδας είναι κλειστή σε αυτό το παιχνίδι.',
      tooLong: 'Έως {{max}} χαρακτήρες',
      newFrom: 'Νέο μήνυμα από {{name}}',
    },
  },
  true,
  false,
);
