import { newQuestion, TASK_TIME_LIMIT_SECONDS, type DesignEntity, type InteractionType } from '@loci/domain';
import { Alert, Anchor, Divider, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { MediaPickerField } from '../../media';
import { EntityFormShell, NameField, NotesField, useDesignEntityForm, useEntityForm } from '../common';
import { AdvancedNames, useNameFromTitle } from '../common/DesignFields';
import { TimeLimitField } from '../common/TimeLimitField';
import { EndGameAfterButton, QuickRuleMenu, triggerGroups } from '../rules/QuickRuleMenu';
import { binderOf, errorOf, type Binder } from '../conditions/form-binding';
import { ConversationEditor } from './ConversationEditor';
import { DirectionFields } from './DirectionFields';
import { interactionDefaults, isOfferedInteractionType, toInteractionFormValues } from './interaction-values';
import { QuestionEditor, QuestionListEditor } from './QuestionEditor';
import './locales';
import { vocabulary } from '../common/vocabulary';
import { domainText } from '../../../i18n/domain';

interface FieldsProps {
  bind: Binder;
  readOnly: boolean;
  gameId: string;
}

/** A text of the interaction bound to its path in the form. */
interface BoundFieldProps {
  bind: Binder;
  path: string;
  label: string;
  readOnly: boolean;
  required?: boolean;
}

function TextField({ bind, path, label, readOnly, required }: BoundFieldProps) {
  const field = bind<string>(path, '');
  return (
    <TextInput
      label={label}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      error={errorOf(field.errors, path)}
      readOnly={readOnly}
      withAsterisk={required}
    />
  );
}

function RichField({ bind, path, label, readOnly, required }: BoundFieldProps) {
  const field = bind<string>(path, '');
  return (
    <RichTextEditor
      label={label}
      value={field.value ?? ''}
      onChange={field.onChange}
      error={errorOf(field.errors, path)}
      readOnly={readOnly}
      withAsterisk={required}
      minHeight={140}
    />
  );
}

function MediaField({ bind, path, label, readOnly, gameId }: FieldsProps & { path: string; label: string }) {
  const field = bind<string | null>(path, null);
  return (
    <MediaPickerField
      label={label}
      gameId={gameId}
      value={field.value ?? null}
      onChange={field.onChange}
      error={errorOf(field.errors, path)}
      disabled={readOnly}
    />
  );
}

/** Info Box: system name (for the app), title, button label, a message and/or a medium, and a direction. */
function InfoFields({ bind, readOnly, gameId }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        bind={bind}
        path="title"
        label={t('design.interactions.interactionTitle')}
        readOnly={readOnly}
        required
      />
      <TextField
        bind={bind}
        path="buttonLabel"
        label={t('design.interactions.buttonLabel')}
        readOnly={readOnly}
        required
      />
      <RichField bind={bind} path="description" label={t('design.interactions.description')} readOnly={readOnly} />
      <MediaField
        bind={bind}
        path="mediaId"
        label={t('design.interactions.media')}
        readOnly={readOnly}
        gameId={gameId}
      />
      <DirectionFields bind={bind} path="direction" readOnly={readOnly} />
    </>
  );
}

/** Confirmation: title, message and the two button labels. */
function ConfirmFields({ bind, readOnly, gameId }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        bind={bind}
        path="title"
        label={t('design.interactions.interactionTitle')}
        readOnly={readOnly}
        required
      />
      <RichField
        bind={bind}
        path="description"
        label={t('design.interactions.description')}
        readOnly={readOnly}
        required
      />
      <MediaField
        bind={bind}
        path="mediaId"
        label={t('design.interactions.media')}
        readOnly={readOnly}
        gameId={gameId}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          bind={bind}
          path="buttonLabel"
          label={t('design.interactions.confirmLabel')}
          readOnly={readOnly}
          required
        />
        <TextField
          bind={bind}
          path="buttonLabelSecondary"
          label={t('design.interactions.cancelLabel')}
          readOnly={readOnly}
          required
        />
      </SimpleGrid>
    </>
  );
}

/** Quiz: title, an optional introduction and epilogue, and its questions. */
function QuizFields({ bind, readOnly, gameId }: FieldsProps) {
  const { t } = useTranslation();
  const intro = bind<boolean>('quizHasIntro', false);
  const epilogue = bind<boolean>('quizHasEpilogue', false);
  return (
    <>
      <TextField
        bind={bind}
        path="title"
        label={t('design.interactions.interactionTitle')}
        readOnly={readOnly}
        required
      />
      <Switch
        label={t('design.interactions.quizHasIntro')}
        checked={Boolean(intro.value)}
        onChange={(event) => intro.onChange(event.currentTarget.checked)}
        disabled={readOnly}
      />
      {intro.value && (
        <>
          <RichField bind={bind} path="description" label={t('design.interactions.intro')} readOnly={readOnly} />
          <MediaField
            bind={bind}
            path="mediaId"
            label={t('design.interactions.introMedia')}
            readOnly={readOnly}
            gameId={gameId}
          />
        </>
      )}
      <Switch
        label={t('design.interactions.quizHasEpilogue')}
        checked={Boolean(epilogue.value)}
        onChange={(event) => epilogue.onChange(event.currentTarget.checked)}
        disabled={readOnly}
      />
      {epilogue.value && (
        <>
          <RichField
            bind={bind}
            path="descriptionSecondary"
            label={t('design.interactions.epilogue')}
            readOnly={readOnly}
          />
          <MediaField
            bind={bind}
            path="mediaIdSecondary"
            label={t('design.interactions.epilogueMedia')}
            readOnly={readOnly}
            gameId={gameId}
          />
        </>
      )}
      <TaskTimeLimit bind={bind} readOnly={readOnly} />
      <Divider />
      <QuestionListEditor
        bind={bind}
        path="questions"
        readOnly={readOnly}
        gameId={gameId}
        newQuestion={() => newQuestion()}
      />
    </>
  );
}

/** Seconds to answer a question or quiz once asked (issue 28); empty for no limit. */
function TaskTimeLimit({ bind, readOnly }: { bind: Binder; readOnly: boolean }) {
  return (
    <TimeLimitField
      bind={bind}
      path="timeLimitSeconds"
      unit="seconds"
      min={TASK_TIME_LIMIT_SECONDS.min}
      max={TASK_TIME_LIMIT_SECONDS.max}
      readOnly={readOnly}
    />
  );
}

/** Question: its one question ('Add one question' shows when it has none). */
function QuestionFields({ bind, readOnly, gameId }: FieldsProps) {
  const { t } = useTranslation();
  const list = bind<unknown[]>('questions', []);
  const error = errorOf(list.errors, 'questions');
  const questions = list.value ?? [];
  if (questions.length === 0) {
    return (
      <QuestionListEditor
        bind={bind}
        path="questions"
        readOnly={readOnly}
        gameId={gameId}
        newQuestion={() => newQuestion()}
      />
    );
  }
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      {/* The title lists and analytics show (Problems asks for it in the game's language). */}
      <TextField bind={bind} path="title" label={t('design.interactions.interactionTitle')} readOnly={readOnly} />
      <QuestionEditor bind={bind} path="questions.0" readOnly={readOnly} gameId={gameId} />
      <TaskTimeLimit bind={bind} readOnly={readOnly} />
    </Stack>
  );
}

/** Conversation: title and the conversation. */
function ConversationFields({ bind, readOnly, gameId }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        bind={bind}
        path="title"
        label={t('design.interactions.interactionTitle')}
        readOnly={readOnly}
        required
      />
      <Divider />
      <ConversationEditor bind={bind} path="conversation" readOnly={readOnly} gameId={gameId} />
    </>
  );
}

const TYPE_FIELDS: Partial<Record<InteractionType, (props: FieldsProps) => React.JSX.Element>> = {
  INTER_INSPECT_INFO: InfoFields,
  INTER_CONFIRM: ConfirmFields,
  INTER_ANSWER_QUESTION: QuestionFields,
  INTER_QUIZ: QuizFields,
  INTER_CONVERSATION: ConversationFields,
};

export interface InteractionFormProps {
  /** The interaction's id; undefined or '0' for a new one. */
  entityId: string | undefined;
  /** The type of a new interaction (the stored one's type otherwise). */
  interactionType?: string;
  /** In a modal ('Create new…' of a picker): called with the created interaction, or nothing on cancel. */
  onDone?: (interaction?: DesignEntity) => void;
}

function InteractionFormOfType({
  entityId,
  type,
  onDone,
}: {
  entityId: string | undefined;
  type: InteractionType;
  onDone?: InteractionFormProps['onDone'];
}) {
  const { t } = useTranslation();
  const { entityForm, form, submitParsed } = useDesignEntityForm('interaction', entityId, {
    onDone,
    initialValues: () => interactionDefaults(type),
    fromEntity: toInteractionFormValues,
  });
  const { gameId, readOnly, entity, workspace } = entityForm;
  const bind = binderOf(form);
  // A question's name comes from its title, else from the question itself.
  const firstQuestion = (form.values.questions as Array<{ title?: string }> | undefined)?.[0];
  useNameFromTitle(
    form,
    entityForm,
    String(form.values.title || (type === 'INTER_ANSWER_QUESTION' ? (firstQuestion?.title ?? '') : '')),
  );
  // 'Show this when…' (issue 30): a rule presenting this interaction, written from here.
  const showWhen =
    entity && workspace && !entityForm.inModal ? (
      <Group gap="xs">
        <QuickRuleMenu
          workspace={workspace}
          label={t('design.quickRules.showWhen')}
          groups={triggerGroups(workspace, entity, t)}
          disabled={readOnly}
        />
        <EndGameAfterButton workspace={workspace} interaction={entity} disabled={readOnly} />
      </Group>
    ) : undefined;
  const typeLabel = vocabulary.interactionType(t, type);
  const Fields = TYPE_FIELDS[type];

  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={
        entityForm.isNew
          ? t('design.interactions.newTitle', { type: typeLabel })
          : t('design.interactions.title', { type: typeLabel, name: entity?.name ?? '' })
      }
      onSubmit={submitParsed}
      extraActions={showWhen}
    >
      {Fields && <Fields bind={bind} readOnly={readOnly} gameId={gameId} />}
      <Divider />
      <AdvancedNames hasError={Boolean(form.errors.name ?? form.errors.systemName)}>
        <NameField form={form} entityForm={entityForm} />
        {type === 'INTER_INSPECT_INFO' && (
          <TextField bind={bind} path="systemName" label={t('design.interactions.systemName')} readOnly={readOnly} />
        )}
      </AdvancedNames>
      <NotesField readOnly={readOnly} {...form.getInputProps('notes')} />
    </EntityFormShell>
  );
}

/**
 * The interaction form (spec 2 §3, §5): the fields of its type — Info Box,
 * Confirmation, Question, Quiz or Conversation. A new interaction's type comes
 * from the route; a stored one's from the interaction.
 */
export function InteractionForm({ entityId, interactionType, onDone }: InteractionFormProps) {
  const { t } = useTranslation();
  const { gameId } = useParams();
  // Only to learn the stored interaction's type: the form of that type takes the lock.
  const entityForm = useEntityForm('interaction', entityId, { withoutLock: true });
  const storedType = entityForm.entity?.type;
  const type = entityForm.isNew ? interactionType : typeof storedType === 'string' ? storedType : undefined;

  if (entityForm.isLoading) return <PageLoader label={domainText(t, 'DESIGN_TEXTS', 'loading')} />;
  if (!isOfferedInteractionType(type)) {
    return (
      <Alert
        color="gray"
        variant="light"
        title={entityForm.notFound ? t('design.unknownPage') : t('design.interactions.unknownType')}
      >
        <Anchor component={Link} to={`/games/${gameId ?? ''}`}>
          {t('design.goBack')}
        </Anchor>
      </Alert>
    );
  }
  return <InteractionFormOfType key={type} entityId={entityId} type={type} onDone={onDone} />;
}

/** /games/:gameId/interactions/create/0/:interactionType and /games/:gameId/interactions/edit/:entityId. */
export function InteractionFormPage() {
  const { entityId, interactionType } = useParams();
  return (
    <InteractionForm
      key={entityId ?? `new:${interactionType ?? ''}`}
      entityId={entityId}
      interactionType={interactionType}
    />
  );
}
