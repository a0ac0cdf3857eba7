import {
  accountPhotoUri,
  shownPlayerStatus,
  type FullInstance,
  type GameSpec,
  type InstanceListItem,
  type PlayerStateItem,
  type WorldStatus,
} from '@loci/domain';
import { compileSpec, type InstanceState, type PlayerState } from '@loci/engine';
import type { GameInstanceRow, GameRow, PlayerStateRow } from '../../db/schema.js';
import { presentVersionSummary } from '../../presenters/games.js';

/** What presenting an instance needs besides its row: its version's number and its game. */
export interface InstanceContext {
  version: number;
  game: Pick<GameRow, 'id' | 'title' | 'settings'>;
}

/** The version an instance runs, in short (its id and flag are the instance's own copies). */
function gameVersionOf(row: GameInstanceRow, context: InstanceContext) {
  return presentVersionSummary(
    { id: row.versionId, isLiveSpec: row.isLiveSpec, version: context.version },
    context.game,
  );
}

/** The player's avatar: their name, and their account photo when they have one (docs/accounts.md "Photo"). */
function avatarOf(name: string, photoId: string | null = null) {
  const uri = accountPhotoUri(photoId);
  return { name, photo: uri ? { uri } : null };
}

/** One row of the Gameplay page's instances table (spec 1 §3 "Game instance (list item)"). */
export function presentInstanceListItem(
  row: GameInstanceRow,
  players: ReadonlyArray<
    Pick<PlayerStateRow, 'playerId' | 'name' | 'status'> & { deadline?: string | null; timeUpWhen?: string | null }
  >,
  context: InstanceContext,
): InstanceListItem {
  const pausedWhen = row.world.clockPausedWhen ? Date.parse(row.world.clockPausedWhen) : null;
  return {
    id: row.id,
    _id: row.id,
    multiplayer: row.multiplayer,
    gameVersion: gameVersionOf(row, context),
    players: players.map((player) => ({
      id: player.playerId,
      name: player.name,
      status: shownPlayerStatus(player.status, row.status as WorldStatus),
      // The clock (issue 28): the Gameplay page counts the time left down from the deadline.
      ...(player.deadline
        ? {
            clock: {
              deadline: player.deadline,
              paused: pausedWhen !== null,
              leftMs: pausedWhen !== null ? Math.max(0, Date.parse(player.deadline) - pausedWhen) : null,
              timeUp: Boolean(player.timeUpWhen),
            },
          }
        : {}),
    })),
    state: { worldState: { status: row.status as WorldStatus } },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** When the player left the game (their status time while the status is 'left game'). */
function leftWhen(status: string, state: PlayerState): string | null {
  return status === 'left game' ? state.statusWhen : null;
}

/** A player of the live map and the player-info modal (spec 1 §3 "Player state"). */
export function presentPlayerState(
  row: PlayerStateRow,
  extra: { email: string | null; photoId?: string | null; worldStatus: string; isLiveSpec: boolean },
): PlayerStateItem {
  const state = row.state;
  const avatar = avatarOf(row.name, extra.photoId ?? null);
  const status = shownPlayerStatus(row.status, extra.worldStatus as WorldStatus);
  return {
    id: row.playerId,
    userId: row.userId,
    name: row.name,
    email: extra.email,
    status,
    statusWhen: state.statusWhen ?? null,
    currentLocation:
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    worldStatus: extra.worldStatus as WorldStatus,
    instanceId: row.instanceId,
    versionId: row.versionId,
    isLiveSpec: extra.isLiveSpec,
    avatar,
    state: {
      status,
      avatar,
      currentSceneId: state.currentSceneId ?? null,
      owns: { item: { ...state.items }, object: { ...state.objects } },
      is: { attributed: { ...state.attributes } },
      has: {
        left: { game: { when: leftWhen(row.status, state) } },
        started: { game: { when: state.startedWhen ?? null } },
      },
      lastPlayed: row.updatedAt.toISOString(),
    },
  };
}

/** The currency of a game's market, as the engine reads it (the chosen item, else the first marked as currency). */
function currencyItemOf(spec: GameSpec): string | null {
  return compileSpec(spec).currencyItemId;
}

/**
 * One instance for the Instance page (spec 1 §3 "Game instance (full)"): its
 * world, and with `fullState` every player's engine state by player id, with
 * their shown status (`shownPlayerStatus` of the row's), avatar and the time
 * they last played.
 */
export function presentFullInstance(
  loaded: { instance: GameInstanceRow; state: InstanceState; spec: GameSpec },
  playerRows: readonly (Pick<PlayerStateRow, 'playerId' | 'name' | 'status' | 'updatedAt'> & {
    photoId?: string | null;
  })[],
  context: InstanceContext,
  fullState: boolean,
  /** Games played in teams: each team's members who have joined, by team id. */
  membersByTeam: ReadonlyMap<string, Array<{ id: string; name: string }>> = new Map(),
): FullInstance {
  const { instance, state, spec } = loaded;
  const settings = spec.game;
  const statusOf = (row: Pick<PlayerStateRow, 'status'>) =>
    shownPlayerStatus(row.status, instance.status as WorldStatus);
  const usersState = Object.fromEntries(
    playerRows.map((row) => {
      const player = state.players[row.playerId];
      return [
        row.playerId,
        {
          ...player,
          status: statusOf(row),
          avatar: avatarOf(row.name, row.photoId ?? null),
          lastPlayed: row.updatedAt.toISOString(),
        },
      ];
    }),
  );
  return {
    id: instance.id,
    _id: instance.id,
    gameId: instance.gameId,
    notes: instance.notes,
    multiplayer: instance.multiplayer,
    createdAt: instance.createdAt.toISOString(),
    updatedAt: instance.updatedAt.toISOString(),
    gameVersion: gameVersionOf(instance, context),
    players: playerRows.map((row) => ({
      id: row.playerId,
      name: row.name,
      status: statusOf(row),
      ...clockOf(state.players[row.playerId], state.world.clockPausedWhen ?? null),
      ...(membersByTeam.has(row.playerId) ? { members: membersByTeam.get(row.playerId) } : {}),
    })),
    state: {
      worldState: { ...state.world, status: instance.status as WorldStatus },
      ...(fullState ? { usersState } : {}),
    },
    market: {
      available: settings.market === true,
      currency: currencyItemOf(spec),
      currencyName: settings.currencyName ?? '',
      currencyIcon: settings.currencyIcon ?? null,
    },
  };
}

/** The clock of one player row for the Instance page (issue 28), as the Gameplay page's list has it; none without a deadline. */
function clockOf(player: PlayerState | undefined, pausedWhen: string | null) {
  const deadline = player?.clock?.deadline;
  if (!deadline) return {};
  const paused = pausedWhen !== null ? Date.parse(pausedWhen) : null;
  return {
    clock: {
      deadline,
      paused: paused !== null,
      leftMs: paused !== null ? Math.max(0, Date.parse(deadline) - paused) : null,
      timeUp: Boolean(player.clock?.timeUpWhen),
    },
  };
}
