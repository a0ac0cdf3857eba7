// Which of the interface's texts the web player shows (issue 31): the player speaks six languages, the console two.
// The player's texts in German, French, Italian and Spanish live in ./player/{language}.json, one file per language
// that only the player's build loads (./player.ts); player-catalogues.test.ts checks that each holds every key
// below, from en.json and from every feature's locales.ts.

/**
 * The player's texts: every key equal to one of these or under it (`play` is `play.menu.leave` too). A new key
 * under them needs its German, French, Italian and Spanish; a new text the player shows elsewhere belongs here.
 */
export const PLAYER_KEYS: readonly string[] = [
  'languageCode',
  'common',
  'errors',
  'notFound',
  'nav.myGames',
  'account.photo.alt',
  'auth.sessionExpired',
  'play',
  'playMessages',
  'playTeam',
  'rankings',
  'wayIn.lobby',
  'wall.emptyFeed',
  'wall.organiser',
  'wall.by',
  'wall.kinds',
  'wall.photoOf',
  'wall.playerPanel',
  'wall.likes',
  'wall.like',
  'wall.likeOf',
  'shrinkImage',
];

/**
 * Under PLAYER_KEYS, what only the console shows (a designer's playtest and its tools, an operator seeing as a
 * player): in the console's languages, English and Greek.
 */
export const CONSOLE_ONLY_KEYS: readonly string[] = [
  'play.backToDesign',
  'play.playtest',
  'play.playtestBadge',
  'play.trace',
  'play.state',
  'play.simulate',
  'play.traceClock',
  'play.watch',
  // The playtest's clock speed (issue 28).
  'play.clock.speed',
  'play.clock.speedChoice',
  'play.clock.speedHint',
  'play.clock.speedReason',
  'play.clock.speedFailed',
];

const under = (key: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}_`));

/** Whether the player shows the text of `key` (a full `a.b.c` key, plural suffix included). */
export function isPlayerKey(key: string): boolean {
  return under(key, PLAYER_KEYS) && !under(key, CONSOLE_ONLY_KEYS);
}
