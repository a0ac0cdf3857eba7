import type { Output } from '@loci/engine';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../App';
import { createQueryClient } from '../../../api/query-client';
import { makeIndex, renderWithProviders } from '../test-support';
import { OutputDialog } from './OutputDialog';

const question = (overrides: Record<string, unknown>) => ({
  id: 'q1',
  title: 'What is the boat called?',
  description: '<p>Look at its <strong>bow</strong>.</p>',
  mediaId: null,
  typeWrite: false,
  qType: 'MC',
  dType: null,
  allowMultipleAnswers: false,
  hasCorrectAnswer: true,
  attempts: 2,
  reTryIfFailed: false,
  options: [
    { id: 'o1', description: '<p>Aurora</p>' },
    { id: 'o2', description: '<p>Poseidon</p>' },
    { id: 'o3', description: '<p>Calypso</p>' },
  ],
  ...overrides,
});

const index = makeIndex({
  interaction: [
    {
      id: 'boat',
      type: 'INTER_ANSWER_QUESTION',
      title: 'The boat',
      buttonLabel: 'Answer',
      questions: [question({})],
      conversation: { resumable: false, statements: [] },
    },
    {
      id: 'several',
      type: 'INTER_ANSWER_QUESTION',
      title: 'Colours',
      buttonLabel: '',
      questions: [question({ id: 'q2', allowMultipleAnswers: true })],
      conversation: { resumable: false, statements: [] },
    },
    {
      id: 'year',
      type: 'INTER_ANSWER_QUESTION',
      title: 'The year',
      buttonLabel: '',
      questions: [question({ id: 'q3', qType: 'openEnded', dType: 'number', options: [] })],
      conversation: { resumable: false, statements: [] },
    },
    {
      id: 'welcome',
      type: 'INTER_INSPECT_INFO',
      title: 'Welcome',
      description: '<p>The fishermen left you a note.</p><script>window.hacked = true</script>',
      buttonLabel: 'Got it',
      questions: [],
      conversation: { resumable: false, statements: [] },
    },
    {
      id: 'chat',
      type: 'INTER_CONVERSATION',
      title: 'The fisherman',
      questions: [],
      conversation: {
        resumable: false,
        statements: [{ id: 's1', body: '<p>Ahoy! Looking for the key?</p>', spokenBy: 'nikos', options: [] }],
      },
    },
  ],
  character: [{ id: 'nikos', title: 'Nikos the fisherman', mediaId: null }],
});

const output = (fields: Partial<Output>): Output => ({ playerId: 'p1', blocking: true, action: 'showInfo', ...fields });

describe('OutputDialog', () => {
  it('answers a multiple-choice question with the index of the chosen option', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <OutputDialog
        output={output({ action: 'askQuestion', interactionId: 'boat', questionId: 'q1', attemptsLeft: 2 })}
        index={index}
        onSend={onSend}
      />,
    );
    expect(screen.getByText('What is the boat called?')).toBeInTheDocument();
    expect(screen.getByText('2 attempts left')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Answer' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Poseidon' }));
    await user.click(submit);
    expect(onSend).toHaveBeenCalledWith({ type: 'answer', interactionId: 'boat', questionId: 'q1', answer: 1 });
  });

  it('answers a question with several answers with the sorted indices', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <OutputDialog
        output={output({ action: 'askQuestion', interactionId: 'several' })}
        index={index}
        onSend={onSend}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Calypso' }));
    await user.click(screen.getByRole('checkbox', { name: 'Aurora' }));
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'answer', interactionId: 'several', answer: [0, 2] });
  });

  it('answers an open number question with a number and shows how the last answer was judged', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <OutputDialog
        output={output({ action: 'askQuestion', interactionId: 'year', questionId: 'q3' })}
        index={index}
        result={output({
          action: 'answerResult',
          blocking: false,
          interactionId: 'year',
          correct: false,
          attemptsLeft: 1,
          hint: 'After 1880',
        })}
        onSend={onSend}
      />,
    );
    expect(screen.getByText('Not quite')).toBeInTheDocument();
    expect(screen.getByText('Hint: After 1880')).toBeInTheDocument();
    expect(screen.getByText('1 attempt left')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), '1890');
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'answer', interactionId: 'year', questionId: 'q3', answer: 1890 });
  });

  it('shows an info box without its scripts and answers it with seen', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <OutputDialog output={output({ action: 'showInfo', interactionId: 'welcome' })} index={index} onSend={onSend} />,
    );
    expect(screen.getByText('The fishermen left you a note.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'seen', interactionId: 'welcome' });
  });

  it('says a statement with its speaker and sends the chosen option', async () => {
    const onSend = vi.fn();
    const { user } = renderWithProviders(
      <OutputDialog
        output={output({
          action: 'startConversation',
          interactionId: 'chat',
          statementId: 's1',
          options: [
            { id: 'yes', actionLabel: 'Yes, where is it?' },
            { id: 'no', actionLabel: 'No, thanks' },
          ],
        })}
        index={index}
        onSend={onSend}
      />,
    );
    expect(screen.getByText('Nikos the fisherman')).toBeInTheDocument();
    expect(screen.getByText('Ahoy! Looking for the key?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'option', interactionId: 'chat', statementId: 's1', optionId: 'no' });
  });

  it('asks a quiz one question at a time, going on once a question is passed', async () => {
    const onSend = vi.fn();
    const quizIndex = makeIndex({
      interaction: [
        {
          id: 'harbour-quiz',
          type: 'INTER_QUIZ',
          title: 'Harbour quiz',
          questions: [
            question({ id: 'qa', title: 'Which boat is red?' }),
            question({ id: 'qb', title: 'How many piers?', qType: 'openEnded', dType: 'number', options: [] }),
          ],
        },
      ],
    });
    const asked = output({ action: 'askQuiz', interactionId: 'harbour-quiz' });
    const { user, rerender } = renderWithProviders(<OutputDialog output={asked} index={quizIndex} onSend={onSend} />);
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Calypso' }));
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(onSend).toHaveBeenLastCalledWith({
      type: 'answer',
      interactionId: 'harbour-quiz',
      questionId: 'qa',
      answer: 2,
    });
    const passed = output({ action: 'answerResult', interactionId: 'harbour-quiz', questionId: 'qa', correct: true });
    rerender(
      <AppProviders queryClient={createQueryClient({ retry: false })} env="test">
        <OutputDialog output={asked} index={quizIndex} result={passed} onSend={onSend} />
      </AppProviders>,
    );
    expect(await screen.findByText('Question 2 of 2')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), '3');
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(onSend).toHaveBeenLastCalledWith({
      type: 'answer',
      interactionId: 'harbour-quiz',
      questionId: 'qb',
      answer: 3,
    });
  });

  it('takes a quiz up again at the question the server names as next', () => {
    const quizIndex = makeIndex({
      interaction: [
        {
          id: 'harbour-quiz',
          type: 'INTER_QUIZ',
          title: 'Harbour quiz',
          questions: [
            question({ id: 'qa', title: 'Which boat is red?' }),
            question({ id: 'qb', title: 'How many piers?', qType: 'openEnded', dType: 'number', options: [] }),
          ],
        },
      ],
    });
    renderWithProviders(
      <OutputDialog
        output={output({ action: 'askQuiz', interactionId: 'harbour-quiz', questionId: 'qb' })}
        index={quizIndex}
        onSend={vi.fn()}
      />,
    );
    expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('How many piers?')).toBeInTheDocument();
  });

  it('answers a confirmation with approved true or false', async () => {
    const onSend = vi.fn();
    const confirmIndex = makeIndex({
      interaction: [
        {
          id: 'deal',
          type: 'INTER_CONFIRM',
          title: 'Deal?',
          description: '<p>Trade the key for the map?</p>',
          buttonLabel: 'Deal',
          buttonLabelSecondary: 'No deal',
          questions: [],
        },
      ],
    });
    const { user } = renderWithProviders(
      <OutputDialog
        output={output({ action: 'askConfirmation', interactionId: 'deal' })}
        index={confirmIndex}
        onSend={onSend}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'No deal' }));
    expect(onSend).toHaveBeenLastCalledWith({ type: 'confirm', interactionId: 'deal', approved: false });
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    expect(onSend).toHaveBeenLastCalledWith({ type: 'confirm', interactionId: 'deal', approved: true });
  });
});
