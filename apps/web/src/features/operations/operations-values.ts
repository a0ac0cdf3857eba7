import type { InstanceListItem, InstancePlayingPeriod, PlayerStateItem, PlayerStatesShowType } from '@loci/domain';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { GameVersionSummary } from '../../api/design';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);
dayjs.extend(localizedFormat);

/** Spec 1 §9: the playing period's display format. */
export const PERIOD_DISPLAY_FORMAT = 'DD MMM YYYY, HH:mm';
/** Spec 1 §9: times on the instance page. */
export const INSTANCE_DATE_FORMAT = 'MMMM Do YYYY, h:mm:ss a';

/** Spec 1 §9: the live map polls every 10 s unless told otherwise; 1 to 100 s are accepted. */
export const REFRESH_SECONDS = { default: 10, min: 1, max: 100 } as const;
/** Spec 1 §9: the players' map is 500 px high. */
export const PLAYER_MAP_HEIGHT = 500;

/** A time in the console's default format (spec 1 §9: 'lll'). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = dayjs(iso);
  return time.isValid() ? time.format('lll') : '—';
}

/** A time as the instance page shows it (in the browser's zone). */
export function formatInstanceDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = dayjs(iso);
  return time.isValid() ? time.format(INSTANCE_DATE_FORMAT) : '—';
}

/** A playing-period bound in the period's own timezone. */
export function formatPeriodDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const instant = dayjs.utc(iso);
  if (!instant.isValid()) return '';
  try {
    return instant.tz(zone || undefined).format(PERIOD_DISPLAY_FORMAT);
  } catch {
    return instant.format(PERIOD_DISPLAY_FORMAT);
  }
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

/** Player counts by status, in order of first appearance. */
export function countByStatus(players: readonly { status: string }[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const player of players) counts.set(player.status, (counts.get(player.status) ?? 0) + 1);
  return [...counts.entries()];
}

/** Spec 1 §4: the page works on the first non-live, non-archived version, else the first non-archived one. */
export function shownVersionOf(versions: readonly GameVersionSummary[]): GameVersionSummary | undefined {
  return (
    versions.find((version) => !version.isLiveSpec && !version.isArchived) ??
    versions.find((version) => !version.isArchived)
  );
}
