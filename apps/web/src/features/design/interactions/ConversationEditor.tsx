import { newStatement, newStatementOption, type DesignEntity } from '@loci/domain';
import { ActionIcon, Button, Group, Input, Paper, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { ActionsEditor, type ActionValue } from '../actions';
import { EntityPicker } from '../common';
import { ConditionBlocksEditor, type ConditionBlockValue } from '../conditions';
import { errorOf, type Binder } from '../conditions/form-binding';
import { DirectionFields } from './DirectionFields';
import type { StatementOptionValue, StatementValue } from './interaction-values';
import './locales';

interface ConversationEditorProps {
  bind: Binder;
  /** The conversation's path ('conversation'). */
  path: string;
  readOnly: boolean;
  gameId: string;
}

const isNonPlayer = (character: DesignEntity) => character.isPlayer !== true;

/** One user option of a statement: what the player says, when it is offered, and what it does. */
function StatementOptionEditor({
  bind,
  path,
  readOnly,
  gameId,
  label,
  statements,
  onRemove,
  removeLabel,
}: ConversationEditorProps & {
  label: string;
  statements: StatementValue[];
  onRemove: () => void;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  const actionLabel = bind<string>(`${path}.actionLabel`, '');
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {!readOnly && (
            <Tooltip label={removeLabel}>
              <ActionIcon variant="subtle" color="red" aria-label={removeLabel} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <TextInput
          label={t('design.interactions.conversation.actionLabel')}
          value={actionLabel.value ?? ''}
          onChange={(event) => actionLabel.onChange(event.currentTarget.value)}
          error={errorOf(actionLabel.errors, actionLabel.errorPath)}
          readOnly={readOnly}
          withAsterisk
        />
        <ConditionBlocksEditor
          {...bind<ConditionBlockValue[]>(`${path}.condition`, [])}
          readOnly={readOnly}
          gameId={gameId}
          label={t('design.interactions.conversation.condition')}
        />
        <ActionsEditor
          {...bind<ActionValue[]>(`${path}.actions`, [])}
          readOnly={readOnly}
          gameId={gameId}
          title={`${label}: ${t('design.interactions.conversation.actions')}`}
          context={{ conversation: { statements } }}
        />
      </Stack>
    </Paper>
  );
}

/** One statement: what is said, by whom, its direction, and the user options that answer it. */
function StatementEditor({
  bind,
  path,
  readOnly,
  gameId,
  label,
  statements,
}: ConversationEditorProps & { label: string; statements: StatementValue[] }) {
  const { t } = useTranslation();
  const body = bind<string>(`${path}.body`, '');
  const spokenBy = bind<string | null>(`${path}.spokenBy`, null);
  const repliedWith = bind<string>(`${path}.repliedWith`, '');
  const optionList = bind<StatementOptionValue[]>(`${path}.options`, []);
  const options = optionList.value ?? [];

  return (
    <Stack gap="sm">
      <RichTextEditor
        label={t('design.interactions.conversation.body')}
        value={body.value ?? ''}
        onChange={body.onChange}
        error={errorOf(body.errors, body.errorPath)}
        readOnly={readOnly}
        withAsterisk
        minHeight={80}
      />
      <EntityPicker
        gameId={gameId}
        kind="character"
        label={t('design.interactions.conversation.spokenBy')}
        placeholder={t('design.interactions.conversation.gameMaster')}
        value={spokenBy.value ?? null}
        onChange={(id) => spokenBy.onChange(id)}
        filter={isNonPlayer}
        error={errorOf(spokenBy.errors, spokenBy.errorPath)}
        disabled={readOnly}
      />
      <TextInput
        label={t('design.interactions.conversation.repliedWith')}
        value={repliedWith.value ?? ''}
        onChange={(event) => repliedWith.onChange(event.currentTarget.value)}
        error={errorOf(repliedWith.errors, repliedWith.errorPath)}
        readOnly={readOnly}
      />
      <DirectionFields bind={bind} path={`${path}.direction`} readOnly={readOnly} />
      <Input.Wrapper
        label={t('design.interactions.conversation.options')}
        error={errorOf(optionList.errors, optionList.errorPath)}
        withAsterisk
        labelElement="div"
      >
        <Stack gap="sm" mt={6}>
          {options.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('design.interactions.conversation.noOptions')}
            </Text>
          )}
          {options.map((option, index) => (
            <StatementOptionEditor
              key={option.id ?? index}
              bind={bind}
              path={`${path}.options.${index}`}
              readOnly={readOnly}
              gameId={gameId}
              statements={statements}
              label={t('design.interactions.conversation.optionLabel', { statement: label, number: index + 1 })}
              onRemove={() => optionList.onChange(options.filter((_, at) => at !== index))}
              removeLabel={`${label}: ${t('design.interactions.conversation.removeOption', { number: index + 1 })}`}
            />
          ))}
          {!readOnly && (
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => optionList.onChange([...options, newStatementOption()])}
                aria-label={`${t('design.interactions.conversation.addOption')} (${label})`}
              >
                {t('design.interactions.conversation.addOption')}
              </Button>
            </Group>
          )}
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}

/**
 * A conversation (spec 2 §3, §5): resumable, and its statements, each with
 * the options the player answers with — every option with its own condition
 * blocks and actions (sayStatement picks among this conversation's
 * statements). Statement and option ids are generated.
 */
export function ConversationEditor({ bind, path, readOnly, gameId }: ConversationEditorProps) {
  const { t } = useTranslation();
  const resumable = bind<boolean>(`${path}.resumable`, false);
  const list = bind<StatementValue[]>(`${path}.statements`, []);
  const statements = list.value ?? [];
  const removeStatement = (index: number) => list.onChange(statements.filter((_, at) => at !== index));

  return (
    <Stack gap="md">
      <Switch
        label={t('design.interactions.conversation.resumable')}
        description={t('design.interactions.conversation.resumableHint')}
        checked={Boolean(resumable.value)}
        onChange={(event) => resumable.onChange(event.currentTarget.checked)}
        disabled={readOnly}
      />
      <Input.Wrapper
        label={t('design.interactions.conversation.statements')}
        error={errorOf(list.errors, list.errorPath)}
        withAsterisk
        labelElement="div"
      >
        <Stack gap="md" mt={6}>
          {statements.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('design.interactions.conversation.none')}
            </Text>
          )}
          {statements.map((statement, index) => {
            const number = index + 1;
            const label = t('design.interactions.conversation.statement', { number });
            return (
              <Paper key={statement.id ?? index} withBorder radius="md" p="md" role="group" aria-label={label}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={700}>{label}</Text>
                    {!readOnly && (
                      <Tooltip label={t('design.interactions.conversation.removeStatement', { number })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('design.interactions.conversation.removeStatement', { number })}
                          onClick={() => removeStatement(index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                  <StatementEditor
                    bind={bind}
                    path={`${path}.statements.${index}`}
                    readOnly={readOnly}
                    gameId={gameId}
                    label={label}
                    statements={statements}
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
                onClick={() => list.onChange([...statements, newStatement()])}
              >
                {t('design.interactions.conversation.addStatement')}
              </Button>
            </Group>
          )}
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}
