import { GAME_STATUS_VALUES, SOME_COMPARATORS, labelOf, type DesignEntity } from '@loci/domain';
import { ActionIcon, Box, Grid, NumberInput, Select, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPicker, findEntity } from '../common';
import { useWorkspace } from '../useWorkspace';
import {
  conditionTypeGroups,
  conditionTypeInfo,
  verbOptions,
  withConditionType,
  withVerb,
  type ConditionValue,
} from './condition-values';
import { useCreateForms } from '../common/create-forms';
import './locales';
import { vocabulary } from '../common/vocabulary';

export interface ConditionEditorProps {
  value: ConditionValue;
  onChange: (next: ConditionValue) => void;
  /** Field errors of the whole form, by path ('trigger.verb', 'if.0.conditions.1.elementId'…). */
  errors: Record<string, unknown>;
  /** The path of this condition in the form ('trigger', 'if.0.conditions.1'). */
  errorPath: string;
  readOnly: boolean;
  gameId: string;
  /** A rule's trigger: only the condition types that can trigger, and only their trigger verbs (spec 4 §2). */
  triggerOnly?: boolean;
  /** Names the condition for assistive technology ('Condition 2', 'Trigger'). */
  label?: string;
  /** Shows a remove button. */
  onRemove?: () => void;
  removeLabel?: string;
}

type QuestionLike = { id?: unknown; title?: unknown };

/** The questions of a quiz as sub-element options: by id, or by position when a question has none (spec 4 §4). */
function questionOptions(quiz: DesignEntity | undefined, fallbackLabel: (number: number) => string) {
  const questions = Array.isArray(quiz?.questions) ? (quiz.questions as QuestionLike[]) : [];
  return questions.map((question, index) => ({
    value: typeof question.id === 'string' && question.id ? question.id : String(index),
    label: labelOf(typeof question.title === 'string' ? question.title : '') || fallbackLabel(index + 1),
  }));
}

function errorAt(errors: Record<string, unknown>, path: string): string | undefined {
  const error = errors[path];
  return error ? String(error) : undefined;
}

/**
 * One condition (spec 2 §3, spec 4 §1–2), driven by the domain's vocabulary:
 * the type (grouped by family), then what the type needs: its element (of the
 * type's kind), a quiz question, the verb (only the type's, or only trigger
 * verbs), the count for 'some' types, the code or the game status.
 */
export function ConditionEditor({
  value,
  onChange,
  errors,
  errorPath,
  readOnly,
  gameId,
  triggerOnly = false,
  label,
  onRemove,
  removeLabel,
}: ConditionEditorProps) {
  const { t } = useTranslation();
  const createFormFor = useCreateForms();
  const { data: workspace } = useWorkspace(gameId);
  const info = conditionTypeInfo(value.conditionType);
  const verb = value.verb ?? '';
  const at = (field: string) => errorAt(errors, `${errorPath}.${field}`);

  const typeGroups = useMemo(
    () =>
      conditionTypeGroups(
        triggerOnly,
        (family) => t(`design.conditions.families.${family}`),
        (type) => vocabulary.conditionType(t, type),
      ),
    [triggerOnly, t],
  );
  const verbs = useMemo(
    () => verbOptions(value.conditionType, triggerOnly, (verb) => vocabulary.verb(t, verb)),
    [value.conditionType, triggerOnly, t],
  );
  const interactionType = info?.interactionType;
  const elementFilter = useCallback(
    (entity: DesignEntity) => !interactionType || entity.type === interactionType,
    [interactionType],
  );
  const createForm = createFormFor(info?.element ?? null, interactionType ?? null);

  const quiz = info?.subElement ? findEntity(workspace, 'interaction', value.elementId ?? undefined) : undefined;
  const showSubElement = Boolean(info?.subElement && info.subElementVerbs.includes(verb));
  const showSome = Boolean(info?.someVerbs.includes(verb));
  const set = (patch: Partial<ConditionValue>) => onChange({ ...value, ...patch });

  const span = { base: 12, sm: 6, lg: 3 };
  return (
    <Box role="group" aria-label={label ?? t('design.conditions.type')} pos="relative">
      <Grid gap="sm" align="flex-start" pr={onRemove ? 40 : 0}>
        <Grid.Col span={span}>
          <Select
            label={t('design.conditions.type')}
            data={typeGroups}
            value={value.conditionType || null}
            onChange={(type) => onChange(withConditionType(value, type ?? '', triggerOnly))}
            error={at('conditionType')}
            disabled={readOnly}
            withAsterisk
            searchable
            allowDeselect={false}
            placeholder={t('design.pickerPlaceholder')}
          />
        </Grid.Col>
        {info?.element && (
          <Grid.Col span={span}>
            <EntityPicker
              gameId={gameId}
              kind={info.element}
              label={t(`design.conditions.elements.${info.element}`)}
              value={value.elementId || null}
              onChange={(id) => set({ elementId: id ?? undefined, subElementId: undefined })}
              filter={elementFilter}
              error={at('elementId')}
              disabled={readOnly}
              withAsterisk
              clearable={false}
              renderCreateForm={readOnly ? undefined : createForm}
            />
          </Grid.Col>
        )}
        {info && (
          <Grid.Col span={span}>
            <Select
              label={t('design.conditions.verb')}
              data={verbs}
              value={verb || null}
              onChange={(next) => onChange(withVerb(value, next ?? ''))}
              error={at('verb')}
              disabled={readOnly}
              withAsterisk
              allowDeselect={false}
              placeholder={t('design.pickerPlaceholder')}
            />
          </Grid.Col>
        )}
        {showSubElement && (
          <Grid.Col span={span}>
            <Select
              label={t('design.conditions.question')}
              data={questionOptions(quiz, (number) => t('design.conditions.questionOf', { number }))}
              value={value.subElementId || null}
              onChange={(id) => set({ subElementId: id ?? undefined })}
              error={at('subElementId')}
              disabled={readOnly || !quiz}
              placeholder={quiz ? t('design.pickerPlaceholder') : t('design.conditions.allQuestions')}
              withAsterisk
              allowDeselect={false}
            />
          </Grid.Col>
        )}
        {showSome && (
          <>
            <Grid.Col span={span}>
              <Select
                label={t('design.conditions.some')}
                data={SOME_COMPARATORS.map((some) => ({ value: some, label: vocabulary.someComparator(t, some) }))}
                value={value.some || null}
                onChange={(some) => set({ some: some ?? undefined })}
                error={at('some')}
                disabled={readOnly}
                withAsterisk
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={span}>
              <NumberInput
                label={t(info?.someUnit === 'minutes' ? 'design.conditions.minutes' : 'design.conditions.someNumber')}
                value={value.someNumber ?? ''}
                onChange={(number) => set({ someNumber: number === '' ? null : number })}
                error={at('someNumber')}
                disabled={readOnly}
                min={0}
                allowDecimal={false}
                withAsterisk
              />
            </Grid.Col>
          </>
        )}
        {info?.usesDesignerInput && (
          <Grid.Col span={span}>
            {info.designerInputValues ? (
              <Select
                label={t('design.conditions.status')}
                data={info.designerInputValues.map((status) => ({
                  value: status,
                  label: (GAME_STATUS_VALUES as readonly string[]).includes(status)
                    ? t(`design.conditions.gameStatus.${status}`)
                    : status,
                }))}
                value={value.designerInputString || null}
                onChange={(status) => set({ designerInputString: status ?? undefined })}
                error={at('designerInputString')}
                disabled={readOnly}
                withAsterisk
                allowDeselect={false}
              />
            ) : (
              <TextInput
                label={t(
                  info.designerInputKind === 'timeOfDay'
                    ? 'design.conditions.timeOfDay'
                    : info.designerInputKind === 'timerName'
                      ? 'design.conditions.timerName'
                      : 'design.conditions.code',
                )}
                value={value.designerInputString ?? ''}
                onChange={(event) => set({ designerInputString: event.currentTarget.value })}
                error={at('designerInputString')}
                readOnly={readOnly}
                withAsterisk
              />
            )}
          </Grid.Col>
        )}
      </Grid>
      {onRemove && !readOnly && (
        <Tooltip label={removeLabel}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={removeLabel}
            pos="absolute"
            top={26}
            right={0}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Box>
  );
}
