import {
  ANSWER_DATA_TYPES,
  BINARY_ANSWERS,
  MIN_QUESTION_ATTEMPTS,
  QUESTION_TYPES,
  newQuestionOption,
  type QuestionType,
} from '@loci/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { MediaPickerField } from '../../media';
import { BoundEditableList } from '../common/EditableList';
import { errorOf, type Binder } from '../conditions/form-binding';
import type { QuestionOptionValue, QuestionValue } from './interaction-values';
import './locales';
import { vocabulary } from '../common/vocabulary';

export interface QuestionEditorProps {
  bind: Binder;
  /** The question's path ('questions.0'). */
  path: string;
  readOnly: boolean;
  gameId: string;
}

/** The options of a multiple-choice question: description, and whether each is (part of) the correct answer. */
function OptionsEditor({
  bind,
  path,
  readOnly,
  showCorrect,
}: {
  bind: Binder;
  path: string;
  readOnly: boolean;
  showCorrect: boolean;
}) {
  const { t } = useTranslation();
  const list = bind<QuestionOptionValue[]>(`${path}.options`, []);
  const options = list.value ?? [];
  const setOption = (index: number, patch: Partial<QuestionOptionValue>) =>
    list.onChange(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));

  return (
    <Input.Wrapper
      label={t('design.interactions.question.options')}
      error={errorOf(list.errors, list.errorPath)}
      withAsterisk
      labelElement="div"
    >
      <Stack gap="xs" mt={6} role="group" aria-label={t('design.interactions.question.options')}>
        {options.map((option, index) => {
          const number = index + 1;
          const label = t('design.interactions.question.option', { number });
          return (
            <Group key={option.id ?? index} align="flex-start" gap="sm" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                label={label}
                value={option.description ?? ''}
                onChange={(event) => setOption(index, { description: event.currentTarget.value })}
                error={errorOf(list.errors, `${list.errorPath}.${index}.description`)}
                readOnly={readOnly}
                withAsterisk
                autosize
                minRows={1}
              />
              {showCorrect && (
                <Checkbox
                  mt={32}
                  label={t('design.interactions.question.optionCorrect')}
                  aria-label={`${label}: ${t('design.interactions.question.optionCorrect')}`}
                  checked={Boolean(option.partOfCorrect)}
                  onChange={(event) => setOption(index, { partOfCorrect: event.currentTarget.checked })}
                  disabled={readOnly}
                />
              )}
              {!readOnly && (
                <Tooltip label={t('design.interactions.question.removeOption', { number })}>
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('design.interactions.question.removeOption', { number })}
                    onClick={() => list.onChange(options.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          );
        })}
        {!readOnly && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => list.onChange([...options, newQuestionOption()])}
            >
              {t('design.interactions.question.addOption')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * One question (spec 2 §3, §5), for question and quiz interactions: title,
 * description, media, open-ended (with the answer's type) or multiple choice
 * (with its options), the correct answer, attempts, hint and retry.
 */
export function QuestionEditor({ bind, path, readOnly, gameId }: QuestionEditorProps) {
  const { t } = useTranslation();
  const question = bind<QuestionValue>(path, {});
  const value = question.value ?? {};
  const errors = question.errors;
  const field = <K extends keyof QuestionValue>(key: K) => bind<QuestionValue[K]>(`${path}.${key}`, undefined);
  const at = (key: string) => errorOf(errors, `${path}.${key}`);
  const title = field('title');
  const description = field('description');
  const mediaId = field('mediaId');
  const dType = field('dType');
  const allowMultiple = field('allowMultipleAnswers');
  const hasCorrect = field('hasCorrectAnswer');
  const correctAnswer = field('correctAnswer');
  const correctBinary = field('correctAnswerBinary');
  const attempts = field('attempts');
  const hint = field('hint');
  const retry = field('reTryIfFailed');
  const typeWrite = field('typeWrite');
  const isMC = value.qType === 'MC';
  const isNumber = value.qType === 'openEnded' && value.dType === 'number';

  const handleQType = (qType: string) => {
    const options = value.options ?? [];
    question.onChange({
      ...value,
      qType,
      // A new multiple-choice question starts with the two options it needs.
      options: qType === 'MC' && options.length === 0 ? [newQuestionOption(), newQuestionOption()] : options,
      dType: qType === 'openEnded' ? value.dType || 'stext' : value.dType,
    });
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('design.interactions.question.title')}
        value={title.value ?? ''}
        onChange={(event) => title.onChange(event.currentTarget.value)}
        error={at('title')}
        readOnly={readOnly}
        withAsterisk
      />
      <RichTextEditor
        label={t('design.interactions.question.description')}
        value={description.value ?? ''}
        onChange={description.onChange}
        error={at('description')}
        readOnly={readOnly}
        withAsterisk
        minHeight={100}
      />
      <MediaPickerField
        label={t('design.interactions.question.media')}
        gameId={gameId}
        value={mediaId.value ?? null}
        onChange={mediaId.onChange}
        error={at('mediaId')}
        disabled={readOnly}
      />
      <Radio.Group
        label={t('design.interactions.question.qType')}
        value={value.qType || null}
        onChange={handleQType}
        error={at('qType')}
        withAsterisk
      >
        <Group gap="lg" mt={6}>
          {QUESTION_TYPES.map((qType: QuestionType) => (
            <Radio key={qType} value={qType} label={vocabulary.questionType(t, qType)} disabled={readOnly} />
          ))}
        </Group>
      </Radio.Group>
      {value.qType === 'openEnded' && (
        <Select
          label={t('design.interactions.question.dType')}
          data={ANSWER_DATA_TYPES.map((type) => ({ value: type, label: vocabulary.answerDataType(t, type) }))}
          value={dType.value || null}
          onChange={(type) => dType.onChange(type ?? '')}
          error={at('dType')}
          disabled={readOnly}
          withAsterisk
          allowDeselect={false}
        />
      )}
      {isMC && (
        <Switch
          label={t('design.interactions.question.allowMultipleAnswers')}
          checked={Boolean(allowMultiple.value)}
          onChange={(event) => allowMultiple.onChange(event.currentTarget.checked)}
          disabled={readOnly}
        />
      )}
      {/* A number is always typed: 'Answer by typing' is for choices and texts only. */}
      {!isNumber && (
        <Switch
          label={t('design.interactions.question.typeWrite')}
          checked={Boolean(typeWrite.value)}
          onChange={(event) => typeWrite.onChange(event.currentTarget.checked)}
          disabled={readOnly}
        />
      )}
      <Switch
        label={t('design.interactions.question.hasCorrectAnswer')}
        checked={Boolean(hasCorrect.value)}
        onChange={(event) => hasCorrect.onChange(event.currentTarget.checked)}
        disabled={readOnly}
      />
      {value.qType === 'openEnded' && value.hasCorrectAnswer && (
        <SimpleGrid cols={{ base: 1, sm: isNumber ? 1 : 2 }}>
          <TextInput
            label={t('design.interactions.question.correctAnswer')}
            value={correctAnswer.value === null || correctAnswer.value === undefined ? '' : String(correctAnswer.value)}
            onChange={(event) => correctAnswer.onChange(event.currentTarget.value)}
            error={at('correctAnswer')}
            readOnly={readOnly}
            withAsterisk
          />
          {/* A yes/no answer is a text answer: a number question has none. */}
          {!isNumber && (
            <Select
              label={t('design.interactions.question.correctAnswerBinary')}
              data={BINARY_ANSWERS.map((answer) => ({
                value: answer,
                label: t(`design.interactions.question.${answer}`),
              }))}
              value={correctBinary.value || null}
              onChange={(answer) => correctBinary.onChange(answer)}
              error={at('correctAnswerBinary')}
              disabled={readOnly}
              clearable
            />
          )}
        </SimpleGrid>
      )}
      {isMC && (
        <OptionsEditor bind={bind} path={path} readOnly={readOnly} showCorrect={Boolean(value.hasCorrectAnswer)} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('design.interactions.question.attempts')}
          value={attempts.value ?? ''}
          onChange={(number) => attempts.onChange(number)}
          error={at('attempts')}
          disabled={readOnly}
          min={MIN_QUESTION_ATTEMPTS}
          allowDecimal={false}
          allowNegative={false}
          withAsterisk
        />
        <TextInput
          label={t('design.interactions.question.hint')}
          value={hint.value ?? ''}
          onChange={(event) => hint.onChange(event.currentTarget.value)}
          error={at('hint')}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <Switch
        label={t('design.interactions.question.reTryIfFailed')}
        checked={Boolean(retry.value)}
        onChange={(event) => retry.onChange(event.currentTarget.checked)}
        disabled={readOnly}
      />
    </Stack>
  );
}

/** Several questions (a quiz): each in its own frame, added, removed and reordered. */
export function QuestionListEditor({
  bind,
  path,
  readOnly,
  gameId,
  newQuestion,
}: QuestionEditorProps & { newQuestion: () => QuestionValue }) {
  const { t } = useTranslation();
  return (
    <BoundEditableList<QuestionValue>
      bind={bind}
      path={path}
      newItem={newQuestion}
      readOnly={readOnly}
      labels={{
        list: t('design.interactions.questions'),
        empty: t('design.interactions.question.none'),
        add: t('design.interactions.question.add'),
        item: (number) => t('design.interactions.question.label', { number }),
        remove: (number) => t('design.interactions.question.remove', { number }),
        moveUp: (number) => t('design.interactions.question.moveUp', { number }),
        moveDown: (number) => t('design.interactions.question.moveDown', { number }),
      }}
      renderItem={(index) => (
        <QuestionEditor bind={bind} path={`${path}.${index}`} readOnly={readOnly} gameId={gameId} />
      )}
    />
  );
}
