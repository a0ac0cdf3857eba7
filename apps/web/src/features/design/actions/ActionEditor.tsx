import { NAMED_ACTORS, NUMBER_PROP_HOW, mutationNeeds, type DesignEntity } from '@loci/domain';
import { Grid, NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PICKER_LABEL_MAX, entitiesOf, entityLabel, truncate } from '../common';
import { useWorkspace } from '../useWorkspace';
import {
  actionGroupOptions,
  actionInfo,
  withActionName,
  withActor,
  type ActionArgsValue,
  type ActionValue,
  type ActionsContext,
} from './action-values';
import { WhatField } from './WhatField';
import './locales';
import { vocabulary } from '../common/vocabulary';
import { domainText } from '../../../i18n/domain';

export interface ActionEditorProps {
  value: ActionValue;
  onChange: (next: ActionValue) => void;
  errors: Record<string, unknown>;
  /** The path of this action in the form ('sideeffects.0'). */
  errorPath: string;
  readOnly: boolean;
  gameId: string;
  context?: ActionsContext;
  /** Another action of the list already waits for the player: a second blocking action is refused. */
  otherIsBlocking: boolean;
}

function errorAt(errors: Record<string, unknown>, path: string): string | undefined {
  const error = errors[path];
  return error ? String(error) : undefined;
}

const isPlayerCharacter = (character: DesignEntity) => character.isPlayer === true;

/**
 * One action (spec 2 §3, §5, §9), driven by the domain's vocabulary: who acts
 * (the game, the player, the world or a character), the action (grouped, only
 * those the actor may perform), then only what the action needs: its 'what',
 * a value (and how a number property changes), the notification text, notify.
 */
export function ActionEditor({
  value,
  onChange,
  errors,
  errorPath,
  readOnly,
  gameId,
  context,
  otherIsBlocking,
}: ActionEditorProps) {
  const { t } = useTranslation();
  const { data: workspace } = useWorkspace(gameId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const info = actionInfo(value.actionName);
  const args = value.actionArgs ?? {};
  const at = (field: string) => errorAt(errors, `${errorPath}.${field}`);

  const actors = useMemo(() => {
    const characters = entitiesOf(workspace, 'character').filter((character) => !isPlayerCharacter(character));
    const named = (Object.keys(NAMED_ACTORS) as Array<keyof typeof NAMED_ACTORS>).map((id) => ({
      value: id,
      label: vocabulary.namedActor(t, id),
    }));
    const groups: { group: string; items: { value: string; label: string }[] }[] = [
      { group: t('design.actions.actors'), items: named },
    ];
    if (characters.length > 0) {
      groups.push({
        group: t('design.actions.characters'),
        items: characters.map((character) => ({
          value: character.id,
          label: truncate(entityLabel(character), PICKER_LABEL_MAX),
        })),
      });
    }
    return groups;
  }, [workspace, t]);
  const actionGroups = useMemo(
    () =>
      actionGroupOptions(value.actorId, {
        group: (group) => vocabulary.actionGroup(t, group),
        action: (name) => vocabulary.action(t, name),
      }),
    [value.actorId, t],
  );

  const setArgs = (patch: Partial<ActionArgsValue>) => onChange({ ...value, actionArgs: { ...args, ...patch } });
  const handleActionName = (name: string | null) => {
    const next = actionInfo(name);
    if (next?.blocking && otherIsBlocking) {
      setRefusal(domainText(t, 'DESIGN_MESSAGES', 'atMostOneBlockingAction'));
      return;
    }
    setRefusal(null);
    onChange(withActionName(value, name ?? ''));
  };

  const isMutation = info?.name === 'mutateObject';
  const propertyType = isMutation && args.what ? (context?.payloadSpec?.[args.what]?.type ?? undefined) : undefined;
  const mutation = isMutation ? mutationNeeds(propertyType) : null;
  const numericValue = info?.valueType === 'number' || Boolean(mutation?.numberPropHow);
  const showValue = Boolean(info?.needsValue || isMutation);
  const valueRequired = Boolean(info?.needsValue || mutation?.value);
  const showNotify = Boolean(info && !info.blocking && !info.needsMsg);

  const span = { base: 12, sm: 6, lg: 3 };
  return (
    <Grid gap="sm" align="flex-start">
      <Grid.Col span={span}>
        <Select
          label={t('design.actions.actor')}
          data={actors}
          value={value.actorId || null}
          onChange={(actorId) => onChange(withActor(value, actorId ?? ''))}
          error={at('actorId')}
          disabled={readOnly}
          withAsterisk
          allowDeselect={false}
          placeholder={t('design.pickerPlaceholder')}
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <Select
          label={t('design.actions.name')}
          data={actionGroups}
          value={value.actionName || null}
          onChange={handleActionName}
          error={refusal ?? at('actionName')}
          disabled={readOnly}
          withAsterisk
          searchable
          allowDeselect={false}
          placeholder={t('design.pickerPlaceholder')}
          nothingFoundMessage={t('design.nothingFound')}
        />
      </Grid.Col>
      {info?.whatKind === 'timer' && (
        <Grid.Col span={span}>
          <TextInput
            label={t('design.actions.timerName')}
            value={args.what ?? ''}
            onChange={(event) => setArgs({ what: event.currentTarget.value || undefined })}
            error={at('actionArgs.what')}
            readOnly={readOnly}
            withAsterisk
          />
        </Grid.Col>
      )}
      {info?.needsWhat && info.whatKind !== 'timer' && (
        // What the action acts on is named by its title (and system name): twice the room of the other
        // fields, so "Well done! (correct)" is read whole, not cut at "Well done! (c" (issue 30).
        <Grid.Col span={info.whatKind === 'media' ? 12 : { base: 12, lg: 6 }}>
          <WhatField
            info={info}
            value={args.what || null}
            onChange={(what) => setArgs({ what: what ?? undefined })}
            error={at('actionArgs.what')}
            readOnly={readOnly}
            gameId={gameId}
            context={context}
          />
        </Grid.Col>
      )}
      {mutation?.numberPropHow && (
        <Grid.Col span={span}>
          <Select
            label={t('design.actions.numberPropHow')}
            data={NUMBER_PROP_HOW.map((how) => ({ value: how, label: `${how} ${vocabulary.numberPropHow(t, how)}` }))}
            value={args.numberPropHow || null}
            onChange={(how) => setArgs({ numberPropHow: how ?? undefined })}
            error={at('actionArgs.numberPropHow')}
            disabled={readOnly}
            withAsterisk
            allowDeselect={false}
          />
        </Grid.Col>
      )}
      {showValue && (
        <Grid.Col span={span}>
          {numericValue ? (
            <NumberInput
              label={t(info?.group === 'Clock' ? 'design.actions.minutes' : 'design.actions.amount')}
              value={args.value ?? ''}
              onChange={(number) => setArgs({ value: number === '' ? null : number })}
              error={at('actionArgs.value')}
              disabled={readOnly}
              withAsterisk={valueRequired}
            />
          ) : (
            <TextInput
              label={t('design.actions.value')}
              value={args.value === null || args.value === undefined ? '' : String(args.value)}
              onChange={(event) => setArgs({ value: event.currentTarget.value })}
              error={at('actionArgs.value')}
              readOnly={readOnly}
              withAsterisk={valueRequired}
            />
          )}
        </Grid.Col>
      )}
      {info?.needsMsg && (
        <Grid.Col span={12}>
          <Textarea
            label={t('design.actions.msg')}
            value={args.msg ?? ''}
            onChange={(event) => setArgs({ msg: event.currentTarget.value })}
            error={at('actionArgs.msg')}
            readOnly={readOnly}
            withAsterisk
            autosize
            minRows={2}
          />
        </Grid.Col>
      )}
      {showNotify && (
        <Grid.Col span={12}>
          <Switch
            label={t('design.actions.notify')}
            checked={Boolean(value.notify)}
            onChange={(event) => {
              const notify = event.currentTarget.checked;
              // The message goes with the notification.
              onChange({ ...value, notify, actionArgs: notify ? args : { ...args, message: undefined } });
            }}
            disabled={readOnly}
          />
          {value.notify && (
            <TextInput
              mt="xs"
              label={t('design.actions.message')}
              value={args.message ?? ''}
              onChange={(event) => setArgs({ message: event.currentTarget.value })}
              error={at('actionArgs.message')}
              readOnly={readOnly}
            />
          )}
        </Grid.Col>
      )}
    </Grid>
  );
}
