import {
  RESCUE_ACTION_KINDS,
  RESCUE_REASON_MAX,
  type RescueAction,
  type RescueActionKind,
  type RescueRequest,
} from '@loci/domain';
import { Button, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
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

export interface RescuePanelProps {
  /** The design's items, attributes, scenes… to pick from. */
  options: RescueOptions;
  /** The dialogs the player has open, oldest first (their titles). */
  dialogs: string[];
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
}

const EMPTY: Draft = { kind: 'give', target: null, count: 1, value: '', index: null, latitude: '', longitude: '' };

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
      return { kind: 'teleport', latitude: Number(draft.latitude), longitude: Number(draft.longitude) };
  }
}

/**
 * The rescue form of a player's panel (issue 16 §3): one engine action and the
 * operator's reason (required), applied as the operator event `rescue`. The
 * server's field errors show under their fields.
 */
export function RescuePanel({ options, dialogs, onSubmit }: RescuePanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const targetKind = TARGET_OF[draft.kind];
  const field = (name: string) => errors[`actions.0.${name}`];

  const submit = async () => {
    if (reason.trim() === '') {
      setErrors({ reason: t('operations.rescue.reasonRequired') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSubmit({ actions: [actionOf(draft)], reason: reason.trim() });
      setDraft(EMPTY);
      setReason('');
    } catch (error) {
      setErrors(isApiError(error) && error.body?.errors ? (error.body.errors as Record<string, string>) : {});
      if (!isApiError(error) || !error.body?.errors) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label={t('operations.rescue.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit().catch(() => undefined);
      }}
    >
      <Text fw={500}>{t('operations.rescue.title')}</Text>
      <Group grow align="flex-start">
        <Select
          label={t('operations.rescue.action')}
          data={RESCUE_ACTION_KINDS.map((kind) => ({ value: kind, label: t(`operations.rescue.kinds.${kind}`) }))}
          value={draft.kind}
          allowDeselect={false}
          onChange={(kind) => kind && setDraft({ ...EMPTY, kind: kind as RescueActionKind })}
        />
        {targetKind && (
          <Select
            label={t(`operations.rescue.targets.${targetKind}`)}
            data={options[targetKind]}
            value={draft.target}
            searchable
            onChange={(target) => set({ target })}
            error={field(TARGET_FIELD[draft.kind] ?? '')}
          />
        )}
      </Group>
      {(draft.kind === 'give' || draft.kind === 'take') && (
        <NumberInput
          label={t('operations.rescue.count')}
          min={1}
          value={draft.count}
          onChange={(count) => set({ count })}
          error={field('count')}
        />
      )}
      {draft.kind === 'set' && (
        <TextInput
          label={t('operations.rescue.value')}
          value={draft.value}
          onChange={(event) => set({ value: event.currentTarget.value })}
          error={field('value')}
        />
      )}
      {draft.kind === 'closeDialog' && (
        <Select
          label={t('operations.rescue.dialog')}
          data={dialogs.map((title, index) => ({ value: String(index), label: title }))}
          value={draft.index}
          onChange={(index) => set({ index })}
          error={field('index')}
        />
      )}
      {draft.kind === 'teleport' && (
        <Group grow>
          <NumberInput
            label={t('operations.rescue.latitude')}
            decimalScale={6}
            value={draft.latitude}
            onChange={(latitude) => set({ latitude })}
            error={field('latitude')}
          />
          <NumberInput
            label={t('operations.rescue.longitude')}
            decimalScale={6}
            value={draft.longitude}
            onChange={(longitude) => set({ longitude })}
            error={field('longitude')}
          />
        </Group>
      )}
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
          {t('operations.rescue.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
