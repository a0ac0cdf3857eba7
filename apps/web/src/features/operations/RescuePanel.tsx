import {
  RESCUE_ACTION_KINDS,
  RESCUE_MAX_ACTIONS,
  RESCUE_REASON_MAX,
  type RescueAction,
  type RescueActionKind,
  type RescueRequest,
} from '@loci/domain';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import './locales';

/** What an action kind picks from the design. */
const TARGET_OF: Partial<Record<RescueActionKind, RescueTargetKind>> = {
  give: 'assets',
  take: 'assets',
  set: 'attributes',
  scene: 'scenes',
  assignMission: 'missions',
  completeMission: 'missions',
  milestone: 'milestones',
  rearm: 'rules',
};
const TARGET_FIELD: Partial<Record<RescueActionKind, string>> = {
  give: 'assetId',
  take: 'assetId',
  set: 'attributeId',
  scene: 'sceneId',
  assignMission: 'missionId',
  completeMission: 'missionId',
  milestone: 'milestoneId',
  rearm: 'ruleId',
};

export type RescueTargetKind = 'assets' | 'attributes' | 'scenes' | 'missions' | 'milestones' | 'rules';
export type RescueOptions = Record<RescueTargetKind, Array<{ value: string; label: string }>>;

/** A member of a team, as the rescue form offers them. */
export interface RescueMember {
  id: string;
  name: string;
}

export interface RescuePanelProps {
  /** The design's items, attributes, scenes… to pick from. */
  options: RescueOptions;
  /** The dialogs the player has open, oldest first (their titles). */
  dialogs: string[];
  /**
   * In a game played in teams, the team's members who have joined: a teleport places the one chosen; every other
   * action is the team's (the form says so). Absent for a solo player.
   */
  members?: readonly RescueMember[] | undefined;
  onSubmit: (body: RescueRequest) => Promise<unknown>;
}

interface Draft {
  kind: RescueActionKind;
  target: string | null;
  count: number | string;
  value: string;
  index: string | null;
  latitude: number | string;
  longitude: number | string;
  /** The team's member a teleport places (games played in teams). */
  memberId: string | null;
}

const EMPTY: Draft = {
  kind: 'give',
  target: null,
  count: 1,
  value: '',
  index: null,
  latitude: '',
  longitude: '',
  memberId: null,
};

/** A draft in the list, keyed for React across removals. */
interface Row {
  key: number;
  draft: Draft;
}

/** The action the draft describes (the server checks it; this only shapes it). */
function actionOf(draft: Draft): RescueAction {
  const target = draft.target ?? '';
  switch (draft.kind) {
    case 'give':
    case 'take':
      return { kind: draft.kind, assetId: target, count: Number(draft.count) };
    case 'set': {
      const number = Number(draft.value);
      return {
        kind: 'set',
        attributeId: target,
        value: draft.value.trim() !== '' && !Number.isNaN(number) ? number : draft.value,
      };
    }
    case 'scene':
      return { kind: 'scene', sceneId: target };
    case 'assignMission':
    case 'completeMission':
      return { kind: draft.kind, missionId: target };
    case 'milestone':
      return { kind: 'milestone', milestoneId: target };
    case 'rearm':
      return { kind: 'rearm', ruleId: target };
    case 'closeDialog':
      return { kind: 'closeDialog', index: Number(draft.index ?? 0) };
    case 'teleport':
      return {
        kind: 'teleport',
        latitude: Number(draft.latitude),
        longitude: Number(draft.longitude),
        ...(draft.memberId ? { memberId: draft.memberId } : {}),
      };
  }
}

/**
 * One action of the rescue form: its kind, what it picks from the design and
 * its own values; `error(field)` is the server's error for this action's field.
 */
function ActionFields({
  draft,
  options,
  dialogs,
  members,
  onChange,
  error,
}: {
  draft: Draft;
  options: RescueOptions;
  dialogs: string[];
  members: readonly RescueMember[] | undefined;
  onChange: (draft: Draft) => void;
  error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const set = (fields: Partial<Draft>) => onChange({ ...draft, ...fields });
  const targetKind = TARGET_OF[draft.kind];
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label={t('operations.rescue.action')}
          data={RESCUE_ACTION_KINDS.map((kind) => ({ value: kind, label: t(`operations.rescue.kinds.${kind}`) }))}
          value={draft.kind}
          allowDeselect={false}
          onChange={(kind) => kind && onChange({ ...EMPTY, kind: kind as RescueActionKind })}
        />
        {targetKind && (
          <Select
            label={t(`operations.rescue.targets.${targetKind}`)}
            data={options[targetKind]}
            value={draft.target}
            searchable
            onChange={(target) => set({ target })}
            error={error(TARGET_FIELD[draft.kind] ?? '')}
          />
        )}
      </Group>
      {(draft.kind === 'give' || draft.kind === 'take') && (
        <NumberInput
          label={t('operations.rescue.count')}
          min={1}
          value={draft.count}
          onChange={(count) => set({ count })}
          error={error('count')}
        />
      )}
      {draft.kind === 'set' && (
        <TextInput
          label={t('operations.rescue.value')}
          value={draft.value}
          onChange={(event) => set({ value: event.currentTarget.value })}
          error={error('value')}
        />
      )}
      {draft.kind === 'closeDialog' && (
        <Select
          label={t('operations.rescue.dialog')}
          data={dialogs.map((title, index) => ({ value: String(index), label: title }))}
          value={draft.index}
          onChange={(index) => set({ index })}
          error={error('index')}
        />
      )}
      {draft.kind === 'teleport' && members && (
        <Select
          label={t('operations.rescue.member')}
          withAsterisk
          data={members.map((member) => ({ value: member.id, label: member.name }))}
          value={draft.memberId}
          onChange={(memberId) => set({ memberId })}
          placeholder={members.length === 0 ? t('operations.rescue.noMembers') : undefined}
          error={error('memberId')}
        />
      )}
      {draft.kind === 'teleport' && (
        <Group grow>
          <NumberInput
            label={t('operations.rescue.latitude')}
            decimalScale={6}
            value={draft.latitude}
            onChange={(latitude) => set({ latitude })}
            error={error('latitude')}
          />
          <NumberInput
            label={t('operations.rescue.longitude')}
            decimalScale={6}
            value={draft.longitude}
            onChange={(longitude) => set({ longitude })}
            error={error('longitude')}
          />
        </Group>
      )}
    </>
  );
}

/**
 * The rescue form of a player's panel (issue 16 §3): one or several engine
 * actions (up to the API's 20, e.g. give an item, set an attribute and move
 * to a scene) with one reason (required), applied together as one operator
 * event `rescue` and audited as one row. The server's field errors
 * (`actions.{i}.{field}`) show under the fields of their action. A team's form
 * (games played in teams) says that its actions are the team's, and a teleport
 * asks which member to place.
 */
export function RescuePanel({ options, dialogs, members, onSubmit }: RescuePanelProps) {
  const { t } = useTranslation();
  const nextKey = useRef(1);
  const [rows, setRows] = useState<Row[]>([{ key: 0, draft: EMPTY }]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const several = rows.length > 1;
  const title = members ? t('operations.rescue.teamTitle') : t('operations.rescue.title');

  const change = (key: number, draft: Draft) =>
    setRows((current) => current.map((row) => (row.key === key ? { key, draft } : row)));
  const add = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, draft: EMPTY }]);
  };
  const remove = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    // The server's errors name actions by their place, which a removal changes.
    setErrors((current): Record<string, string> => (current.reason ? { reason: current.reason } : {}));
  };

  const submit = async () => {
    if (reason.trim() === '') {
      setErrors({ reason: t('operations.rescue.reasonRequired') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSubmit({ actions: rows.map((row) => actionOf(row.draft)), reason: reason.trim() });
      setRows([{ key: nextKey.current++, draft: EMPTY }]);
      setReason('');
    } catch (error) {
      setErrors(isApiError(error) && error.body?.errors ? (error.body.errors as Record<string, string>) : {});
      if (!isApiError(error) || !error.body?.errors) throw error;
    } finally {
      setSaving(false);
    }
  };

  const fieldsOf = (row: Row, index: number) => (
    <ActionFields
      draft={row.draft}
      options={options}
      dialogs={dialogs}
      members={members}
      onChange={(draft) => change(row.key, draft)}
      error={(field) => errors[`actions.${index}.${field}`]}
    />
  );

  return (
    <Stack
      gap="sm"
      mt="md"
      component="form"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit().catch(() => undefined);
      }}
    >
      <Text fw={500}>{title}</Text>
      {members && (
        <Text size="sm" c="dimmed">
          {t('operations.rescue.teamNote')}
        </Text>
      )}
      {several
        ? rows.map((row, index) => {
            const label = t('operations.rescue.actionNumber', { n: index + 1 });
            return (
              <Fieldset
                key={row.key}
                aria-label={label}
                legend={
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {label}
                    </Text>
                    <Tooltip label={t('operations.rescue.removeAction', { n: index + 1 })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('operations.rescue.removeAction', { n: index + 1 })}
                        onClick={() => remove(row.key)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                }
              >
                <Stack gap="sm">{fieldsOf(row, index)}</Stack>
              </Fieldset>
            );
          })
        : fieldsOf(rows[0]!, 0)}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={rows.length >= RESCUE_MAX_ACTIONS}
        >
          {t('operations.rescue.addAction')}
        </Button>
      </Group>
      <Textarea
        label={t('operations.rescue.reason')}
        description={t('operations.rescue.reasonHelp')}
        withAsterisk
        maxLength={RESCUE_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errors.reason}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          {t('operations.rescue.applyAll', { count: rows.length })}
        </Button>
      </Group>
    </Stack>
  );
}
