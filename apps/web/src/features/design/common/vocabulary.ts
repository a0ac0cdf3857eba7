import {
  ACTIONS,
  ANSWER_DATA_TYPE_LABELS,
  CONDITION_TYPES,
  INTERACTION_TYPE_INFO,
  LOCATION_PERCEPTION_LABELS,
  MISSION_ACTION_TYPE_LABELS,
  NAMED_ACTORS,
  NUMBER_PROP_HOW_LABELS,
  QUESTION_TYPE_LABELS,
  RESTRICT_ACCESS_LABEL,
  SOME_COMPARATOR_LABELS,
  describeCondition,
  isConditionType,
  verbLabel,
  type ActionGroupName,
  type ActionName,
  type AnswerDataType,
  type ConditionType,
  type DescribableCondition,
  type InteractionType,
  type MissionActionType,
  type NameLookup,
  type NumberPropHow,
  type PROPERTY_TYPES,
  type QuestionType,
  type SomeComparator,
} from '@loci/domain';
import './vocabulary-locales';

/** The t() of react-i18next, as far as the vocabulary needs it. */
export type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * The game model's vocabulary (labels fixed in English by @loci/domain) in the
 * interface language: the English default comes from the domain table, the
 * translation from a keyed catalogue entry (vocabulary-locales.ts).
 */
export const vocabulary = {
  conditionType: (t: Translate, type: ConditionType) =>
    t(`design.conditions.types.${type}`, { defaultValue: CONDITION_TYPES[type].label }),
  verb: (t: Translate, verb: string) => t(`design.conditions.verbs.${verb}`, { defaultValue: verbLabel(verb) }),
  someComparator: (t: Translate, some: SomeComparator) =>
    t(`design.conditions.someComparators.${some}`, { defaultValue: SOME_COMPARATOR_LABELS[some] }),
  action: (t: Translate, name: ActionName) => t(`design.actions.names.${name}`, { defaultValue: ACTIONS[name].label }),
  actionGroup: (t: Translate, group: ActionGroupName) =>
    t(`design.actions.groups.${group.replaceAll(' ', '')}`, { defaultValue: group }),
  namedActor: (t: Translate, actor: keyof typeof NAMED_ACTORS) =>
    t(`design.actions.namedActors.${actor}`, { defaultValue: NAMED_ACTORS[actor] }),
  numberPropHow: (t: Translate, how: NumberPropHow) =>
    t(`design.actions.numberPropHows.${NUMBER_PROP_HOW_KEYS[how]}`, { defaultValue: NUMBER_PROP_HOW_LABELS[how] }),
  interactionType: (t: Translate, type: InteractionType) =>
    t(`design.interactions.types.${type}`, { defaultValue: INTERACTION_TYPE_INFO[type].label }),
  questionType: (t: Translate, type: QuestionType) =>
    t(`design.interactions.questionTypes.${type}`, { defaultValue: QUESTION_TYPE_LABELS[type] }),
  answerDataType: (t: Translate, type: AnswerDataType) =>
    t(`design.interactions.answerDataTypes.${type}`, { defaultValue: ANSWER_DATA_TYPE_LABELS[type] }),
  missionActionType: (t: Translate, type: MissionActionType) =>
    t(`design.missions.actionTypes.${type}`, { defaultValue: MISSION_ACTION_TYPE_LABELS[type] }),
  perception: (t: Translate, value: keyof typeof LOCATION_PERCEPTION_LABELS) =>
    t(`design.locations.perception.${value}`, { defaultValue: LOCATION_PERCEPTION_LABELS[value] }),
  propertyType: (t: Translate, type: (typeof PROPERTY_TYPES)[number]) =>
    t(`design.objectTypes.propertyTypes.${type.value}`, { defaultValue: type.label }),
  restrictAccess: (t: Translate) => t('design.versions.restrictAccess', { defaultValue: RESTRICT_ACCESS_LABEL }),
};

/** Keys for the number-property modes ('+', '-', '=' are no good as catalogue keys). */
const NUMBER_PROP_HOW_KEYS: Record<NumberPropHow, string> = { '+': 'increase', '-': 'decrease', '=': 'set' };

/**
 * A condition as one sentence ('Player has entered Old pier'). English is the
 * domain's wording (describeCondition); another language joins the translated
 * subject, verb, count and element.
 */
export function conditionSentence(
  t: Translate,
  language: string,
  condition: DescribableCondition,
  lookup: NameLookup,
): string {
  const type = condition.conditionType;
  if (language.startsWith('en') || !isConditionType(type)) return describeCondition(condition, lookup);
  const info = CONDITION_TYPES[type];
  const some =
    info.someVerbs.includes(condition.verb) && condition.some
      ? `${vocabulary.someComparator(t, condition.some as SomeComparator)} ${condition.someNumber ?? '?'}`
      : '';
  const element = info.element && condition.elementId ? (lookup(info.element, condition.elementId) ?? '?') : '';
  const typed = condition.designerInputString ?? '';
  let input = typed ? `«${typed}»` : '';
  if (type === 'game-status' && typed) input = t(`design.conditions.gameStatus.${typed}`, { defaultValue: typed });
  const subject = t(`design.conditions.subjects.${info.subject}`, { defaultValue: info.subject });
  return [subject, vocabulary.verb(t, condition.verb), some, element, input].filter(Boolean).join(' ');
}
