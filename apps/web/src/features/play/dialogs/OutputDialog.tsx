import type { Output } from '@loci/engine';
import {
  Alert,
  Avatar,
  Button,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaFileUrl, mediaIconUrl, type PlayEvent } from '../../../api/play';
import { RichText } from '../RichText';
import { plainText, type SpecEntityOf, type SpecIndex } from '../spec-index';
import { outputText } from '../session/engine-text';

type Interaction = SpecEntityOf<'interaction'>;
type Question = Interaction['questions'][number];
import '../locales';

export interface OutputDialogProps {
  /** The blocking output waiting for the player's answer. */
  output: Output;
  index: SpecIndex;
  /** The last judgement of an answer to this interaction (answerResult). */
  result?: Output;
  busy?: boolean;
  onSend: (event: PlayEvent) => void;
  /** Closes an output that takes no answer (a statement without options). */
  onDismiss?: () => void;
}

/** The title a dialog shows for `output` (its interaction's title, else a generic one). */
export function dialogTitle(output: Output, index: SpecIndex, fallback: string): string {
  const interaction = index.interaction(output.interactionId);
  return interaction?.title || fallback;
}

function Media({ mediaId }: { mediaId: string | null | undefined }) {
  if (!mediaId) return null;
  return <Image src={mediaFileUrl(mediaId)} alt="" radius="sm" mah={240} fit="contain" />;
}

function Direction({ interaction }: { interaction: { direction?: { isDirection: boolean; title: string } } }) {
  if (!interaction.direction?.isDirection || !interaction.direction.title) return null;
  return (
    <Alert variant="light" color="blue" p="xs">
      {interaction.direction.title}
    </Alert>
  );
}

function Feedback({ result }: { result: Output | undefined }) {
  const { t } = useTranslation();
  if (!result) return null;
  return (
    <Alert
      variant="light"
      color={result.correct ? 'teal' : 'orange'}
      title={result.correct ? t('play.dialog.correct') : t('play.dialog.wrong')}
      role="status"
    >
      <Stack gap={2}>
        {result.hint && !result.correct && <Text size="sm">{t('play.dialog.hint', { hint: result.hint })}</Text>}
        {result.attemptsLeft !== undefined && !result.correct && (
          <Text size="sm">{t('play.dialog.attemptsLeft', { count: result.attemptsLeft })}</Text>
        )}
      </Stack>
    </Alert>
  );
}

function InfoBody({
  interaction,
  output,
  busy,
  onSend,
}: Pick<OutputDialogProps, 'output' | 'busy' | 'onSend'> & {
  interaction: Interaction | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {interaction && <Media mediaId={interaction.mediaId} />}
      {interaction && <RichText html={interaction.description} />}
      {interaction && <Direction interaction={interaction} />}
      <Group justify="flex-end">
        <Button
          loading={busy}
          onClick={() => onSend({ type: 'seen', interactionId: output.interactionId ?? '' })}
          data-autofocus
        >
          {interaction?.buttonLabel || t('play.dialog.ok')}
        </Button>
      </Group>
    </Stack>
  );
}

type Answer = string | number | number[] | null;

/** Asks one question: options (one or several) or an open answer (text or number). */
export function QuestionForm({
  question,
  busy,
  submitLabel,
  onAnswer,
}: {
  question: Question;
  busy?: boolean;
  submitLabel?: string;
  onAnswer: (answer: string | number | number[]) => void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Answer>(null);
  let input: ReactNode;
  let ready = false;
  if (question.qType === 'MC') {
    if (question.allowMultipleAnswers) {
      const chosen = Array.isArray(answer) ? answer : [];
      ready = chosen.length > 0;
      input = (
        <Checkbox.Group
          label={t('play.dialog.chooseSeveral')}
          value={chosen.map(String)}
          onChange={(values) => setAnswer(values.map(Number).sort((a, b) => a - b))}
        >
          <Stack gap="xs" mt="xs">
            {question.options.map((option, position) => (
              <Checkbox key={option.id || position} value={String(position)} label={plainText(option.description)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    } else {
      ready = typeof answer === 'number';
      input = (
        <Radio.Group
          label={t('play.dialog.chooseOne')}
          value={typeof answer === 'number' ? String(answer) : null}
          onChange={(value) => setAnswer(Number(value))}
        >
          <Stack gap="xs" mt="xs">
            {question.options.map((option, position) => (
              <Radio key={option.id || position} value={String(position)} label={plainText(option.description)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
  } else if (question.dType === 'number') {
    ready = typeof answer === 'number';
    input = (
      <NumberInput
        label={t('play.dialog.yourAnswer')}
        value={typeof answer === 'number' ? answer : ''}
        onChange={(value) => setAnswer(typeof value === 'number' ? value : value === '' ? null : Number(value))}
        data-autofocus
      />
    );
  } else {
    ready = typeof answer === 'string' && answer.trim() !== '';
    const Field = question.dType === 'mtext' ? Textarea : TextInput;
    input = (
      <Field
        label={t('play.dialog.yourAnswer')}
        value={typeof answer === 'string' ? answer : ''}
        onChange={(event) => setAnswer(event.currentTarget.value)}
        autosize={question.dType === 'mtext' ? true : undefined}
        minRows={question.dType === 'mtext' ? 3 : undefined}
        data-autofocus
      />
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && answer !== null) onAnswer(answer);
      }}
    >
      <Stack gap="sm">
        {question.title && <Text fw={600}>{question.title}</Text>}
        <Media mediaId={question.mediaId} />
        <RichText html={question.description} />
        {input}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!ready}>
            {submitLabel || t('play.dialog.answer')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function findQuestion(interaction: Interaction | undefined, questionId: string | undefined): Question | undefined {
  const questions = interaction?.questions ?? [];
  return questions.find((question) => question.id === questionId) ?? questions[0];
}

function QuestionBody({
  interaction,
  output,
  result,
  busy,
  onSend,
}: OutputDialogProps & {
  interaction: Interaction | undefined;
}) {
  const { t } = useTranslation();
  const question = findQuestion(interaction, output.questionId);
  if (!question) return <Text c="dimmed">{t('play.dialog.missing')}</Text>;
  return (
    <Stack gap="sm">
      <Feedback result={result} />
      {output.attemptsLeft !== undefined && !result && (
        <Text size="xs" c="dimmed">
          {t('play.dialog.attemptsLeft', { count: output.attemptsLeft })}
        </Text>
      )}
      <QuestionForm
        key={`${output.interactionId}:${result?.attemptsLeft ?? ''}`}
        question={question}
        busy={busy}
        submitLabel={interaction?.buttonLabel}
        onAnswer={(answer) =>
          onSend({
            type: 'answer',
            interactionId: output.interactionId ?? '',
            ...(output.questionId ? { questionId: output.questionId } : {}),
            answer,
          })
        }
      />
    </Stack>
  );
}

function QuizBody({
  interaction,
  output,
  result,
  busy,
  onSend,
}: OutputDialogProps & {
  interaction: Interaction | undefined;
}) {
  const { t } = useTranslation();
  const questions = interaction?.questions ?? [];
  // The quiz starts at the question the server names as next (a quiz taken up again after a reload),
  // and goes on to the next question once one is closed (passed, or out of attempts).
  const [position, setPosition] = useState(() =>
    Math.max(
      0,
      questions.findIndex((candidate) => candidate.id === output.questionId),
    ),
  );
  const [judged, setJudged] = useState<Output | undefined>(undefined);
  if (result && result !== judged) {
    setJudged(result);
    // The judgement names the question it was about: go on from there once it is closed.
    const answered = questions.findIndex((candidate) => candidate.id === result.questionId);
    const from = answered >= 0 ? answered : position;
    const closed = result.correct || result.attemptsLeft === 0;
    setPosition(closed ? Math.min(from + 1, questions.length - 1) : from);
  }
  const question = questions[position];
  if (!question) return <Text c="dimmed">{t('play.dialog.missing')}</Text>;
  return (
    <Stack gap="sm">
      {position === 0 && interaction?.quizHasIntro && <RichText html={interaction.description} />}
      <Text size="xs" c="dimmed">
        {t('play.dialog.quizProgress', { current: position + 1, total: questions.length })}
      </Text>
      <Feedback result={result} />
      <QuestionForm
        key={`${question.id}:${result?.attemptsLeft ?? ''}:${position}`}
        question={question}
        busy={busy}
        onAnswer={(answer) =>
          onSend({
            type: 'answer',
            interactionId: output.interactionId ?? '',
            questionId: question.id || position,
            answer,
          })
        }
      />
    </Stack>
  );
}

function ConfirmationBody({
  interaction,
  output,
  busy,
  onSend,
}: OutputDialogProps & {
  interaction: Interaction | undefined;
}) {
  const { t } = useTranslation();
  const send = (approved: boolean) => onSend({ type: 'confirm', interactionId: output.interactionId ?? '', approved });
  return (
    <Stack gap="sm">
      {interaction && <Media mediaId={interaction.mediaId} />}
      {interaction && <RichText html={interaction.description} />}
      <Group justify="flex-end">
        <Button variant="default" loading={busy} onClick={() => send(false)}>
          {interaction?.buttonLabelSecondary || t('play.dialog.reject')}
        </Button>
        <Button loading={busy} onClick={() => send(true)}>
          {interaction?.buttonLabel || t('play.dialog.approve')}
        </Button>
      </Group>
    </Stack>
  );
}

function ConversationBody({
  interaction,
  output,
  index,
  busy,
  onSend,
  onDismiss,
}: OutputDialogProps & {
  interaction: Interaction | undefined;
}) {
  const { t } = useTranslation();
  const statement = interaction?.conversation.statements.find((candidate) => candidate.id === output.statementId);
  const speaker = index.character(statement?.spokenBy ?? output.actorId);
  const options = output.options ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={speaker?.mediaId ? mediaIconUrl(speaker.mediaId, 80) : undefined} alt="" radius="xl">
          {(speaker?.title || speaker?.name || t('play.dialog.gameMaster')).slice(0, 1)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {speaker?.title || speaker?.name || t('play.dialog.gameMaster')}
          </Text>
          <RichText html={statement?.body} />
          {statement && <Direction interaction={statement} />}
        </Stack>
      </Group>
      <Stack gap="xs">
        {options.map((option) => (
          <Button
            key={option.id}
            variant="light"
            fullWidth
            loading={busy}
            styles={{ label: { whiteSpace: 'normal' } }}
            h="auto"
            py={8}
            onClick={() =>
              onSend({
                type: 'option',
                interactionId: output.interactionId ?? '',
                statementId: output.statementId ?? '',
                optionId: option.id,
              })
            }
          >
            {option.actionLabel}
          </Button>
        ))}
        {options.length === 0 && (
          <Button variant="default" onClick={onDismiss}>
            {t('play.dialog.close')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

function ObjectBody({ output, busy, onSend }: OutputDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{outputText(t, i18n.language, output)}</Text>
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => onSend({ type: 'seen', interactionId: output.objectId ?? '' })}>
          {t('play.dialog.ok')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The body of the dialog for one blocking output; each answer is sent as its event. */
export function OutputDialog(props: OutputDialogProps) {
  const { t, i18n } = useTranslation();
  const interaction = props.index.interaction(props.output.interactionId);
  switch (props.output.action) {
    case 'showInfo':
      return <InfoBody {...props} interaction={interaction} />;
    case 'askQuestion':
      return <QuestionBody {...props} interaction={interaction} />;
    case 'askQuiz':
      return <QuizBody {...props} interaction={interaction} />;
    case 'askConfirmation':
      return <ConfirmationBody {...props} interaction={interaction} />;
    case 'startConversation':
    case 'resumeConversation':
    case 'sayStatement':
      return <ConversationBody {...props} interaction={interaction} />;
    case 'showObject':
      return <ObjectBody {...props} />;
    default:
      return (
        <Stack gap="sm">
          <Text size="sm">
            {outputText(t, i18n.language, props.output) ??
              t(`play.outputs.${props.output.action}`, props.output.action)}
          </Text>
          <Group justify="flex-end">
            <Button onClick={props.onDismiss}>{t('play.dialog.close')}</Button>
          </Group>
        </Stack>
      );
  }
}
