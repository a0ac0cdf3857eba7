import { isDesignKind, labelOf, type ActionInfo, type DesignEntity } from '@loci/domain';
import { Select } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerField } from '../../media';
import { EntityPicker, PICKER_LABEL_MAX, entitiesOf, entityLabel, truncate } from '../common';
import { useCreateForms } from '../common/create-forms';
import { useWorkspace } from '../useWorkspace';
import type { ActionsContext } from './action-values';
import './locales';

interface WhatFieldProps {
  info: ActionInfo;
  value: string | null;
  onChange: (what: string | null) => void;
  error: string | undefined;
  readOnly: boolean;
  gameId: string;
  context: ActionsContext | undefined;
}

/** The payload property keys of all object types (archetypes) of the workspace, once each, sorted. */
function workspacePropertyOptions(
  workspace: Parameters<typeof entitiesOf>[0],
): Array<{ value: string; label: string }> {
  const labels = new Map<string, string>();
  for (const archetype of entitiesOf(workspace, 'archetype')) {
    const spec = archetype.payloadSpec;
    if (!spec || typeof spec !== 'object') continue;
    for (const [key, property] of Object.entries(spec as Record<string, { label?: string | null } | null>)) {
      if (!key || labels.has(key)) continue;
      const text = labelOf(property?.label);
      labels.set(key, text && text !== key ? `${text} (${key})` : key);
    }
  }
  return [...labels.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([value, label]) => ({ value, label }));
}

/**
 * The 'what' of an action, by the kinds its vocabulary row allows (spec 2 §9):
 * entities of the workspace (one kind, or several grouped by kind), the
 * statements of the conversation, the object's payload properties, or a medium.
 */
export function WhatField({ info, value, onChange, error, readOnly, gameId, context }: WhatFieldProps) {
  const { t } = useTranslation();
  const createFormFor = useCreateForms();
  const { data: workspace } = useWorkspace(gameId);
  const kinds = info.whatKinds;
  const label = kinds.map((kind) => t(`design.actions.whatOf.${kind}`)).join(t('design.actions.or'));
  const interactionType = info.interactionType;
  const filter = useCallback(
    (entity: DesignEntity) => !interactionType || entity.type === interactionType,
    [interactionType],
  );
  const entityKinds = kinds.filter(isDesignKind);
  const groupedEntities = useMemo(
    () =>
      kinds.filter(isDesignKind).map((kind) => ({
        group: t(`design.actions.whatOf.${kind}`),
        items: entitiesOf(workspace, kind)
          .filter(filter)
          .map((entity) => ({ value: entity.id, label: truncate(entityLabel(entity), PICKER_LABEL_MAX) })),
      })),
    [workspace, filter, t, kinds],
  );

  const common = { label, error, withAsterisk: true, disabled: readOnly };
  const kind = kinds[0];

  if (kind === 'media') {
    return (
      <MediaPickerField
        label={label}
        gameId={gameId}
        value={value}
        onChange={onChange}
        error={error}
        withAsterisk
        disabled={readOnly}
      />
    );
  }
  if (kind === 'statement') {
    const statements = context?.conversation?.statements ?? [];
    const data = statements
      .filter((statement) => statement.id)
      .map((statement, index) => ({
        value: statement.id!,
        label: labelOf(statement.body) || t('design.actions.statementOf', { number: index + 1 }),
      }));
    return (
      <Select
        {...common}
        data={data}
        value={value}
        onChange={onChange}
        allowDeselect={false}
        placeholder={data.length === 0 ? t('design.actions.noStatements') : t('design.pickerPlaceholder')}
      />
    );
  }
  if (kind === 'property') {
    const spec = context?.payloadSpec;
    // Without the object's payload (a rule's effect): the properties of every object type of the workspace.
    if (!spec) {
      const data = workspacePropertyOptions(workspace);
      if (value && !data.some((option) => option.value === value)) data.push({ value, label: value });
      return (
        <Select
          {...common}
          data={data}
          value={value}
          onChange={onChange}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('design.nothingFound')}
          placeholder={t('design.pickerPlaceholder')}
        />
      );
    }
    const data = Object.entries(spec).map(([field, property]) => ({
      value: field,
      label: labelOf(property?.label) || field,
    }));
    return <Select {...common} data={data} value={value} onChange={onChange} allowDeselect={false} />;
  }
  if (entityKinds.length === 1 && kind && isDesignKind(kind)) {
    return (
      <EntityPicker
        {...common}
        gameId={gameId}
        kind={kind}
        value={value}
        onChange={(id) => onChange(id)}
        filter={filter}
        clearable={false}
        renderCreateForm={readOnly ? undefined : createFormFor(kind, interactionType)}
      />
    );
  }
  // Several kinds (an item or an attribute; an object type or an offer): one list, grouped by kind.
  const known = groupedEntities.some((group) => group.items.some((item) => item.value === value));
  const data =
    value && !known ? [...groupedEntities, { group: '—', items: [{ value, label: value }] }] : groupedEntities;
  return (
    <Select
      {...common}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('design.nothingFound')}
      placeholder={t('design.pickerPlaceholder')}
    />
  );
}
