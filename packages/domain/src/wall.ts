import { z } from 'zod';
import { boundedText } from './text-limits.js';

/**
 * The feed, the wall and the scoreboard (issue 29; docs/outings.md "The wall"). An instance's feed holds
 * approved submissions, the designer's announcements and the organiser's posts; the wall is the big screen a
 * projector link opens without signing in (scoreboard, countdown, feed, the teams' map). Pure: the console, the
 * player and the server share these shapes.
 */

/** The field error of an empty post (WALL_MESSAGES.postEmpty). */
const WALL_POST_EMPTY = 'Write the post first';

export const FEED_KINDS = ['submission', 'announcement', 'post'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** The most items a feed answer lists (newest first). */
export const FEED_LIMIT = 50;
/** The longest organiser's post or announcement. */
export const FEED_TEXT_MAX = 1000;

/** What scores on the scoreboard: the market's currency, or one numeric attribute of the design. */
export const SCORE_SOURCES = ['currency', 'attribute'] as const;

/** The game setting of the feed and the scoreboard (absent on games saved before it existed: the defaults). */
export const wallSettingsSchema = z.object({
  /** Players see the feed in the player (a panel over the map). */
  feedInPlayer: z.boolean(),
  /** What scores: the currency, or the attribute `scoreAttributeId`. */
  scoreSource: z.enum(SCORE_SOURCES),
  scoreAttributeId: z.string().nullable(),
  /** Players may like the feed's items in the player (one like per person and item); the wall shows the counts. */
  likes: z.boolean().optional(),
});
export type WallSettings = z.infer<typeof wallSettingsSchema>;

export const DEFAULT_WALL_SETTINGS: WallSettings = {
  feedInPlayer: false,
  scoreSource: 'currency',
  scoreAttributeId: null,
  likes: false,
};

/** The wall setting of a game (the defaults for games saved before it existed). */
export function wallSettingsOf(settings: { wall?: Partial<WallSettings> | null } | null | undefined): WallSettings {
  return { ...DEFAULT_WALL_SETTINGS, ...(settings?.wall ?? {}) };
}

/** One item of a feed as anybody who may see it reads it: names and texts, never an account, email or position. */
export const feedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FEED_KINDS),
  /** The team's (or player's) name; null for an organiser's post. */
  teamName: z.string().nullable(),
  /** The team's colour (teams only). */
  colour: z.string().nullable(),
  /** The member who acted, as named in the team's list; null when not known. */
  memberName: z.string().nullable(),
  text: z.string(),
  /** A photo or video of an approved submission (served by /api/media/{id}). */
  mediaId: z.string().nullable(),
  createdAt: z.string(),
  /** How many people liked it (0 when the game has no likes): a count, never who. */
  likes: z.number().int(),
  /** Whether the caller liked it (a player's feed; false on the wall and in the console). */
  liked: z.boolean(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** PUT / DELETE /play/instances/{id}/feed/{itemId}/like: the item's count after the caller's like (or unlike). */
export const feedLikeAnswerSchema = z.object({ itemId: z.string(), likes: z.number().int(), liked: z.boolean() });
export type FeedLikeAnswer = z.infer<typeof feedLikeAnswerSchema>;

export const feedAnswerSchema = z.object({
  items: z.array(feedItemSchema),
  /** A player's feed: whether they may like its items (the game's `wall.likes`). */
  canLike: z.boolean().optional(),
});
export type FeedAnswer = z.infer<typeof feedAnswerSchema>;

/** The organiser's post (POST /manage/instances/{id}/feed). */
export const feedPostBodySchema = z.object({
  text: boundedText(FEED_TEXT_MAX).refine((value) => value.length > 0, WALL_POST_EMPTY),
});
export type FeedPostBody = z.infer<typeof feedPostBodySchema>;
/** One row of the scoreboard: a team (or a player in a game without teams). */
export const scoreboardEntrySchema = z.object({
  /** Stable across answers (not an account or a database id: the team's or player's position key). */
  key: z.string(),
  rank: z.number().int(),
  name: z.string(),
  colour: z.string().nullable(),
  /** A team's picture (a medium's id: its thumbnail needs no sign-in), or null; decorative beside the name. */
  pictureId: z.string().nullable(),
  points: z.number(),
  /** When the points were reached (ISO): ties go to whoever reached them first. */
  reachedAt: z.string().nullable(),
});
export type ScoreboardEntry = z.infer<typeof scoreboardEntrySchema>;

/** What the wall shows: nothing private (no emails, accounts, ids of the database, or positions unless chosen). */
export const wallAnswerSchema = z.object({
  title: z.string(),
  layout: z.enum(['rotate', 'grid']),
  /** 'teams' or 'players': how the scoreboard's rows read. */
  scoredBy: z.enum(['teams', 'players']),
  /** What the points are (the currency's name, or the attribute's title). */
  pointsName: z.string(),
  scoreboard: z.array(scoreboardEntrySchema),
  /** When everyone's time is up (ISO; a fixed end, or the last team's), null without a time limit. */
  endsAt: z.string().nullable(),
  paused: z.boolean(),
  serverNow: z.string(),
  feed: z.array(feedItemSchema),
  /** The teams' last positions (only when the organiser shows the map): a marker each, no member's own. */
  map: z
    .object({
      centre: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
      markers: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          colour: z.string().nullable(),
          latitude: z.number(),
          longitude: z.number(),
        }),
      ),
    })
    .nullable(),
  ended: z.boolean(),
});
export type WallAnswer = z.infer<typeof wallAnswerSchema>;

/** The organiser's view of an instance's projector link (the token itself only once, when made). */
export const wallLinkSchema = z.object({
  exists: z.boolean(),
  revoked: z.boolean(),
  showMap: z.boolean(),
  layout: z.enum(['rotate', 'grid']),
  createdAt: z.string().nullable(),
  /** The link's token: only in the answer that made it (it is stored hashed). */
  token: z.string().optional(),
});
export type WallLink = z.infer<typeof wallLinkSchema>;

export const wallLinkBodySchema = z.object({
  showMap: z.boolean().default(false),
  layout: z.enum(['rotate', 'grid']).default('grid'),
});

/** A team's or player's results at the end: their points and rank, and per member what each did. */
export const resultsAnswerSchema = z.object({
  title: z.string(),
  pointsName: z.string(),
  scoredBy: z.enum(['teams', 'players']),
  entries: z.array(
    scoreboardEntrySchema.extend({
      /**
       * Each member: joined on a phone, how many of the feed's items name them, and what they did for the team
       * (questions answered and of those correct, missions accomplished; from the records that name them).
       */
      members: z.array(
        z.object({
          name: z.string(),
          joined: z.boolean(),
          inFeed: z.number().int(),
          answered: z.number().int(),
          correct: z.number().int(),
          missions: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ResultsAnswer = z.infer<typeof resultsAnswerSchema>;

/** The realtime event the wall's socket hears when anything it shows changed (it then reads the wall again). */
export const WALL_SOCKET = { namespace: '/wall', changed: 'wallChanged' } as const;

export const WALL_MESSAGES = {
  linkNotFound: 'This wall link does not work. Ask the organiser for a new one.',
  feedOff: 'This game has no feed',
  likesOff: 'This game has no likes on its feed',
  itemNotFound: 'No such item in the feed',
  postEmpty: 'Write the post first',
} as const;

/** The longest token the wall's URL takes (a longer one is refused before reading the database). */
export const WALL_TOKEN_MAX = 64;
