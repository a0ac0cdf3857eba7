import { ACTIONS, DEFAULT_BUTTON_LABEL, DESIGN_MESSAGES, DESIGN_TEXTS, FORM_ERROR_MESSAGE } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GAME_ID,
  choose,
  fill,
  designApi,
  entity,
  makeWorkspace,
  optionsOf,
  renderRoute,
} from '../conditions/test-support';
import { InteractionFormPage } from './InteractionFormPage';

const UI_TEST_TIMEOUT_MS = 60_000;

const CREATE = '/games/:gameId/interactions/create/0/:interactionType';
const EDIT = '/games/:gameId/interactions/edit/:entityId';
const createPath = (type: string) => `/games/${GAME_ID}/interactions/create/0/${type}`;

function renderCreate(type: string, workspace = makeWorkspace()) {
  const api = designApi(workspace, {
    [`POST /api/design/${GAME_ID}/interactions`]: ({ body }) => ({
      status: 201,
      body: { ...(body as object), id: 'new-1' },
    }),
  });
  return { api, ...renderRoute(<InteractionFormPage />, CREATE, createPath(type)) };
}

// ProseMirror asks the layout where a click landed; jsdom has no layout.
beforeAll(() => {
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
});

/** Types into a rich-text field (TipTap in jsdom). */
async function typeRich(
  user: ReturnType<typeof renderCreate>['user'],
  label: RegExp,
  text: string,
  scope?: HTMLElement,
) {
  const editor = (scope ? within(scope) : screen).getByRole('textbox', { name: label });
  await user.click(editor);
  await user.paste(text);
}

describe('#design.interactions form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("creates an info box with the button 'Ok' and asks for a message or a media", async () => {
    const { user, api, pathname } = renderCreate('INTER_INSPECT_INFO');

    expect(await screen.findByRole('textbox', { name: /^Button label/ })).toHaveValue(DEFAULT_BUTTON_LABEL);
    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await fill(user, screen.getByRole('textbox', { name: /^System name(?! \()/ }), 'welcome');
    await fill(user, screen.getByRole('textbox', { name: /^System name \(for the app\)/ }), 'WELCOME_BOX');
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Welcome');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.messageOrMedia)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)).toHaveLength(0);

    await typeRich(user, /^Message/, 'Hello, traveller');
    await user.click(screen.getByRole('switch', { name: 'Show a direction' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: /^Direction/ })).toHaveAccessibleDescription(
      DESIGN_MESSAGES.required,
    );
    await fill(user, screen.getByRole('textbox', { name: /^Direction/ }), 'Walk to the pier');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)[0]?.body).toMatchObject({
      type: 'INTER_INSPECT_INFO',
      name: 'welcome',
      systemName: 'WELCOME_BOX',
      title: 'Welcome',
      buttonLabel: 'Ok',
      description: '<p>Hello, traveller</p>',
      direction: { isDirection: true, title: 'Walk to the pier' },
      questions: [],
    });
    expect(await screen.findByText(DESIGN_TEXTS.created('Welcome'))).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}`));
  });

  it('asks for 2 options of a multiple-choice question, and exactly one correct of a single-answer one', async () => {
    const { user, api } = renderCreate('INTER_ANSWER_QUESTION');

    await user.click(await screen.findByRole('radio', { name: 'Multiple choice' }));
    const options = screen.getByRole('group', { name: 'Options' });
    expect(within(options).getAllByRole('textbox', { name: /^Option \d/ })).toHaveLength(2);
    await user.click(within(options).getByRole('button', { name: 'Remove option 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.atLeastTwoOptions)).toBeInTheDocument();

    await user.click(within(options).getByRole('button', { name: 'Add option' }));
    await user.click(screen.getByRole('switch', { name: 'Has a correct answer' }));
    await user.click(within(options).getByRole('checkbox', { name: 'Option 1: Correct' }));
    await user.click(within(options).getByRole('checkbox', { name: 'Option 2: Correct' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.exactlyOneCorrectOption)).toBeInTheDocument();
    expect(screen.queryByText(DESIGN_MESSAGES.atLeastTwoOptions)).not.toBeInTheDocument();
    expect(screen.getByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();

    // Several answers allowed: two correct options are fine.
    await user.click(screen.getByRole('switch', { name: 'Several answers allowed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText(DESIGN_MESSAGES.exactlyOneCorrectOption)).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)).toHaveLength(0);
  });

  it('gives a question a Title its name follows, and hides what a number question cannot use', async () => {
    const { user, api } = renderCreate('INTER_ANSWER_QUESTION');

    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), 'Arsenals');
    await fill(user, screen.getByRole('textbox', { name: /^Question/ }), 'How many arsenals remain?');
    await typeRich(user, /^Description/, 'Count the vaults');
    expect(screen.getByRole('switch', { name: 'Answer by typing' })).toBeInTheDocument();
    await choose(user, /^Kind of answer/, 'Number');
    // A number is always typed, and has no yes/no answer.
    expect(screen.queryByRole('switch', { name: 'Answer by typing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Has a correct answer' }));
    expect(screen.getByRole('textbox', { name: /^Correct answer/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Correct yes\/no answer/ })).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: /^Correct answer/ }), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)[0]?.body).toMatchObject({
      type: 'INTER_ANSWER_QUESTION',
      title: 'Arsenals',
      name: 'Arsenals',
    });
  });

  it('creates a quiz with a multi-answer question', async () => {
    const { user, api } = renderCreate('INTER_QUIZ');

    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await fill(user, await screen.findByRole('textbox', { name: /^System name/ }), 'harbour-quiz');
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Harbour quiz');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.addAtLeastOneQuestion)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const question = screen.getByRole('group', { name: 'Question 1' });
    await fill(user, within(question).getByRole('textbox', { name: /^Question/ }), 'Which are boats?');
    await typeRich(user, /^Description/, 'Pick all boats', question);
    await user.click(within(question).getByRole('radio', { name: 'Multiple choice' }));
    await user.click(within(question).getByRole('switch', { name: 'Several answers allowed' }));
    await user.click(within(question).getByRole('switch', { name: 'Answer by typing' }));
    await user.click(within(question).getByRole('switch', { name: 'Has a correct answer' }));
    await user.click(within(question).getByRole('button', { name: 'Add option' }));
    const descriptions = ['Ketch', 'Sloop', 'Lighthouse'];
    for (const [index, text] of descriptions.entries()) {
      await fill(user, within(question).getByRole('textbox', { name: `Option ${index + 1}` }), text);
    }
    await user.click(within(question).getByRole('checkbox', { name: 'Option 1: Correct' }));
    await user.click(within(question).getByRole('checkbox', { name: 'Option 2: Correct' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)).toHaveLength(1));
    const body = api.callsTo(`POST /api/design/${GAME_ID}/interactions`)[0]?.body as {
      questions: Array<Record<string, unknown> & { options: Array<Record<string, unknown>> }>;
    };
    expect(body).toMatchObject({ type: 'INTER_QUIZ', name: 'harbour-quiz', title: 'Harbour quiz' });
    expect(body.questions).toHaveLength(1);
    expect(body.questions[0]).toMatchObject({
      title: 'Which are boats?',
      description: '<p>Pick all boats</p>',
      qType: 'MC',
      allowMultipleAnswers: true,
      typeWrite: true,
      hasCorrectAnswer: true,
      attempts: 1,
    });
    expect(body.questions[0]?.options.map((option) => [option.description, option.partOfCorrect])).toEqual([
      ['Ketch', true],
      ['Sloop', true],
      ['Lighthouse', false],
    ]);
    expect(body.questions[0]?.options.every((option) => typeof option.id === 'string' && option.id)).toBe(true);
  });

  it('asks a statement of a conversation for a user option, whose actions can say its statements', async () => {
    const { user, api } = renderCreate(
      'INTER_CONVERSATION',
      makeWorkspace({ characters: [entity('c1', 'keeper', { title: 'Keeper', isPlayer: false })] }),
    );

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.atLeastOneStatement)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add statement' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.atLeastOneUserOption)).toBeInTheDocument();
    expect(screen.queryByText(DESIGN_MESSAGES.atLeastOneStatement)).not.toBeInTheDocument();

    const statement = screen.getByRole('group', { name: 'Statement 1' });
    await typeRich(user, /^What is said/, 'Ahoy there', statement);
    expect(await optionsOf(user, /^Spoken by/, statement)).toEqual(['Keeper (keeper)']);
    await fill(user, within(statement).getByRole('textbox', { name: /^Player replies with/ }), 'Aye');
    await user.click(within(statement).getByRole('button', { name: 'Add user option (Statement 1)' }));
    const option = screen.getByRole('group', { name: 'Statement 1, option 1' });
    await fill(user, within(option).getByRole('textbox', { name: /^What the player says/ }), 'Hello');
    await user.click(within(option).getByRole('button', { name: /^Add action/ }));
    await choose(user, /^Action/, ACTIONS.sayStatement.label, option);
    expect(await optionsOf(user, /^Statement/, option)).toEqual(['Ahoy there']);
    await choose(user, /^Statement/, 'Ahoy there', option);
    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await fill(user, screen.getByRole('textbox', { name: /^System name/ }), 'chat');
    await fill(user, screen.getByRole('textbox', { name: /^Title/ }), 'Chat');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`POST /api/design/${GAME_ID}/interactions`)).toHaveLength(1));
    const body = api.callsTo(`POST /api/design/${GAME_ID}/interactions`)[0]?.body as {
      conversation: {
        statements: Array<{ id: string; repliedWith: string; options: Array<{ id: string; actions: unknown[] }> }>;
      };
    };
    const [saved] = body.conversation.statements;
    expect(saved?.id).toEqual(expect.any(String));
    expect(saved?.repliedWith).toBe('Aye');
    expect(saved?.options[0]?.id).toEqual(expect.any(String));
    expect(saved?.options[0]?.actions).toEqual([
      { actorId: 'system', actionName: 'sayStatement', actionArgs: { what: saved?.id }, notify: false },
    ]);
  });

  it('edits a stored interaction of its own type, and refuses an unknown type', async () => {
    designApi(
      makeWorkspace({
        interactions: [
          entity('conf', 'sure', {
            type: 'INTER_CONFIRM',
            title: 'Are you sure?',
            description: '<p>Really?</p>',
            buttonLabel: 'Yes',
            buttonLabelSecondary: 'No',
          }),
        ],
      }),
    );
    const view = renderRoute(<InteractionFormPage />, EDIT, `/games/${GAME_ID}/interactions/edit/conf`);
    expect(await screen.findByRole('textbox', { name: /^Confirm button label/ })).toHaveValue('Yes');
    expect(screen.getByRole('textbox', { name: /^Cancel button label/ })).toHaveValue('No');
    view.unmount();

    designApi(makeWorkspace());
    renderRoute(<InteractionFormPage />, CREATE, createPath('INTER_MSN'));
    expect(await screen.findByText('There is no interaction of this type.')).toBeInTheDocument();
  });
});
