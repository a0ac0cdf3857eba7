import type { CompiledAccomplishment, CompiledMission, CompiledSubMission } from './compile.js';
import { DIRTY, holds } from './conditions.js';
import { addRecord, emit, markDirty, note, playerRecord, refuse, type StepContext } from './context.js';
import type { JudgeEvent } from '@loci/domain';
import { startTaskTime, stopTaskTime } from './task-time.js';
import { RECORD_NAMES, type Captured, type MissionProgress } from './types.js';
import { engineText } from './errors.js';

/**
 * assignMission: gives the player a mission (again, if it was archived). Condition missions start at once.
 * A mission with a time limit starts it (again, when it comes back unaccomplished and not timed out).
 */
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
  if (!progress.completedWhen && !progress.timedOutWhen) startTaskTime(ctx, 'mission', id, mission.timeLimitMs);
  addRecord(ctx, RECORD_NAMES.mission, { missionId: id, status: 'assigned' });
  if (notify)
    emit(ctx, {
      action: 'showNotification',
      missionId: id,
      ...(message ? { message } : engineText('missionAssigned', { title: mission.title })),
    });
  markDirty(ctx, DIRTY.mission);
}

/** archiveMission: the mission leaves the player's list (it stays assigned in the past; submissions are refused). */
export function archiveMission(ctx: StepContext, id: string): void {
  const progress = ctx.player.missions[id];
  if (!progress || progress.archivedWhen) return note(ctx, `archiveMission: ${id} is not an active mission`);
  playerRecord(ctx, 'missions')[id] = { ...progress, archivedWhen: ctx.when };
  stopTaskTime(ctx, 'mission', id);
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
  stopTaskTime(ctx, 'mission', mission.id);
  addRecord(ctx, RECORD_NAMES.mission, {
    missionId: mission.id,
    status: 'completed',
    ...capturedFields(mission.accomplishment, captured),
  });
  if (mission.accomplishment.notifyPlayer) {
    emit(ctx, {
      action: 'showNotification',
      missionId: mission.id,
      ...engineText('missionAccomplished', { title: mission.title }),
    });
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
    emit(ctx, {
      action: 'showNotification',
      missionId: mission.id,
      ...engineText('subMissionAccomplished', { title: sub.title }),
    });
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
    if (!mission || progress.completedWhen || progress.archivedWhen || progress.timedOutWhen) continue;
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
    return refuse(ctx, 'NOT_SUBMITTABLE', { key: 'missionAlreadyAccomplished' });
  }
  if (progress.timedOutWhen) return refuse(ctx, 'NOT_SUBMITTABLE', { key: 'missionTimeUp' });
  const accomplishment = sub ? sub.accomplishment : mission.accomplishment;
  if (accomplishment.type !== 'action') return refuse(ctx, 'NOT_SUBMITTABLE');
  if (sub && mission.accomplishment.ordered && openSubMissions(mission, progress)[0]?.id !== sub.id) {
    return refuse(ctx, 'OUT_OF_ORDER');
  }
  const message = typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
  const media = typeof mediaId === 'string' && mediaId.trim() !== '' ? mediaId.trim() : undefined;
  const wants = accomplishment.action;
  if (wants?.mediatypetextRequired && !message) {
    return refuse(ctx, 'INVALID_SUBMISSION', { key: 'asksForText' });
  }
  if (wants?.mediatypemediaRequired && !media) {
    return refuse(ctx, 'INVALID_SUBMISSION', { key: 'asksForMedia' });
  }
  if (!message && !media) return refuse(ctx, 'INVALID_SUBMISSION');
  if (media && wants && typeof mediaType === 'string') {
    // The server tells what the medium is; a mission that names kinds takes only those.
    const accepted = (['image', 'video', 'audio'] as const).filter((kind) => wants[`mediatype${kind}`]);
    if (accepted.length > 0 && !accepted.some((kind) => kind === mediaType)) {
      return refuse(ctx, 'INVALID_SUBMISSION', { key: 'asksForKinds', values: { kinds: accepted } });
    }
  }
  // A mission that waits for the organiser (issue 29) takes one submission at a time.
  const waits = !sub && mission.judging === 'wait';
  if (waits && progress.verdict?.status === 'pending') {
    return refuse(ctx, 'NOT_SUBMITTABLE', { key: 'submissionWaiting' });
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
    ...(!sub && mission.judging !== 'auto' ? { verdict: { status: 'pending' as const, when: ctx.when } } : {}),
  };
  markDirty(ctx, DIRTY.mission);
  if (waits) {
    emit(ctx, {
      action: 'showNotification',
      missionId: mission.id,
      ...engineText('sentToOrganiser', { title: mission.title }),
    });
    return;
  }
  if (sub) completeSubMission(ctx, mission, sub, captured);
  else completeMission(ctx, mission, captured);
}

/** reopenMission (issue 29): an accomplished (or rejected) mission is open again for a new submission. */
export function reopenMission(ctx: StepContext, id: string): void {
  const progress = ctx.player.missions[id];
  if (!progress || progress.archivedWhen) return note(ctx, `reopenMission: ${id} is not an active mission`);
  if (!progress.completedWhen && progress.verdict?.status !== 'pending') return;
  const { verdict, ...rest } = progress;
  playerRecord(ctx, 'missions')[id] = {
    ...rest,
    completedWhen: null,
    subMissions: {},
    ...(verdict && verdict.status !== 'pending' ? { verdict } : {}),
  };
  addRecord(ctx, RECORD_NAMES.mission, { missionId: id, status: 'reopened' });
  markDirty(ctx, DIRTY.mission);
}

/**
 * The organiser's verdict on a submission (the operator event `judge`, issue 29). Approval accomplishes a
 * mission that waited for it; rejection opens the mission again and tells the player why; withdrawal takes an
 * approval back (with the points `awardJudgedPoints` gave for it). The rules then settle as after any event.
 */
export function handleJudgement(ctx: StepContext, event: JudgeEvent): void {
  const mission = ctx.c.missions.get(event.missionId);
  if (!mission) return refuse(ctx, 'UNKNOWN_MISSION');
  const progress = ctx.player.missions[mission.id];
  if (!progress) return refuse(ctx, 'NOT_ASSIGNED');
  const reason = event.reason?.trim() || undefined;
  const points = Number.isFinite(event.points) ? Math.trunc(event.points) : 0;
  const base = { submissionId: event.submissionId, when: ctx.when, ...(reason ? { reason } : {}) };
  if (event.verdict === 'approved') {
    playerRecord(ctx, 'missions')[mission.id] = { ...progress, verdict: { status: 'approved', points, ...base } };
    markDirty(ctx, DIRTY.mission);
    if (!progress.completedWhen && !progress.archivedWhen) {
      const last = progress.submissions.at(-1);
      const captured: Captured | undefined = last
        ? { ...(last.text ? { message: last.text } : {}), ...(last.mediaId ? { mediaId: last.mediaId } : {}) }
        : undefined;
      completeMission(ctx, mission, captured);
    }
    emit(ctx, {
      action: 'showNotification',
      missionId: mission.id,
      ...(points
        ? engineText('approvedWithPoints', { title: mission.title, points })
        : engineText('approved', { title: mission.title })),
    });
    return;
  }
  if (event.verdict === 'rejected') {
    playerRecord(ctx, 'missions')[mission.id] = {
      ...progress,
      completedWhen: null,
      verdict: { status: 'rejected', ...base },
    };
    if (progress.completedWhen) addRecord(ctx, RECORD_NAMES.mission, { missionId: mission.id, status: 'reopened' });
    markDirty(ctx, DIRTY.mission);
    emit(ctx, {
      action: 'showNotification',
      missionId: mission.id,
      ...(reason
        ? engineText('notAcceptedBecause', { title: mission.title, reason })
        : engineText('notAccepted', { title: mission.title })),
    });
    return;
  }
  // Withdrawn: only the approval this event names is taken back.
  const approved = progress.verdict?.status === 'approved' ? progress.verdict : undefined;
  for (const [attributeId, given] of Object.entries(approved?.awarded ?? {})) {
    const before = ctx.player.attributes[attributeId];
    const after = (typeof before === 'number' ? before : Number(before) || 0) - given;
    playerRecord(ctx, 'attributes')[attributeId] = after;
    markDirty(ctx, DIRTY.attribute);
  }
  playerRecord(ctx, 'missions')[mission.id] = { ...progress, verdict: { status: 'withdrawn', points: 0, ...base } };
  markDirty(ctx, DIRTY.mission);
  emit(ctx, {
    action: 'showNotification',
    missionId: mission.id,
    ...(reason
      ? engineText('withdrawnBecause', { title: mission.title, reason })
      : engineText('withdrawn', { title: mission.title })),
  });
}

/**
 * awardJudgedPoints (issue 29): in the step of an approval, adds the points the organiser awarded to an
 * attribute of the player (remembered, so a withdrawal takes them back). Outside an approval it does nothing.
 */
export function awardJudgedPoints(ctx: StepContext, attributeId: string): void {
  const event = ctx.event as { type?: string; missionId?: string; verdict?: string };
  if (event.type !== 'judge' || event.verdict !== 'approved' || !event.missionId) {
    return note(ctx, 'awardJudgedPoints: no approval in this step');
  }
  const attribute = ctx.c.attributes.get(attributeId);
  if (!attribute) return note(ctx, `awardJudgedPoints: unknown attribute ${attributeId}`);
  const progress = ctx.player.missions[event.missionId];
  const verdict = progress?.verdict;
  if (!progress || verdict?.status !== 'approved' || !verdict.points) return;
  const before = ctx.player.attributes[attributeId];
  const after = (typeof before === 'number' ? before : Number(before) || 0) + verdict.points;
  playerRecord(ctx, 'attributes')[attributeId] = after;
  if (after > 0 && !(attributeId in ctx.player.attributedWhen)) {
    playerRecord(ctx, 'attributedWhen')[attributeId] = ctx.when;
  }
  const awarded = { ...verdict.awarded, [attributeId]: (verdict.awarded?.[attributeId] ?? 0) + verdict.points };
  playerRecord(ctx, 'missions')[event.missionId] = { ...progress, verdict: { ...verdict, awarded } };
  markDirty(ctx, DIRTY.attribute);
}
