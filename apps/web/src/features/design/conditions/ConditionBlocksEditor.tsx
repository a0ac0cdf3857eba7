import { Badge, Button, Center, Divider, Group, Input, Paper, Stack, Text, Tooltip, ActionIcon } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConditionEditor } from './ConditionEditor';
import { emptyBlock, emptyCondition, type ConditionBlockValue, type ConditionValue } from './condition-values';
import './locales';

export interface ConditionBlocksEditorProps {
  value: ConditionBlockValue[];
  onChange: (next: ConditionBlockValue[]) => void;
  /** Field errors of the whole form, by path ('if.0.conditions', 'if.0.conditions.1.verb'…). */
  errors: Record<string, unknown>;
  /** The path of the block list in the form ('if', 'triggerPreconditions', 'accomplishment.condition'). */
  errorPath: string;
  readOnly: boolean;
  gameId: string;
  /** Names the list for assistive technology (and shows as its legend). */
  label?: string;
  description?: string;
}

function errorAt(errors: Record<string, unknown>, path: string): string | undefined {
  const error = errors[path];
  return error ? String(error) : undefined;
}

function Connective({ label, color }: { label: string; color: string }) {
  return (
    <Center>
      <Badge variant="light" color={color} radius="sm">
        {label}
      </Badge>
    </Center>
  );
}

/**
 * Condition blocks (spec 2 §3–5): the conditions of a block are ANDed, the
 * blocks ORed; blocks and conditions are added and removed here, and each
 * error shows under its control ('Add at least one condition to this block',
 * 'Required'). An empty list always holds (spec 4 §1).
 */
export function ConditionBlocksEditor({
  value,
  onChange,
  errors,
  errorPath,
  readOnly,
  gameId,
  label,
  description,
}: ConditionBlocksEditorProps) {
  const { t } = useTranslation();
  const blocks = value ?? [];
  const listError = errorAt(errors, errorPath);

  const setBlock = (index: number, block: ConditionBlockValue) =>
    onChange(blocks.map((other, at) => (at === index ? block : other)));
  const setCondition = (blockIndex: number, conditionIndex: number, condition: ConditionValue) => {
    const block = blocks[blockIndex]!;
    const conditions = (block.conditions ?? []).map((other, at) => (at === conditionIndex ? condition : other));
    setBlock(blockIndex, { ...block, conditions });
  };
  const addCondition = (blockIndex: number) => {
    const block = blocks[blockIndex]!;
    setBlock(blockIndex, { ...block, conditions: [...(block.conditions ?? []), emptyCondition()] });
  };
  const removeCondition = (blockIndex: number, conditionIndex: number) => {
    const block = blocks[blockIndex]!;
    setBlock(blockIndex, { ...block, conditions: (block.conditions ?? []).filter((_, at) => at !== conditionIndex) });
  };
  const addBlock = () => onChange([...blocks, emptyBlock()]);
  const removeBlock = (index: number) => onChange(blocks.filter((_, at) => at !== index));

  return (
    <Input.Wrapper
      label={label}
      description={description ?? t('design.conditions.blocksHint')}
      error={listError}
      labelElement="div"
    >
      <Stack gap="xs" mt={label ? 6 : 0} role="group" aria-label={label}>
        {blocks.length === 0 && (
          <Text size="sm" c="dimmed">
            {readOnly ? t('design.conditions.noneReadOnly') : t('design.conditions.none')}
          </Text>
        )}
        {blocks.map((block, blockIndex) => {
          const conditions = block.conditions ?? [];
          const blockPath = `${errorPath}.${blockIndex}`;
          const blockLabel = t('design.conditions.block', { number: blockIndex + 1 });
          const blockError = errorAt(errors, `${blockPath}.conditions`) ?? errorAt(errors, blockPath);
          return (
            <Stack key={blockIndex} gap="xs">
              {blockIndex > 0 && <Connective label={t('design.conditions.or')} color="orange" />}
              <Paper withBorder radius="md" p="sm" role="group" aria-label={blockLabel}>
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" fw={600}>
                      {blockLabel}
                    </Text>
                    {!readOnly && (
                      <Tooltip label={t('design.conditions.removeBlock', { number: blockIndex + 1 })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => removeBlock(blockIndex)}
                          aria-label={t('design.conditions.removeBlock', { number: blockIndex + 1 })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                  {conditions.map((condition, conditionIndex) => (
                    <Stack key={conditionIndex} gap="xs">
                      {conditionIndex > 0 && (
                        <Divider
                          label={<Connective label={t('design.conditions.and')} color="teal" />}
                          labelPosition="center"
                        />
                      )}
                      <ConditionEditor
                        value={condition}
                        onChange={(next) => setCondition(blockIndex, conditionIndex, next)}
                        errors={errors}
                        errorPath={`${blockPath}.conditions.${conditionIndex}`}
                        readOnly={readOnly}
                        gameId={gameId}
                        label={t('design.conditions.condition', { number: conditionIndex + 1 })}
                        onRemove={() => removeCondition(blockIndex, conditionIndex)}
                        removeLabel={t('design.conditions.removeCondition', { number: conditionIndex + 1 })}
                      />
                    </Stack>
                  ))}
                  {blockError && (
                    <Text size="sm" c="red" role="alert">
                      {blockError}
                    </Text>
                  )}
                  {!readOnly && (
                    <Group>
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => addCondition(blockIndex)}
                        aria-label={`${t('design.conditions.addCondition')} (${blockLabel})`}
                      >
                        {t('design.conditions.addCondition')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Paper>
            </Stack>
          );
        })}
        {!readOnly && (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addBlock}>
              {t('design.conditions.addBlock')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
