import { ActionIcon, Badge, Button, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActionEditor } from './ActionEditor';
import { emptyAction, isBlocking, type ActionValue, type ActionsContext } from './action-values';
import './locales';

export interface ActionsEditorProps {
  value: ActionValue[];
  onChange: (next: ActionValue[]) => void;
  /** Field errors of the whole form, by path ('sideeffects', 'sideeffects.1.actionArgs.what'…). */
  errors: Record<string, unknown>;
  /** The path of the list in the form ('sideeffects', 'conversation.statements.0.options.1.actions'). */
  errorPath: string;
  readOnly: boolean;
  gameId: string;
  /** The list's heading (default 'Actions'). */
  title?: string;
  description?: string;
  /** What the actions can refer to here: the conversation's statements, the object's payload properties. */
  context?: ActionsContext;
}

function errorAt(errors: Record<string, unknown>, path: string): string | undefined {
  const error = errors[path];
  return error ? String(error) : undefined;
}

/**
 * An ordered list of actions (spec 2 §3, §5): add, remove and reorder; at most
 * one of them may wait for the player ('You can have at most 1 blocking
 * action'); the list's own errors ('You need at least one action') show under
 * its heading.
 */
export function ActionsEditor({
  value,
  onChange,
  errors,
  errorPath,
  readOnly,
  gameId,
  title,
  description,
  context,
}: ActionsEditorProps) {
  const { t } = useTranslation();
  const actions = value ?? [];
  const heading = title ?? t('design.actions.title');
  const listError = errorAt(errors, errorPath);

  const setAction = (index: number, action: ActionValue) =>
    onChange(actions.map((other, at) => (at === index ? action : other)));
  const removeAction = (index: number) => onChange(actions.filter((_, at) => at !== index));
  const moveAction = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= actions.length) return;
    const next = [...actions];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
  };

  return (
    <Input.Wrapper label={heading} description={description} error={listError} labelElement="div">
      <Stack gap="xs" mt={6} role="group" aria-label={heading}>
        {actions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('design.actions.none')}
          </Text>
        )}
        {actions.map((action, index) => {
          const number = index + 1;
          const label = t('design.actions.action', { number });
          const otherIsBlocking = actions.some((other, at) => at !== index && isBlocking(other));
          return (
            <Paper key={index} withBorder radius="md" p="sm" role="group" aria-label={`${heading}: ${label}`}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                    {isBlocking(action) && (
                      <Badge size="xs" variant="light" color="grape">
                        {t('design.actions.blocking')}
                      </Badge>
                    )}
                  </Group>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('design.actions.moveUp', { number })}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => moveAction(index, -1)}
                          disabled={index === 0}
                          aria-label={t('design.actions.moveUp', { number })}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('design.actions.moveDown', { number })}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => moveAction(index, 1)}
                          disabled={index === actions.length - 1}
                          aria-label={t('design.actions.moveDown', { number })}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('design.actions.remove', { number })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => removeAction(index)}
                          aria-label={t('design.actions.remove', { number })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
                <ActionEditor
                  value={action}
                  onChange={(next) => setAction(index, next)}
                  errors={errors}
                  errorPath={`${errorPath}.${index}`}
                  readOnly={readOnly}
                  gameId={gameId}
                  context={context}
                  otherIsBlocking={otherIsBlocking}
                />
              </Stack>
            </Paper>
          );
        })}
        {!readOnly && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...actions, emptyAction()])}
              aria-label={`${t('design.actions.add')} (${heading})`}
            >
              {t('design.actions.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
