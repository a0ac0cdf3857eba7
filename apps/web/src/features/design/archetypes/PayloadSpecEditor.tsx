import { PROPERTY_TYPES } from '@loci/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canBeTitle, newPropertyRow, type PropertyRow } from './object-type-values';
import './locales';
import { vocabulary } from '../common/vocabulary';

export interface PayloadSpecEditorProps {
  value: PropertyRow[];
  onChange: (rows: PropertyRow[]) => void;
  /** The form's errors ('payloadSpec.{index}.{field}'). */
  errors: Record<string, unknown>;
  readOnly: boolean;
}

/**
 * The payload properties of an object type (spec 2 §3): key, type, label, and
 * the flags hide label, required, hidden and object title (text or number
 * properties only; one title at most).
 */
export function PayloadSpecEditor({ value, onChange, errors, readOnly }: PayloadSpecEditorProps) {
  const { t } = useTranslation();
  const typeOptions = PROPERTY_TYPES.map((type) => ({ value: type.value, label: vocabulary.propertyType(t, type) }));
  const errorAt = (index: number, field: string) => errors[`payloadSpec.${index}.${field}`] as string | undefined;

  const update = (index: number, patch: Partial<PropertyRow>) =>
    onChange(
      value.map((row, at) => {
        if (at !== index) return row;
        const next = { ...row, ...patch };
        // Only text and number properties can be the title.
        if (!canBeTitle(next.type)) next.objectTitle = false;
        return next;
      }),
    );
  const remove = (index: number) => onChange(value.filter((_, at) => at !== index));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('design.objectTypes.properties.hint')}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed" fs="italic">
          {t('design.objectTypes.properties.none')}
        </Text>
      )}
      {value.map((row, index) => {
        const name = row.key || row.label || String(index + 1);
        const titleError = errorAt(index, 'objectTitle');
        return (
          <Paper
            key={row.rowId}
            withBorder
            radius="md"
            p="sm"
            role="group"
            aria-label={t('design.objectTypes.properties.row', { index: index + 1 })}
          >
            <Stack gap="xs">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                  <TextInput
                    label={t('design.objectTypes.properties.key')}
                    withAsterisk
                    value={row.key}
                    onChange={(event) => update(index, { key: event.currentTarget.value })}
                    error={errorAt(index, 'key')}
                    readOnly={readOnly}
                  />
                  <Select
                    label={t('design.objectTypes.properties.type')}
                    withAsterisk
                    allowDeselect={false}
                    data={typeOptions}
                    value={row.type || null}
                    onChange={(type) => update(index, { type: type ?? '' })}
                    error={errorAt(index, 'type')}
                    disabled={readOnly}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <TextInput
                    label={t('design.objectTypes.properties.label')}
                    withAsterisk
                    value={row.label}
                    onChange={(event) => update(index, { label: event.currentTarget.value })}
                    error={errorAt(index, 'label')}
                    readOnly={readOnly}
                  />
                </SimpleGrid>
                <Tooltip label={t('design.objectTypes.properties.remove', { name })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    onClick={() => remove(index)}
                    disabled={readOnly}
                    aria-label={t('design.objectTypes.properties.remove', { name })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Group gap="lg">
                <Checkbox
                  label={t('design.objectTypes.properties.hideLabel')}
                  checked={row.hideLabel}
                  onChange={(event) => update(index, { hideLabel: event.currentTarget.checked })}
                />
                <Checkbox
                  label={t('design.objectTypes.properties.required')}
                  checked={row.required}
                  onChange={(event) => update(index, { required: event.currentTarget.checked })}
                />
                <Checkbox
                  label={t('design.objectTypes.properties.hidden')}
                  checked={row.hidden}
                  onChange={(event) => update(index, { hidden: event.currentTarget.checked })}
                />
                {(canBeTitle(row.type) || row.objectTitle) && (
                  <Checkbox
                    label={t('design.objectTypes.properties.objectTitle')}
                    checked={row.objectTitle}
                    onChange={(event) => update(index, { objectTitle: event.currentTarget.checked })}
                    error={titleError}
                  />
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, newPropertyRow()])}
          disabled={readOnly}
        >
          {t('design.objectTypes.properties.add')}
        </Button>
      </Group>
    </Stack>
  );
}
