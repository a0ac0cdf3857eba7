import i18n from '../../../i18n';

// Labels of the settings form's Teams group (TeamsFieldset.tsx).
i18n.addResourceBundle(
  'en',
  'translation',
  {
    games: {
      settings: {
        teams: {
          legend: 'Teams',
          enabled: 'Played in teams',
          enabledHint:
            'Each team shares one progress — items, score, missions — and every member plays on their own phone. The organiser makes the teams on the Gameplay page.',
          minSize: 'Smallest team',
          maxSize: 'Largest team',
          playersFormTeams: 'Players may create their own teams in the lobby',
          playersFormTeamsHint: 'Otherwise players join the organiser’s teams with their team’s code.',
        },
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
    games: {
      settings: {
        teams: {
          legend: 'Ομάδες',
          enabled: 'Παίζεται σε ομάδες',
          enabledHint:
            'Κάθε ομάδα μοιράζεται μία πρόοδο — αντικείμενα, βαθμούς, αποστολές — και κάθε μέλος παίζει από το δικό του κινητό. Ο διοργανωτής φτιάχνει τις ομάδες στη σελίδα Παιχνίδι σε εξέλιξη.',
          minSize: 'Μικρότερη ομάδα',
          maxSize: 'Μεγαλύτερη ομάδα',
          playersFormTeams: 'Οι παίκτες μπορούν να φτιάξουν δικές τους ομάδες στην είσοδο',
          playersFormTeamsHint: 'Αλλιώς οι παίκτες μπαίνουν στις ομάδες του διοργανωτή με τον κωδικό της ομάδας τους.',
        },
      },
    },
  },
  true,
  false,
);
