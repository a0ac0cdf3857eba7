import type { CompiledAccomplishment, CompiledMission, CompiledSubMission } from './compile.js';
import { DIRTY, holds } from './conditions.js';
import { addRecord, emit, markDirty, note, playerRecord, refuse, type StepContext } from './context.js';
import { RECORD_NAMES, type Captured, type MissionProgress } from './types.js';

/** assignMission: gives the player a mission (again, if it was archived). Condition missions start at once. */
export function assignMission(ctx: StepContext, id: string, notify: boolean, message: string | undefined): void {
  const mission = ctx.c.missions.get(id);
  if (!mission) return note(ctx, `assignMission: unknown mission ${id}`);
  const previous = ctx.player.missions[id];
  if (previous && !previous.archivedWhen) return note(ctx, `assignMission: ${mission.name} is already assigned`);
  const progress: MissionProgress = previous
    ? { ...previous, archivedWhen: null }
    : {
        assignedWhen: ctx.when,
        startedWhen: mission.accomplishment.type === 'condition' ? ctx.when : null,
        completedWhen: null,
        archivedWhen: null,
        submissions: [],
        subMissions: {},
      };
  playerRecord(ctx, 'missions')[id] = progress;
  addRecord(ctx, RECORD_NAMES.mission, { missionId: id, status: 'assigned' });
  if (notify)
    emit(ctx, { action: 'showNotification', missionId: id, message: message || `New mission: ${mission.title}` });
  markDirty(ctx, DIRTY.mission);
}

/** archiveMission: the mission leaves the player's list (it stays assigned in the past; submissions are refused). */
export function archiveMission(ctx: StepContext, id: string): void {
  const progress = ctx.player.missions[id];
  if (!progress || progress.archivedWhen) return note(ctx, `archiveMission: ${id} is not an active mission`);
  playerRecord(ctx, 'missions')[id] = { ...progress, archivedWhen: ctx.when };
  markDirty(ctx, DIRTY.mission);
}

function capturedFields(accomplishment: CompiledAccomplishment, captured: Captured | undefined) {
  if (!captured) return {};
  return accomplishment.action?.type === 'ACTION_TYPE_SHARE' ? { capturedShare: captured } : { capturedInfo: captured };
}

export function completeMission(ctx: StepContext, mission: CompiledMission, captured?: Captured): void {
  const progress = ctx.player.missions[mission.id]!;
  playerRecord(ctx, 'missions')[mission.id] = {
    ...progress,
    startedWhen: progress.startedWhen ?? ctx.when,
    completedWhen: ctx.when,
  };
  addRecord(ctx, RECORD_NAMES.mission, {
    missionId: mission.id,
    status: 'completed',
    ...capturedFields(mission.accomplishment, captured),
  });
  if (mission.accomplishment.notifyPlayer) {
    emit(ctx, { action: 'showNotification', missionId: mission.id, message: `Mission accomplished: ${mission.title}` });
  }
  markDirty(ctx, DIRTY.mission);
}

function completeSubMission(
  ctx: StepContext,
  mission: CompiledMission,
  sub: CompiledSubMission,
  captured?: Captured,
): void {
  const progress = ctx.player.missions[mission.id]!;
  playerRecord(ctx, 'missions')[mission.id] = {
    ...progress,
    startedWhen: progress.startedWhen ?? ctx.when,
    subMissions: { ...progress.subMissions, [sub.id]: ctx.when },
  };
  addRecord(ctx, RECORD_NAMES.mission, {
    missionId: mission.id,
    subMissionId: sub.id,
    status: 'completed',
    ...capturedFields(sub.accomplishment, captured),
  });
  if (sub.accomplishment.notifyPlayer) {
    emit(ctx, { action: 'showNotification', missionId: mission.id, message: `Accomplished: ${sub.title}` });
  }
  markDirty(ctx, DIRTY.mission);
  const done = ctx.player.missions[mission.id]!.subMissions;
  if (mission.subMissions.every((candidate) => candidate.id in done)) completeMission(ctx, mission);
}

/** The sub-missions that may be accomplished now: all open ones, or only the first open one when ordered. */
function openSubMissions(mission: CompiledMission, progress: MissionProgress): CompiledSubMission[] {
  const open = mission.subMissions.filter((sub) => !(sub.id in progress.subMissions));
  return mission.accomplishment.ordered ? open.slice(0, 1) : open;
}

/** Completes the active missions (and sub-missions) whose accomplishment condition now holds. */
export function checkConditionMissions(ctx: StepContext, dirty: number): void {
  if (!(dirty & (ctx.c.conditionMissionMask | DIRTY.mission))) return;
  for (const id of Object.keys(ctx.player.missions)) {
    const progress = ctx.player.missions[id]!;
    const mission = ctx.c.missions.get(id);
    if (!mission || progress.completedWhen || progress.archivedWhen) continue;
    if (mission.accomplishment.type === 'condition') {
      if (holds(mission.accomplishment.condition, ctx)) completeMission(ctx, mission);
      continue;
    }
    if (mission.accomplishment.type !== 'submissions') continue;
    // Ordered sub-missions are checked one after the other, so one event can accomplish several in turn.
    for (;;) {
      const current = ctx.player.missions[id]!;
      if (current.completedWhen) break;
      const next = openSubMissions(mission, current).find(
        (sub) => sub.accomplishment.type === 'condition' && holds(sub.accomplishment.condition, ctx),
      );
      if (!next) break;
      completeSubMission(ctx, mission, next);
    }
  }
}

/** The `submission` event: what the player shares or captures for a mission (or sub-mission) accomplished by a submission. */
export function handleSubmission(
  ctx: StepContext,
  missionId: string,
  text: unknown,
  mediaId: unknown,
  mediaType?: unknown,
): void {
  const sub = ctx.c.missions.has(missionId) ? undefined : ctx.c.subMissions.get(missionId);
  const mission = ctx.c.missions.get(sub ? sub.missionId : missionId);
  if (!mission) return refuse(ctx, 'UNKNOWN_MISSION');
  const progress = ctx.player.missions[mission.id];
  if (!progress || progress.archivedWhen) return refuse(ctx, 'NOT_ASSIGNED');
  if (progress.completedWhen || (sub && sub.id in progress.subMissions)) {
    return refuse(ctx, 'NOT_SUBMITTABLE', 'This mission is already accomplished');
  }
  const accomplishment = sub ? sub.accomplishment : mission.accomplishment;
  if (accomplishment.type !== 'action') return refuse(ctx, 'NOT_SUBMITTABLE');
  if (sub && mission.accomplishment.ordered && openSubMissions(mission, progress)[0]?.id !== sub.id) {
    return refuse(ctx, 'OUT_OF_ORDER');
  }
  const message = typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
  const media = typeof mediaId === 'string' && mediaId.trim() !== '' ? mediaId.trim() : undefined;
  const wants = accomplishment.action;
  if (wants?.mediatypetextRequired && !message) {
    return refuse(ctx, 'INVALID_SUBMISSION', 'This mission asks for a text');
  }
  if (wants?.mediatypemediaRequired && !media) {
    return refuse(ctx, 'INVALID_SUBMISSION', 'This mission asks for a photo, video or sound');
  }
  if (!message && !media) return refuse(ctx, 'INVALID_SUBMISSION');
  if (media && wants && typeof mediaType === 'string') {
    // The server tells what the medium is; a mission that names kinds takes only those.
    const accepted = (['image', 'video', 'audio'] as const).filter((kind) => wants[`mediatype${kind}`]);
    if (accepted.length > 0 && !accepted.some((kind) => kind === mediaType)) {
      return refuse(ctx, 'INVALID_SUBMISSION', `This mission asks for ${accepted.join(' or ')}`);
    }
  }
  const live = media && wants?.captureNow ? { captureNow: true as const } : {};
  const captured: Captured = { ...(message ? { message } : {}), ...(media ? { mediaId: media } : {}), ...live };
  playerRecord(ctx, 'missions')[mission.id] = {
    ...progress,
    startedWhen: progress.startedWhen ?? ctx.when,
    submissions: [
      ...progress.submissions,
      {
        ...(sub ? { subMissionId: sub.id } : {}),
        ...(message ? { text: message } : {}),
        ...(media ? { mediaId: media } : {}),
        ...live,
        when: ctx.when,
      },
    ],
  };
  markDirty(ctx, DIRTY.mission);
  if (sub) completeSubMission(ctx, mission, sub, captured);
  else completeMission(ctx, mission, captured);
}
