import type { InstanceListItem, InstancePlayingPeriod, PlayerStateItem, PlayerStatesShowType } from '@loci/domain';
import { countPlayerStatuses } from '@loci/domain';
import type { GameVersionSummary } from '../../api/design';
import type { TFunction } from 'i18next';
import { formatTime } from '../../i18n/time';

/** Spec 1 §9: the live map polls every 10 s unless told otherwise; 1 to 100 s are accepted. */
export const REFRESH_SECONDS = { default: 10, min: 1, max: 100 } as const;
/** Spec 1 §9: the players' map is 500 px high. */
export const PLAYER_MAP_HEIGHT = 500;

/** A time of the game, in the game's zone with the zone named (the console's one format, i18n/time.ts). */
export function formatDate(iso: string | null | undefined, zone: string | null | undefined): string {
  return formatTime(iso, { zone });
}

/** A playing-period bound in the period's own timezone, the zone left for the caller to name once. */
export function formatPeriodDate(iso: string | null | undefined, zone: string): string {
  return iso ? formatTime(iso, { zone, withoutZone: true }) : '';
}

type Period = Pick<InstancePlayingPeriod, 'start' | 'end'> | null | undefined;

/** Spec 1 §4: expiring every instance is offered only once the end has passed. */
export function hasPeriodEnded(period: Period, now = Date.now()): boolean {
  return Boolean(period?.end && Date.parse(period.end) < now);
}

/** Spec 1 §4: the period is shown in red when its start is still to come or its end has passed. */
export function isPeriodFlagged(period: Period, now = Date.now()): boolean {
  return Boolean(period?.start && Date.parse(period.start) > now) || hasPeriodEnded(period, now);
}

/** Spec 1 §4: a player has a marker only while playing in an active world, at a known place. */
export function isOnLiveMap<P extends Pick<PlayerStateItem, 'status' | 'worldStatus' | 'currentLocation'>>(
  player: P,
): player is P & { currentLocation: NonNullable<PlayerStateItem['currentLocation']> } {
  return player.status === 'playing' && player.worldStatus === 'active' && Boolean(player.currentLocation);
}

/** The 'Include instances' choice (spec 1 §2) keeps instances of these versions. */
export function includesInstance(showType: PlayerStatesShowType, instance: Pick<InstanceListItem, 'gameVersion'>) {
  if (showType === 'live-only') return instance.gameVersion.isLiveSpec;
  if (showType === 'published-only') return !instance.gameVersion.isLiveSpec;
  return true;
}

/**
 * Player counts by shown status (the server shows each player's status by
 * @loci/domain's `shownPlayerStatus`; docs/operations.md "Counting players").
 */
export function countByStatus(players: readonly { status: string }[]): [string, number][] {
  return countPlayerStatuses(players).byStatus;
}

/** Spec 1 §4: the page works on the first non-live, non-archived version, else the first non-archived one. */
export function shownVersionOf(versions: readonly GameVersionSummary[]): GameVersionSummary | undefined {
  return (
    versions.find((version) => !version.isLiveSpec && !version.isArchived) ??
    versions.find((version) => !version.isArchived)
  );
}

/** A shown player status (countByStatus, a player's row) in the interface language; an unknown one as it is. */
export function playerStatusLabel(
  t: (key: string, options: { defaultValue: string }) => string,
  status: string,
): string {
  const key = status === 'left game' ? 'leftGame' : status;
  return t(`operations.playerStatus.${key}`, { defaultValue: status });
}

/**
 * What an instance is called on screen (never its id): who plays it — up to
 * three names, then how many more — and when it started, in the game's zone.
 */
export function instanceName(
  t: TFunction,
  language: string,
  instance: { players: readonly { name: string }[]; createdAt: string },
  zone: string | null | undefined,
): string {
  const names = instance.players.map((player) => player.name);
  const shown =
    names.length > 3 ? [...names.slice(0, 3), t('operations.instance.more', { count: names.length - 3 })] : names;
  const who = shown.length
    ? new Intl.ListFormat(language, { type: 'conjunction' }).format(shown)
    : t('operations.instance.nobody');
  return t('operations.instance.title', { who, when: formatDate(instance.createdAt, zone) });
}
