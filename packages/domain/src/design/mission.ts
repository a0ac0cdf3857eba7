import { z } from 'zod';
import { isRichTextEmpty } from '../game.js';
import { DESIGN_MESSAGES } from './messages.js';
import { checkConditionBlocks, conditionBlocksField, toConditionBlocks, type ConditionBlock } from './condition.js';
import {
  checkNumber,
  flag,
  numberOrEmpty,
  numberOrNull,
  newId,
  optionalText,
  reporter,
  richText,
  text,
  type DesignContext,
  type IssuePath,
  type Report,
  nameText,
  titleText,
} from './fields.js';

/** How a mission is accomplished: by a player submission, by a condition, or by its sub-missions (spec 2 §3). */
export const ACCOMPLISHMENT_TYPES = ['action', 'condition', 'submissions'] as const;
export type AccomplishmentType = (typeof ACCOMPLISHMENT_TYPES)[number];
/** Sub-missions nest one level only: they do not offer the submissions type. */
export const SUB_MISSION_ACCOMPLISHMENT_TYPES = ['action', 'condition'] as const;

/**
 * How a submission to the mission is judged (issue 29, docs/outings.md "Judging"): `auto` accepts it as it
 * arrives (the default, so older games are unchanged); `wait` keeps the mission pending until an organiser
 * approves it; `later` accepts it at once and leaves it in the review queue to be reviewed later.
 */
export const JUDGING_MODES = ['auto', 'wait', 'later'] as const;
export type JudgingMode = (typeof JUDGING_MODES)[number];
export const JUDGING_MODE_LABELS: Record<JudgingMode, string> = {
  auto: 'Accept as it arrives',
  wait: 'Wait for the organiser',
  later: 'Accept at once, review later',
};

/**
 * A mission's time limit (issue 28, docs/engine.md "Time limits on tasks"): minutes to accomplish it from the
 * moment it is assigned; none when empty. When it runs out the mission is timed out (no longer accomplished).
 */
export const MISSION_TIME_LIMIT_MINUTES = { min: 1, max: 24 * 60 } as const;

/** A submission shares something the player has, or captures it now. */
export const MISSION_ACTION_TYPES = ['ACTION_TYPE_SHARE', 'ACTION_TYPE_CAPTURE'] as const;
export type MissionActionType = (typeof MISSION_ACTION_TYPES)[number];
export const MISSION_ACTION_TYPE_LABELS: Record<MissionActionType, string> = {
  ACTION_TYPE_SHARE: 'Share',
  ACTION_TYPE_CAPTURE: 'Capture',
};

/** What a submission-accomplished mission asks for. */
export type MissionAction = {
  type: MissionActionType;
  captureNow: boolean;
  mediatypemediaRequired: boolean;
  mediatypetextRequired: boolean;
  mediatypeimage: boolean;
  mediatypevideo: boolean;
  mediatypeaudio: boolean;
  mediatypetext: boolean;
};

/** Only the part of the accomplishment type is kept: `action`, `condition` or `submissions`. */
export type Accomplishment = {
  accomplishmentType: AccomplishmentType;
  action: MissionAction | null;
  condition: ConditionBlock[];
  submissions: SubMission[];
  /** Sub-missions must be accomplished in order. */
  ordered: boolean;
  notifyPlayer: boolean;
};
/** A sub-mission: no name, and its accomplishment is never by sub-missions. */
export type SubMission = {
  id: string;
  title: string;
  description: string;
  accomplishment: Accomplishment;
};

const missionActionFields = z.object({
  type: text,
  captureNow: flag(),
  mediatypemediaRequired: flag(),
  mediatypetextRequired: flag(),
  mediatypeimage: flag(),
  mediatypevideo: flag(),
  mediatypeaudio: flag(),
  mediatypetext: flag(),
});
const accomplishmentShape = {
  accomplishmentType: text,
  action: missionActionFields.nullish(),
  condition: conditionBlocksField,
  ordered: flag(),
  notifyPlayer: flag(),
};
const subAccomplishmentFields = z.object({
  ...accomplishmentShape,
  // Only read to be cleared: a sub-mission's accomplishment never holds sub-missions.
  submissions: z.array(z.unknown()).nullish(),
});
const subMissionFields = z.object({
  id: optionalText,
  title: titleText,
  description: richText,
  accomplishment: subAccomplishmentFields.nullish(),
});
const accomplishmentFields = z.object({
  ...accomplishmentShape,
  submissions: z
    .array(subMissionFields)
    .nullish()
    .transform((value) => value ?? []),
});
type AccomplishmentDraft = z.output<typeof accomplishmentFields>;
type SubAccomplishmentDraft = z.output<typeof subAccomplishmentFields>;

const missionFields = z.object({
  name: nameText,
  title: titleText,
  description: richText,
  notes: text,
  accomplishment: accomplishmentFields.nullish(),
  judging: z
    .enum(JUDGING_MODES)
    .nullish()
    .transform((value): JudgingMode => value ?? 'auto'),
  timeLimitMinutes: numberOrEmpty,
});
type MissionDraft = z.output<typeof missionFields>;

/**
 * Checks an accomplishment at `path` (spec 2 §5). Group errors sit on
 * `{path}.action.requiredTypes` ('Check at least one required capture/share
 * type') and `{path}.action.mediaTypes` ('Check at least one possible media type').
 */
function checkAccomplishment(
  accomplishment: AccomplishmentDraft | SubAccomplishmentDraft | null | undefined,
  report: Report,
  path: IssuePath,
  nested: boolean,
): void {
  if (!accomplishment) return report(path, DESIGN_MESSAGES.required);
  const type = accomplishment.accomplishmentType;
  const allowed: readonly string[] = nested ? SUB_MISSION_ACCOMPLISHMENT_TYPES : ACCOMPLISHMENT_TYPES;
  if (!type) return report([...path, 'accomplishmentType'], DESIGN_MESSAGES.required);
  if (!allowed.includes(type)) {
    const message = nested && type === 'submissions' ? DESIGN_MESSAGES.noNestedSubMissions : DESIGN_MESSAGES.required;
    return report([...path, 'accomplishmentType'], message);
  }

  if (type === 'action') {
    const action = accomplishment.action;
    if (!action || !(MISSION_ACTION_TYPES as readonly string[]).includes(action.type)) {
      report([...path, 'action', 'type'], DESIGN_MESSAGES.required);
    }
    if (!action?.mediatypemediaRequired && !action?.mediatypetextRequired) {
      report([...path, 'action', 'requiredTypes'], DESIGN_MESSAGES.captureShareType);
    }
    if (action?.mediatypemediaRequired && !action.mediatypeimage && !action.mediatypevideo && !action.mediatypeaudio) {
      report([...path, 'action', 'mediaTypes'], DESIGN_MESSAGES.possibleMediaType);
    }
  } else if (type === 'condition') {
    if (accomplishment.condition.length === 0) {
      report([...path, 'condition'], DESIGN_MESSAGES.atLeastOneConditionBlock);
    }
    checkConditionBlocks(accomplishment.condition, report, [...path, 'condition']);
  } else {
    // Only a top-level accomplishment gets here: sub-missions were refused the type above.
    const submissions = (accomplishment as AccomplishmentDraft).submissions;
    if (submissions.length === 0) report([...path, 'submissions'], DESIGN_MESSAGES.atLeastOneSubMission);
    submissions.forEach((subMission, index) => {
      const at = [...path, 'submissions', index];
      if (!subMission.title) report([...at, 'title'], DESIGN_MESSAGES.required);
      if (isRichTextEmpty(subMission.description)) report([...at, 'description'], DESIGN_MESSAGES.required);
      checkAccomplishment(subMission.accomplishment, report, [...at, 'accomplishment'], true);
    });
  }
}

function checkMission(mission: MissionDraft, report: Report): void {
  if (!mission.name) report(['name'], DESIGN_MESSAGES.required);
  if (!mission.title) report(['title'], DESIGN_MESSAGES.required);
  if (isRichTextEmpty(mission.description)) report(['description'], DESIGN_MESSAGES.required);
  checkAccomplishment(mission.accomplishment, report, ['accomplishment'], false);
  checkNumber(mission.timeLimitMinutes, report, ['timeLimitMinutes'], { integer: true, ...MISSION_TIME_LIMIT_MINUTES });
}

function toAccomplishment(draft: AccomplishmentDraft | SubAccomplishmentDraft): Accomplishment {
  const type = draft.accomplishmentType as AccomplishmentType;
  const subMissions = type === 'submissions' ? (draft as AccomplishmentDraft).submissions : [];
  return {
    accomplishmentType: type,
    action:
      type === 'action' && draft.action ? { ...draft.action, type: draft.action.type as MissionActionType } : null,
    condition: type === 'condition' ? toConditionBlocks(draft.condition) : [],
    submissions: subMissions.map((subMission) => ({
      id: subMission.id ?? newId(),
      title: subMission.title,
      description: subMission.description,
      accomplishment: toAccomplishment(subMission.accomplishment!),
    })),
    ordered: type === 'submissions' && draft.ordered,
    notifyPlayer: draft.notifyPlayer,
  };
}

/** A mission's form body. */
export interface MissionValues {
  name: string;
  title: string;
  description: string;
  notes: string;
  accomplishment: Accomplishment;
  /** How its submissions are judged (only meaningful when it is accomplished by a submission). */
  judging: JudgingMode;
  /** Minutes to accomplish it once assigned (issue 28), or null for no limit. */
  timeLimitMinutes: number | null;
}
export type Mission = MissionValues & { id: string; gameId: string };

/** The schema of the mission form body: title, description and the accomplishment with its four messages (spec 2 §5). */
export function missionSchemaFor(_context: DesignContext = {}) {
  return missionFields
    .superRefine((mission, ctx) => checkMission(mission, reporter(ctx)))
    .transform((mission): MissionValues => ({
      name: mission.name,
      title: mission.title,
      description: mission.description,
      notes: mission.notes,
      accomplishment: toAccomplishment(mission.accomplishment!),
      judging: mission.accomplishment?.accomplishmentType === 'action' ? mission.judging : 'auto',
      timeLimitMinutes: numberOrNull(mission.timeLimitMinutes),
    }));
}
export const missionSchema = missionSchemaFor();
export type MissionInput = z.input<typeof missionSchema>;

/** A submission that asks for nothing yet: the designer checks what is required. */
export function newMissionAction(): MissionAction {
  return {
    type: 'ACTION_TYPE_CAPTURE',
    captureNow: false,
    mediatypemediaRequired: false,
    mediatypetextRequired: false,
    mediatypeimage: false,
    mediatypevideo: false,
    mediatypeaudio: false,
    mediatypetext: false,
  };
}

/**
 * The accomplishment after its type changed (spec 2 §4): the part of the new
 * type is kept (or started), the others are cleared.
 */
export function setAccomplishmentType<
  T extends { action?: unknown; condition?: unknown; submissions?: unknown; ordered?: unknown },
>(accomplishment: T, type: AccomplishmentType): T & { accomplishmentType: AccomplishmentType } {
  return {
    ...accomplishment,
    accomplishmentType: type,
    action: type === 'action' ? (accomplishment.action ?? newMissionAction()) : null,
    condition: type === 'condition' ? (accomplishment.condition ?? []) : [],
    submissions: type === 'submissions' ? (accomplishment.submissions ?? []) : [],
    ordered: type === 'submissions' ? (accomplishment.ordered ?? false) : false,
  };
}

/** A new sub-mission for the editor (its id is generated). */
export function newSubMission(): SubMission {
  return {
    id: newId(),
    title: '',
    description: '',
    accomplishment: {
      accomplishmentType: 'condition',
      action: null,
      condition: [],
      submissions: [],
      ordered: false,
      notifyPlayer: false,
    },
  };
}

/** A new mission for the create form: the designer picks how it is accomplished. */
export function newMissionDefaults(): MissionInput {
  return {
    name: '',
    title: '',
    description: '',
    notes: '',
    accomplishment: {
      accomplishmentType: '',
      action: null,
      condition: [],
      submissions: [],
      ordered: false,
      notifyPlayer: true,
    },
    judging: 'auto',
    timeLimitMinutes: null,
  };
}
