import { newStatement, newStatementOption, type DesignEntity } from '@loci/domain';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { ActionsEditor, type ActionValue } from '../actions';
import { EntityPicker } from '../common';
import { BoundSwitch } from '../common/BoundSwitch';
import { BoundEditableList, EditableList } from '../common/EditableList';
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

/** The fields of one user option of a statement: what the player says, when it is offered, and what it does. */
function StatementOptionEditor({
  bind,
  path,
  readOnly,
  gameId,
  label,
  statements,
}: ConversationEditorProps & { label: string; statements: StatementValue[] }) {
  const { t } = useTranslation();
  const actionLabel = bind<string>(`${path}.actionLabel`, '');
  return (
    <>
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
    </>
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
      <EditableList
        items={options}
        onChange={optionList.onChange}
        newItem={newStatementOption}
        keyOf={(option, index) => option.id ?? index}
        error={errorOf(optionList.errors, optionList.errorPath)}
        readOnly={readOnly}
        labels={{
          list: t('design.interactions.conversation.options'),
          empty: t('design.interactions.conversation.noOptions'),
          add: t('design.interactions.conversation.addOption'),
          addAria: `${t('design.interactions.conversation.addOption')} (${label})`,
          item: (number) => t('design.interactions.conversation.optionLabel', { statement: label, number }),
          remove: (number) => `${label}: ${t('design.interactions.conversation.removeOption', { number })}`,
          moveUp: (number) => `${label}: ${t('design.interactions.conversation.moveOptionUp', { number })}`,
          moveDown: (number) => `${label}: ${t('design.interactions.conversation.moveOptionDown', { number })}`,
        }}
        renderItem={(_, index) => (
          <StatementOptionEditor
            bind={bind}
            path={`${path}.options.${index}`}
            readOnly={readOnly}
            gameId={gameId}
            statements={statements}
            label={t('design.interactions.conversation.optionLabel', { statement: label, number: index + 1 })}
          />
        )}
      />
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

  return (
    <Stack gap="md">
      <BoundSwitch
        bind={bind}
        path={`${path}.resumable`}
        readOnly={readOnly}
        label={t('design.interactions.conversation.resumable')}
        description={t('design.interactions.conversation.resumableHint')}
      />
      <BoundEditableList<StatementValue>
        bind={bind}
        path={`${path}.statements`}
        newItem={newStatement}
        readOnly={readOnly}
        labels={{
          list: t('design.interactions.conversation.statements'),
          empty: t('design.interactions.conversation.none'),
          add: t('design.interactions.conversation.addStatement'),
          item: (number) => t('design.interactions.conversation.statement', { number }),
          remove: (number) => t('design.interactions.conversation.removeStatement', { number }),
          moveUp: (number) => t('design.interactions.conversation.moveStatementUp', { number }),
          moveDown: (number) => t('design.interactions.conversation.moveStatementDown', { number }),
        }}
        renderItem={(index, statements) => (
          <StatementEditor
            bind={bind}
            path={`${path}.statements.${index}`}
            readOnly={readOnly}
            gameId={gameId}
            label={t('design.interactions.conversation.statement', { number: index + 1 })}
            statements={statements}
          />
        )}
      />
    </Stack>
  );
}
