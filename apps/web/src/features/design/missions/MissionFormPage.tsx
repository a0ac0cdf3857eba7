import {
  JUDGING_MODES,
  MISSION_TIME_LIMIT_MINUTES,
  newMissionDefaults,
  type DesignEntity,
  type JudgingMode,
} from '@loci/domain';
import { Divider, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { EntityFormShell, NameField, NotesField, useDesignEntityForm } from '../common';
import { AdvancedNames, useNameFromTitle } from '../common/DesignFields';
import { TimeLimitField } from '../common/TimeLimitField';
import { binderOf, errorOf } from '../conditions/form-binding';
import { AccomplishmentEditor, type AccomplishmentValue } from './AccomplishmentEditor';
import './locales';

/** The values of the mission form. */
export interface MissionFormValues {
  name: string;
  title: string;
  description: string;
  notes: string;
  accomplishment: AccomplishmentValue;
  /** How submissions are judged (issue 29); only offered for a mission accomplished by a submission. */
  judging: JudgingMode;
  /** Minutes to accomplish it once assigned (issue 28); empty for no limit. */
  timeLimitMinutes: number | string | null;
}

function defaults(): MissionFormValues {
  const values = newMissionDefaults();
  return {
    name: values.name ?? '',
    title: values.title ?? '',
    description: values.description ?? '',
    notes: values.notes ?? '',
    accomplishment: (values.accomplishment ?? {}) as AccomplishmentValue,
    judging: 'auto',
    timeLimitMinutes: null,
  };
}

/** The form values of a stored mission. */
export function toMissionFormValues(mission: DesignEntity): MissionFormValues {
  const fallback = defaults();
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: mission.name,
    title: text(mission.title),
    description: text(mission.description),
    notes: text(mission.notes),
    accomplishment:
      mission.accomplishment && typeof mission.accomplishment === 'object'
        ? (mission.accomplishment as AccomplishmentValue)
        : fallback.accomplishment,
    judging: (JUDGING_MODES as readonly string[]).includes(String(mission.judging))
      ? (mission.judging as JudgingMode)
      : 'auto',
    timeLimitMinutes: typeof mission.timeLimitMinutes === 'number' ? mission.timeLimitMinutes : null,
  };
}

export interface MissionFormProps {
  /** The mission's id; undefined or '0' for a new one. */
  entityId: string | undefined;
  /** In a modal: called with the created mission, or nothing on cancel. */
  onDone?: (mission?: DesignEntity) => void;
}

/**
 * The mission form (spec 2 §3–5): name, title, description and how it is
 * accomplished — by a submission (share or capture of text and/or media), by
 * condition blocks, or by sub-missions (one level, in order or not).
 */
export function MissionForm({ entityId, onDone }: MissionFormProps) {
  const { t } = useTranslation();
  const { entityForm, form, submitParsed } = useDesignEntityForm('mission', entityId, {
    onDone,
    initialValues: defaults,
    fromEntity: toMissionFormValues,
  });
  const { gameId, readOnly, entity } = entityForm;
  const bind = binderOf(form);
  const description = bind<string>('description', '');

  useNameFromTitle(form, entityForm, String(form.values.title ?? ''));
  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={
        entityForm.isNew ? t('design.missions.newTitle') : t('design.missions.title', { name: entity?.name ?? '' })
      }
      onSubmit={submitParsed}
    >
      <TextInput
        label={t('design.missions.missionTitle')}
        withAsterisk
        readOnly={readOnly}
        {...form.getInputProps('title')}
      />
      <AdvancedNames hasError={Boolean(form.errors.name)}>
        <NameField form={form} entityForm={entityForm} />
      </AdvancedNames>
      <RichTextEditor
        label={t('design.missions.description')}
        value={description.value ?? ''}
        onChange={description.onChange}
        error={errorOf(description.errors, 'description')}
        readOnly={readOnly}
        withAsterisk
        minHeight={140}
      />
      <NotesField readOnly={readOnly} {...form.getInputProps('notes')} />
      <Divider />
      <AccomplishmentEditor bind={bind} path="accomplishment" readOnly={readOnly} gameId={gameId} />
      {form.values.accomplishment?.accomplishmentType === 'action' && (
        <Select
          label={t('design.missions.judging')}
          description={t('design.missions.judgingHint')}
          data={JUDGING_MODES.map((mode) => ({ value: mode, label: t(`design.missions.judgingModes.${mode}`) }))}
          allowDeselect={false}
          readOnly={readOnly}
          {...form.getInputProps('judging')}
        />
      )}
      <TimeLimitField
        bind={bind}
        path="timeLimitMinutes"
        unit="minutes"
        min={MISSION_TIME_LIMIT_MINUTES.min}
        max={MISSION_TIME_LIMIT_MINUTES.max}
        readOnly={readOnly}
      />
    </EntityFormShell>
  );
}

/** /games/:gameId/missions/create/0 and /games/:gameId/missions/edit/:entityId. */
export function MissionFormPage() {
  const { entityId } = useParams();
  return <MissionForm key={entityId ?? 'new'} entityId={entityId} />;
}
