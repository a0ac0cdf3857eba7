import i18n from '../../i18n';

// The teams on the Gameplay page's live map and instances table (games played in teams; docs/outings.md).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    teamsLive: {
      memberOnMap: '{{name}} ({{team}})',
      members_one: '{{count}} member',
      members_other: '{{count}} members',
      teamOf: 'Team {{team}}, colour',
      byMember: '{{name}}: {{event}}',
      avatarOf: 'Avatar of {{team}}',
      noAvatar: 'None',
      pictureOf: 'Picture of {{team}}',
      removePicture: 'Remove the picture of {{team}}',
      pictureHelp: 'A PNG or JPEG image, shown instead of the avatar on the phones and the wall.',
      dragHint: 'Drag a name onto another team — or choose its team in the menu beside it.',
    },
  },
  true,
  false,
);

i18n.addResourceBundle(
  'el',
  'translation',
  {
    teamsLive: {
      memberOnMap: '{{name}} ({{team}})',
      members_one: '{{count}} μέλος',
      members_other: '{{count}} μέλη',
      teamOf: 'Ομάδα {{team}}, χρώμα',
      byMember: '{{name}}: {{event}}',
      avatarOf: 'Σύμβολο της ομάδας {{team}}',
      noAvatar: 'Κανένα',
      pictureOf: 'Εικόνα της ομάδας {{team}}',
      removePicture: 'Αφαίρεση της εικόνας της ομάδας {{team}}',
      pictureHelp: 'Εικόνα PNG ή JPEG, που εμφανίζεται αντί για το σύμβολο στα τηλέφωνα και στην οθόνη προβολής.',
      dragHint: 'Σύρετε ένα όνομα σε άλλη ομάδα — ή διαλέξτε την ομάδα του στο μενού δίπλα του.',
    },
  },
  true,
  false,
);
