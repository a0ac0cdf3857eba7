import { z } from 'zod';
// Type-only: game.ts imports GAME_RIGHTS from here, so a value import back would be a cycle.
import type { PublicAccess } from './game.js';
import { canAuthor, type Role } from './user.js';

/** The per-game rights (spec 1 §6, §9), in their canonical order. */
export const GAME_RIGHTS = ['edit', 'view', 'clone', 'manage'] as const;
export type GameRight = (typeof GAME_RIGHTS)[number];
export const gameRightSchema = z.enum(GAME_RIGHTS);

/** The controls of a games-list card (spec 1 §2): menu items, then footer buttons. */
export const CARD_CONTROLS = [
  'Clone',
  'Delete',
  'Unpublish',
  'Archive',
  'Design',
  'Settings',
  'View inside',
  'Gameplay',
  'Analytics',
] as const;
export type CardControl = (typeof CARD_CONTROLS)[number];

/** Who asks: the signed-in user (or null for an anonymous visitor). */
export interface RightsUser {
  id: string;
  role: Role;
  email?: string | null;
}

/**
 * What rights depend on. Access extended by email (spec 1 §6) counts either
 * through the user ids the server resolved or through the email texts
 * themselves, matched case-insensitively against the user's email.
 */
export interface RightsGame {
  /** The owner: an id, or the presented owner object. */
  userId: string | { id: string };
  /** Co-designers' user ids. */
  additionalDesigners: readonly string[];
  publicAccess: PublicAccess;
  /** Authorised testers (design-only access). */
  designerOnlyAccessUserIds?: readonly string[];
  /** Authorised players. */
  authorisedPlayerIds?: readonly string[];
  additionalDesignersEmailsText?: string | null;
  additionalDesignerOnlyAccessEmailsText?: string | null;
  restrictAccessToEmailsText?: string | null;
}

/** True when `email` is one of the lines of a one-email-per-line text. */
function listsEmail(text: string | null | undefined, email: string | null | undefined): boolean {
  if (!text || !email) return false;
  const wanted = email.trim().toLowerCase();
  return text.split(/\r?\n|\r/).some((line) => line.trim().toLowerCase() === wanted);
}

function ownerId(game: RightsGame): string {
  return typeof game.userId === 'string' ? game.userId : game.userId.id;
}

/** How a signed-in user relates to a game, before roles and public access are considered. */
function relation(user: RightsUser, game: RightsGame) {
  const designer =
    ownerId(game) === user.id ||
    game.additionalDesigners.includes(user.id) ||
    listsEmail(game.additionalDesignersEmailsText, user.email);
  const tester =
    (game.designerOnlyAccessUserIds?.includes(user.id) ?? false) ||
    listsEmail(game.additionalDesignerOnlyAccessEmailsText, user.email);
  const player =
    (game.authorisedPlayerIds?.includes(user.id) ?? false) || listsEmail(game.restrictAccessToEmailsText, user.email);
  return { designer, tester, player };
}

/**
 * The user's rights on a game in the console (spec 1 §6).
 *
 * - Admins, and the owner and co-designers, get edit, view, clone and manage.
 * - Authorised testers (design-only access) get view: they may look inside the
 *   design and play the working version (`playRights`), never change it.
 * - Authorised players get nothing in the console; they may only play.
 * - Public access 'view' gives everyone view; 'clone' gives view and clone.
 * - Edit, clone and manage are authoring rights: a player-role user (even one
 *   listed as co-designer) gets at most view, and an anonymous visitor gets view
 *   of a public game only, since a clone needs an author to own it.
 */
export function gameRights(user: RightsUser | null, game: RightsGame): GameRight[] {
  const granted = new Set<GameRight>();
  const isPublic = game.publicAccess === 'view' || game.publicAccess === 'clone';
  if (isPublic) granted.add('view');
  if (user) {
    const author = canAuthor(user.role);
    const { designer, tester } = relation(user, game);
    if (user.role === 'admin' || (designer && author)) return [...GAME_RIGHTS];
    if (designer || tester) granted.add('view');
    if (game.publicAccess === 'clone' && author) granted.add('clone');
  }
  return GAME_RIGHTS.filter((right) => granted.has(right));
}

/** True when `rights` include `right`. */
export function hasRight(rights: readonly GameRight[], right: GameRight): boolean {
  return rights.includes(right);
}

/**
 * Who may play a game (for the player API, spec 4 §3–4). The working version is
 * for admins, the owner, co-designers and authorised testers. The published
 * version needs a publicVersionId; when authorised players are listed only
 * they (and those who may play the working version) may play it, otherwise any
 * signed-in user may. The passcode is checked separately, when playing starts.
 */
export function playRights(
  user: RightsUser | null,
  game: RightsGame & { publicVersionId: string | null },
): { playPublished: boolean; playWorking: boolean } {
  if (!user) return { playPublished: false, playWorking: false };
  const { designer, tester, player } = relation(user, game);
  const playWorking = user.role === 'admin' || designer || tester;
  const restricted =
    (game.authorisedPlayerIds?.length ?? 0) > 0 || (game.restrictAccessToEmailsText ?? '').trim().length > 0;
  const published = game.publicVersionId !== null;
  return { playPublished: published && (!restricted || player || playWorking), playWorking };
}

/**
 * Who sees a game's play lobby (its title, description and instructions before
 * playing, spec 4 §3). A game with a public version is open: the lobby is its
 * share link, for any signed-in user (anonymous visitors are refused here
 * only). A game without one is seen by those who may play its working
 * version — admins, the owner, co-designers and authorised testers.
 */
export function seesPlayLobby(user: RightsUser | null, game: RightsGame & { publicVersionId: string | null }): boolean {
  if (game.publicVersionId !== null) return user !== null;
  return playRights(user, game).playWorking;
}

/**
 * The controls a games-list card shows (spec 1 §2, §6): clone → Clone; edit →
 * Design, Settings; view without edit → View inside; manage → Delete (only when
 * not published), Unpublish (only when published), Archive, Gameplay, Analytics.
 * An empty list means the card is hidden.
 */
export function cardControls(rights: readonly GameRight[], game: { published: boolean }): CardControl[] {
  const shown = new Set<CardControl>();
  if (hasRight(rights, 'clone')) shown.add('Clone');
  if (hasRight(rights, 'edit')) {
    shown.add('Design');
    shown.add('Settings');
  } else if (hasRight(rights, 'view')) {
    shown.add('View inside');
  }
  if (hasRight(rights, 'manage')) {
    shown.add(game.published ? 'Unpublish' : 'Delete');
    shown.add('Archive');
    shown.add('Gameplay');
    shown.add('Analytics');
  }
  return CARD_CONTROLS.filter((control) => shown.has(control));
}
