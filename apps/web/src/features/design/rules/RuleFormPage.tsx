import { newRuleDefaults, type Rule } from '@loci/domain';
import { Divider, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActionsEditor, type ActionValue } from '../actions';
import { EntityFormShell, NameField, entityLabel, findEntity, NotesField, useDesignEntityForm } from '../common';
import { ConditionBlocksEditor, ConditionEditor, type ConditionBlockValue, type ConditionValue } from '../conditions';
import { bindEditor } from '../conditions/form-binding';
import './locales';

/** The values of the rule form: a rule (spec 4 §1) whose conditions and actions may still be drafts. */
export interface RuleFormValues {
  name: string;
  notes: string;
  sceneId: string;
  trigger: ConditionValue;
  fireOnce: boolean;
  triggerPreconditions: ConditionBlockValue[];
  sideeffects: ActionValue[];
  sideeffectselse: ActionValue[];
}

function defaultsFor(sceneId: string): RuleFormValues {
  const defaults = newRuleDefaults(sceneId);
  return {
    name: defaults.name ?? '',
    notes: defaults.notes ?? '',
    sceneId,
    trigger: defaults.trigger ?? { conditionType: '', verb: '' },
    fireOnce: defaults.fireOnce ?? true,
    triggerPreconditions: [],
    sideeffects: [],
    sideeffectselse: [],
  };
}

/** The form values of a stored rule. */
export function toRuleFormValues(rule: Rule): RuleFormValues {
  return {
    name: rule.name,
    notes: rule.notes,
    sceneId: rule.sceneId,
    trigger: rule.trigger,
    fireOnce: rule.fireOnce,
    triggerPreconditions: rule.triggerPreconditions,
    sideeffects: rule.sideeffects,
    sideeffectselse: rule.sideeffectselse,
  };
}

export interface RuleFormProps {
  /** The rule's id; undefined or '0' for a new one. */
  entityId: string | undefined;
  /** The scene a new rule belongs to. */
  sceneId: string | undefined;
}

/**
 * The rule form (spec 2 §3, §5; spec 4 §1): name and notes, the trigger (only
 * trigger verbs), fire once, the preconditions, the side effects and the else
 * side effects. Cancel and save return to the rule's scene.
 */
export function RuleForm({ entityId, sceneId }: RuleFormProps) {
  const { t } = useTranslation();
  const { entityForm, form, submitParsed } = useDesignEntityForm('rule', entityId, {
    sceneId,
    initialValues: () => defaultsFor(sceneId ?? ''),
    fromEntity: toRuleFormValues,
  });
  const { gameId, readOnly, workspace, entity } = entityForm;

  const scene = findEntity(workspace, 'scene', form.getValues().sceneId || sceneId);
  const common = { readOnly, gameId };
  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={entityForm.isNew ? t('design.rules.newTitle') : t('design.rules.title', { name: entity?.name ?? '' })}
      description={scene ? t('design.rules.ofScene', { scene: entityLabel(scene) }) : undefined}
      onSubmit={submitParsed}
    >
      {form.errors.sceneId && (
        // The scene is the route's, not a field: a server's 'Select a scene' shows here.
        <Text size="sm" c="red" role="alert">
          {form.errors.sceneId}
        </Text>
      )}
      <NameField form={form} entityForm={entityForm} />
      <NotesField readOnly={readOnly} {...form.getInputProps('notes')} />

      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('design.rules.when')}
        </Title>
        <ConditionEditor
          {...bindEditor<ConditionValue>(form, 'trigger', { conditionType: '', verb: '' })}
          {...common}
          triggerOnly
          label={t('design.rules.trigger')}
        />
        <Switch
          label={t('design.rules.fireOnce')}
          description={t('design.rules.fireOnceHint')}
          disabled={readOnly}
          {...form.getInputProps('fireOnce', { type: 'checkbox' })}
        />
      </Stack>

      <Divider />
      <ConditionBlocksEditor
        {...bindEditor<ConditionBlockValue[]>(form, 'triggerPreconditions', [])}
        {...common}
        label={t('design.rules.preconditions')}
        description={t('design.rules.preconditionsHint')}
      />

      <Divider />
      <ActionsEditor
        {...bindEditor<ActionValue[]>(form, 'sideeffects', [])}
        {...common}
        title={t('design.rules.sideeffects')}
        description={t('design.rules.sideeffectsHint')}
      />
      <ActionsEditor
        {...bindEditor<ActionValue[]>(form, 'sideeffectselse', [])}
        {...common}
        title={t('design.rules.sideeffectselse')}
        description={t('design.rules.sideeffectselseHint')}
      />
    </EntityFormShell>
  );
}

/** /games/:gameId/rules/create/0/:sceneId and /games/:gameId/rules/edit/:entityId. */
export function RuleFormPage() {
  const { entityId, sceneId } = useParams();
  return <RuleForm key={entityId ?? `new:${sceneId ?? ''}`} entityId={entityId} sceneId={sceneId} />;
}
