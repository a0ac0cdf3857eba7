import {
  GAME_OPERATION_MESSAGES,
  type GameOwner,
  type GamesListItem,
  type DesignGameVersion,
  type GameWithRights,
  type InstanceGameVersion,
  type InstancePlayingPeriod,
} from '@loci/domain';
import type { GameRow, GameVersionRow } from '../db/schema.js';

/** What the presenters need of a loaded game (see games/service `LoadedGame`). */
export interface PresentableGame {
  row: GameRow;
  ownerName: string | null;
  access: { designers: string[] };
  rights: GameWithRights['rights'];
}

/** The owner as `{ id, _id, name }`; a deleted account shows as 'Deleted user' with an empty id. */
function presentOwner(row: GameRow, ownerName: string | null): GameOwner {
  const id = row.ownerId ?? '';
  return { id, _id: id, name: row.ownerId ? (ownerName ?? '') : GAME_OPERATION_MESSAGES.deletedOwner };
}

/**
 * A game with the caller's rights (GET /api/design/games/{id}). Only editors see
 * the play passcode and the three email lists: a viewer of a public game must
 * not learn the passcode nor other people's email addresses.
 */
export function presentGame({ row, ownerName, access, rights }: PresentableGame): GameWithRights {
  const editor = rights.includes('edit');
  const settings = row.settings;
  return {
    ...settings,
    ...(editor
      ? {}
      : {
          playPassword: '',
          additionalDesignersEmailsText: '',
          additionalDesignerOnlyAccessEmailsText: '',
          restrictAccessToEmailsText: '',
        }),
    title: row.title,
    publicAccess: row.publicAccess,
    id: row.id,
    _id: row.id,
    userId: presentOwner(row, ownerName),
    additionalDesigners: access.designers,
    publicVersionId: row.publicVersionId,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rights,
  };
}

/** One card of the games list. */
export function presentGamesListItem({ row, ownerName, access, rights }: PresentableGame): GamesListItem {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.settings.description,
    logoId: row.settings.logoId,
    language: row.settings.language,
    publicAccess: row.publicAccess,
    publicVersionId: row.publicVersionId,
    isArchived: row.isArchived,
    multiplayer: row.settings.multiplayer,
    additionalDesigners: access.designers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: presentOwner(row, ownerName),
    rights,
  };
}

/**
 * A game version as every API shows it (without its spec): the stored flags,
 * its number (0 for the working version) and, on the working version when the
 * caller knows it, `publishDue` (spec 2 §4).
 */
export function presentGameVersion(row: GameVersionRow, publishDue?: boolean): DesignGameVersion {
  return {
    id: row.id,
    gameId: row.gameId,
    isLiveSpec: row.isLiveSpec,
    isArchived: row.isArchived,
    versionNotes: row.versionNotes,
    restrictAccessToDesigner: row.restrictAccessToDesigner,
    multipleInstances: row.multipleInstances,
    newInstancesAllowed: row.newInstancesAllowed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    ...(row.isLiveSpec && publishDue !== undefined ? { publishDue } : {}),
  };
}

/** The playing period of a game's settings, as instances show it (a game saved without one reads as empty). */
export function periodOf(settings: { playingPeriod?: Partial<InstancePlayingPeriod> | null }): InstancePlayingPeriod {
  const period = settings.playingPeriod ?? {};
  return { start: period.start ?? null, end: period.end ?? null, timezone: period.timezone ?? '' };
}

/**
 * A game version in short, as an instance shows the version it runs (spec 1 §3
 * "Game instance"): its id, whether it is the working version, its number
 * (0 for the working version) and the game with its playing period.
 */
export function presentVersionSummary(
  version: Pick<GameVersionRow, 'id' | 'isLiveSpec' | 'version'>,
  game: Pick<GameRow, 'id' | 'title' | 'settings'>,
): InstanceGameVersion {
  return {
    id: version.id,
    isLiveSpec: version.isLiveSpec,
    version: version.version,
    game: { id: game.id, title: game.title, playingPeriod: periodOf(game.settings) },
  };
}
