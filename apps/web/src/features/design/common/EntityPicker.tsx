import { DESIGN_KIND_INFO, type DesignEntity, type DesignKind } from '@loci/domain';
import { ActionIcon, Group, Modal, Select, Text, Tooltip, type ComboboxItem } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '../useWorkspace';
import { useGameRights } from './useGameRights';
import { PICKER_LABEL_MAX, entitiesOf, entityLabel, truncate } from './workspace-data';
import './locales';

export interface EntityPickerProps {
  gameId: string;
  /** Which kind of entity to pick from the workspace. */
  kind: DesignKind;
  value: string | null;
  onChange: (id: string | null, entity: DesignEntity | undefined) => void;
  label?: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  /** Only the entities that pass (e.g. non-currency items, the scene's locations). */
  filter?: (entity: DesignEntity) => boolean;
  /** How an entity is labelled (default: 'title (name)'); cut at 150 characters either way. */
  getLabel?: (entity: DesignEntity) => string;
  /**
   * Offers 'Create new…' (spec 2 §2: milestones, places and interactions can be
   * created in a modal): renders the creation form in a modal. Call `done` with
   * the created entity to pick it, or with nothing to close.
   */
  renderCreateForm?: (done: (created?: DesignEntity) => void) => ReactNode;
  /** The modal's title (default 'New {kind label}'). */
  createTitle?: string;
  'aria-label'?: string;
}

/** A Select of the entities of one kind in the workspace, optionally with 'Create new…' in a modal. */
export function EntityPicker({
  gameId,
  kind,
  value,
  onChange,
  label,
  placeholder,
  description,
  error,
  withAsterisk,
  disabled,
  clearable = true,
  filter,
  getLabel = entityLabel,
  renderCreateForm,
  createTitle,
  'aria-label': ariaLabel,
}: EntityPickerProps) {
  const { t } = useTranslation();
  const { data: workspace, isPending } = useWorkspace(gameId);
  const { canEdit } = useGameRights(gameId);
  const [opened, { open, close }] = useDisclosure(false);
  const entities = useMemo(() => {
    const all = entitiesOf(workspace, kind);
    return filter ? all.filter(filter) : all;
  }, [workspace, kind, filter]);
  const data = useMemo(
    () => entities.map((entity) => ({ value: entity.id, label: truncate(getLabel(entity), PICKER_LABEL_MAX) })),
    [entities, getLabel],
  );
  const byId = useMemo(() => new Map(entities.map((entity) => [entity.id, entity])), [entities]);
  // The title first (wrapped, never cut by the field's width), the system name after it, dimmed.
  const renderOption = ({ option }: { option: ComboboxItem }) => {
    const entity = byId.get(option.value);
    const raw = (entity as { title?: unknown } | undefined)?.title;
    const title = typeof raw === 'string' ? raw.trim() : '';
    if (!entity || !title || getLabel !== entityLabel) return <Text size="sm">{option.label}</Text>;
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {truncate(title, PICKER_LABEL_MAX)}{' '}
        <Text span size="xs" c="dimmed" ff="monospace">
          ({entity.name})
        </Text>
      </Text>
    );
  };
  const selectedLabel = value ? data.find((option) => option.value === value)?.label : undefined;
  // A value the list does not (yet) hold still shows.
  const options = value && !data.some((option) => option.value === value) ? [...data, { value, label: value }] : data;

  const done = (created?: DesignEntity) => {
    close();
    if (created) onChange(created.id, created);
  };

  const kindLabel = t(`design.kinds.${kind}`, { defaultValue: DESIGN_KIND_INFO[kind].label });
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          label={label}
          aria-label={ariaLabel}
          placeholder={placeholder ?? (isPending ? undefined : t('design.pickerPlaceholder'))}
          description={description}
          error={error}
          withAsterisk={withAsterisk}
          disabled={disabled}
          clearable={clearable}
          searchable
          nothingFoundMessage={t('design.nothingFound')}
          data={options}
          value={value}
          onChange={(id) =>
            onChange(
              id,
              entities.find((entity) => entity.id === id),
            )
          }
          renderOption={renderOption}
          // The whole title on hover when the field is too narrow for it.
          title={selectedLabel}
          // As wide as the longest title needs (up to 32rem), so titles are not cut in the list.
          comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
          styles={{ dropdown: { maxWidth: 'min(32rem, 90vw)', minWidth: 'var(--combobox-target-width, 12rem)' } }}
        />
        {renderCreateForm && (
          // Icon-only, so the picker keeps its width in the narrow columns of the condition and action editors.
          <Tooltip label={t('design.createNew')}>
            <ActionIcon
              variant="light"
              size={36}
              aria-label={t('design.createNew')}
              onClick={open}
              disabled={disabled || !canEdit}
              mb={error ? 22 : 0}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {renderCreateForm && (
        <Modal
          opened={opened}
          onClose={close}
          size="xl"
          title={createTitle ?? t('design.createNewTitle', { label: kindLabel, context: kind })}
        >
          {opened && renderCreateForm(done)}
        </Modal>
      )}
    </>
  );
}
