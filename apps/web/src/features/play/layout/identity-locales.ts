import i18n from '../../../i18n';

// Who is playing, in the lobby and the game menu (docs/play.md "Who may play"); the photo's alt is the account's.
i18n.addResourceBundle('en', 'translation', { play: { identity: { as: 'Playing as {{name}}' } } }, true, false);
i18n.addResourceBundle('el', 'translation', { play: { identity: { as: 'Παίζετε ως {{name}}' } } }, true, false);
