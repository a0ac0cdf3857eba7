import { newMilestoneDefaults, type DesignEntity } from '@loci/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityFormShell, NameField, NotesField, useDesignEntityForm } from '../common';
import { ConditionBlocksEditor, type ConditionBlockValue } from '../conditions';
import { bindEditor } from '../conditions/form-binding';
import './locales';

/** The values of the milestone form. */
export interface MilestoneFormValues {
  name: string;
  notes: string;
  condition: ConditionBlockValue[];
}

function defaults(): MilestoneFormValues {
  const values = newMilestoneDefaults();
  return { name: values.name ?? '', notes: values.notes ?? '', condition: [] };
}

/** The form values of a stored milestone. */
export function toMilestoneFormValues(milestone: DesignEntity): MilestoneFormValues {
  return {
    name: milestone.name,
    notes: typeof milestone.notes === 'string' ? milestone.notes : '',
    condition: Array.isArray(milestone.condition) ? (milestone.condition as ConditionBlockValue[]) : [],
  };
}

export interface MilestoneFormProps {
  /** The milestone's id; undefined or '0' for a new one. */
  entityId: string | undefined;
  /** In a modal ('Create new…' of a picker): called with the created milestone, or nothing on cancel. */
  onDone?: (milestone?: DesignEntity) => void;
}

/**
 * The milestone form (spec 2 §3, §5, §7): its name (checked on blur) and the
 * condition blocks that reach it. Its toasts are 'Milestone {name} created',
 * 'Milestone {name} saved' and 'Milestone deleted'; delete and cancel return
 * to the game page.
 */
export function MilestoneForm({ entityId, onDone }: MilestoneFormProps) {
  const { t } = useTranslation();
  const { entityForm, form, submitParsed } = useDesignEntityForm('milestone', entityId, {
    onDone,
    initialValues: defaults,
    fromEntity: toMilestoneFormValues,
  });
  const { gameId, readOnly, entity } = entityForm;

  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={
        entityForm.isNew ? t('design.milestones.newTitle') : t('design.milestones.title', { name: entity?.name ?? '' })
      }
      onSubmit={submitParsed}
    >
      <NameField form={form} entityForm={entityForm} />
      <NotesField readOnly={readOnly} {...form.getInputProps('notes')} />
      <ConditionBlocksEditor
        {...bindEditor<ConditionBlockValue[]>(form, 'condition', [])}
        readOnly={readOnly}
        gameId={gameId}
        label={t('design.milestones.condition')}
        description={t('design.milestones.conditionHint')}
      />
    </EntityFormShell>
  );
}

/** /games/:gameId/milestones/create/0 and /games/:gameId/milestones/edit/:entityId. */
export function MilestoneFormPage() {
  const { entityId } = useParams();
  return <MilestoneForm key={entityId ?? 'new'} entityId={entityId} />;
}
