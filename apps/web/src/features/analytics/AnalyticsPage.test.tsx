import { GAME_TEXTS } from '@loci/domain';
import { RECORD_NAMES } from '@loci/engine';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesignEntity } from '@loci/domain';
import {
  UI_TEST_TIMEOUT_MS,
  makeEntity,
  makeVersion,
  makeWorkspace,
  mockWorkspaceApi,
  type WorkspaceOverrides,
} from '../design/common/test-workspace';
import type { MockHandler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { CSV_BOM } from './stats';
import { conversationInteraction, makePlayer, makeRecord, questionInteraction } from './test-factories';

const working = makeVersion({ id: 'v0', isLiveSpec: true, createdAt: '2024-03-01T10:00:00.000Z', version: 0 });
const first = makeVersion({ id: 'v1', isLiveSpec: false, createdAt: '2024-04-01T10:00:00.000Z', version: 1 });
const second = makeVersion({ id: 'v2', isLiveSpec: false, createdAt: '2024-05-01T10:00:00.000Z', version: 2 });

const players = [
  makePlayer('Ann', [
    makeRecord(RECORD_NAMES.answeredQuestion, { interactionId: 'q1', questionId: 'q1-1', answer: 1, correct: false }),
    makeRecord(RECORD_NAMES.answeredQuestion, { interactionId: 'q1', questionId: 'q1-1', answer: 0, correct: true }),
    makeRecord(RECORD_NAMES.passedQuestion, { interactionId: 'q1', questionId: 'q1-1' }),
    makeRecord(RECORD_NAMES.conversation, { interactionId: 'c1', status: 'started' }),
    makeRecord(RECORD_NAMES.conversation, {
      interactionId: 'c1',
      status: 'completed',
      history: [
        { statementId: 's1', when: '2024-05-02T10:00:00.000Z' },
        { statementId: 's1', optionId: 'opt-hello', when: '2024-05-02T10:01:00.000Z' },
        { statementId: 's2', when: '2024-05-02T10:01:00.000Z' },
      ],
    }),
    makeRecord(RECORD_NAMES.enteredScene, { sceneId: 'harbour' }),
  ]),
  makePlayer('Bob'),
];

function openPage({
  workspace = {},
  versions = [working, first, second],
  analytics = { body: { analytics: players } },
  judging = { body: { missions: [] } },
}: { workspace?: WorkspaceOverrides; versions?: unknown[]; analytics?: MockHandler; judging?: MockHandler } = {}) {
  const api = mockWorkspaceApi(
    makeWorkspace({
      interactions: [questionInteraction, conversationInteraction] as DesignEntity[],
      characters: [makeEntity('captain', { title: 'Captain Nemo' })],
      scenes: [makeEntity('harbour')],
      ...workspace,
    }),
    {
      'GET /api/design/g1/gameVersions': { body: versions },
      'GET /api/analytics/v0': analytics,
      'GET /api/analytics/v1': analytics,
      'GET /api/analytics/v2': analytics,
      'GET /api/analytics/v0/judging': { body: { missions: [] } },
      'GET /api/analytics/v1/judging': { body: { missions: [] } },
      'GET /api/analytics/v2/judging': judging,
    },
  );
  const view = renderApp('/analytics/g1');
  const analyticsUrls = () =>
    api.fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/analytics/'));
  return { ...view, api, analyticsUrls };
}

afterEach(() => vi.restoreAllMocks());

describe('#analytics.page', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('opens on the newest version and shows the summary and only the panels with data', async () => {
    const { analyticsUrls } = openPage();

    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    const selector = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Show Data' });
    await waitFor(() => expect(selector.value).toMatch(/^Version 2 of .* \(published only\)$/));

    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Total players').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Is multiplayer').nextSibling).toHaveTextContent('No');
    expect(analyticsUrls().sort()).toEqual([
      '/api/analytics/v2/judging?includeAbandoned=false',
      '/api/analytics/v2?includeAbandoned=false',
    ]);

    const questions = screen.getByRole('region', { name: 'Questions Stats' });
    const row = within(questions).getByRole('row', { name: /The capital/ });
    // 2 answers, 1 player, 1 passed, 50% correct.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['The capital (capital)', '2', '1', '1', '50%']));
    expect(screen.getByRole('region', { name: 'Conversation Stats' })).toBeInTheDocument();
    for (const name of ['Quizzes', 'Mission Stats', 'Offers', 'Info Stats', 'Scene Stats', 'Judged submissions']) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
  });

  it('shows the judged submissions per mission: the approval rate and the median time to judge', async () => {
    openPage({
      judging: {
        body: {
          missions: [
            {
              missionId: 'm1',
              missionTitle: 'A photo of the fountain',
              submitted: 4,
              pending: 1,
              approved: 2,
              rejected: 1,
              withdrawn: 0,
              approvalRate: 2 / 3,
              medianSecondsToJudge: 45,
            },
          ],
        },
      },
    });
    const judged = await screen.findByRole('region', { name: 'Judged submissions' });
    const row = within(judged).getByRole('row', { name: /A photo of the fountain/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['A photo of the fountain', '4', '1', '2', '1', '67%', '45 s']);
  });

  it('shows Scene Stats only for a game of more than one scene', async () => {
    openPage({ workspace: { scenes: [makeEntity('harbour'), makeEntity('market')] } });
    const scenes = await screen.findByRole('region', { name: 'Scene Stats' });
    expect(within(scenes).getByRole('row', { name: /Title of harbour/ })).toBeInTheDocument();
  });

  it('asks again with abandoned instances when Include Abandoned is switched on, and for the chosen version', async () => {
    const { user, analyticsUrls } = openPage();
    await screen.findByRole('region', { name: 'Summary' });

    await user.click(screen.getByRole('switch', { name: 'Include Abandoned' }));
    await waitFor(() => expect(analyticsUrls()).toContain('/api/analytics/v2?includeAbandoned=true'));

    await user.click(screen.getByRole('combobox', { name: 'Show Data' }));
    await user.click(await screen.findByRole('option', { name: 'Working version (live only)' }));
    await waitFor(() => expect(analyticsUrls()).toContain('/api/analytics/v0?includeAbandoned=true'));
  });

  it('keeps the page when the selected version is picked again', async () => {
    const { user } = openPage();
    await screen.findByRole('region', { name: 'Summary' });
    const selector = screen.getByRole<HTMLInputElement>('combobox', { name: 'Show Data' });
    const chosen = selector.value;
    await user.click(selector);
    await user.click(await screen.findByRole('option', { name: chosen }));
    expect(selector.value).toBe(chosen);
    expect(screen.getByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });

  it("says 'Nothing to show' when the game has no version", async () => {
    const { analyticsUrls } = openPage({ versions: [] });
    expect(await screen.findByText('Nothing to show')).toBeInTheDocument();
    expect(analyticsUrls()).toEqual([]);
  });

  it('replays a completed conversation, with the player’s replies and the Game Master', async () => {
    const { user } = openPage();
    const conversations = await screen.findByRole('region', { name: 'Conversation Stats' });
    await user.click(within(conversations).getByRole('button', { name: 'Details of Talk to the captain' }));

    const dialog = await screen.findByRole('dialog');
    const log = within(dialog).getByRole('log');
    expect(log).toHaveTextContent('Captain Nemo');
    expect(log).toHaveTextContent('Ahoy, sailor!');
    expect(log).toHaveTextContent('AnnHello captain');
    expect(log).toHaveTextContent('Game MasterReady to sail?');
  });

  it('lists the answers of a question as option texts', async () => {
    const { user } = openPage();
    const questions = await screen.findByRole('region', { name: 'Questions Stats' });
    await user.click(within(questions).getByRole('button', { name: 'Details of The capital' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sparta')).toBeInTheDocument();
    expect(within(dialog).getByText('Athens')).toBeInTheDocument();
  });

  it('shows the answers of a much-answered question 50 at a time', async () => {
    // 120 players who each answered once: more than a drill-down shows at once.
    const many = Array.from({ length: 120 }, (_, i) =>
      makePlayer(`Player ${i + 1}`, [
        makeRecord(RECORD_NAMES.answeredQuestion, {
          interactionId: 'q1',
          questionId: 'q1-1',
          answer: 1,
          correct: false,
        }),
      ]),
    );
    const { user } = openPage({ analytics: { body: { analytics: many } } });
    const questions = await screen.findByRole('region', { name: 'Questions Stats' });
    expect(within(questions).getByRole('row', { name: /The capital/ })).toHaveTextContent('120');
    await user.click(within(questions).getByRole('button', { name: 'Details of The capital' }));
    const dialog = await screen.findByRole('dialog');
    const table = within(dialog).getByRole('table');
    // The header row and the first 50 answers.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(dialog).getByText('1–50 of 120')).toBeInTheDocument();
    expect(within(table).getByText('Player 1')).toBeInTheDocument();
    expect(within(table).queryByText('Player 51')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '3' }));
    expect(within(dialog).getByText('101–120 of 120')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('Player 120')).toBeInTheDocument();
    expect(within(table).queryByText('Player 1')).not.toBeInTheDocument();
  });

  it('names elements by title with the system name after it, and writes times in the game’s zone', async () => {
    const { user } = openPage({
      workspace: {
        game: { playingPeriod: { start: '2024-01-01T00:00:00.000Z', end: null, timezone: 'Europe/Athens' } },
      },
    });
    const questions = await screen.findByRole('region', { name: 'Questions Stats' });
    const title = within(questions).getByText('The capital');
    // The system name is secondary: after the title, apart from it.
    expect(title.querySelector('[data-system-name]')).toHaveTextContent('(capital)');
    const conversations = screen.getByRole('region', { name: 'Conversation Stats' });
    expect(within(conversations).getByText('(talk)')).toBeInTheDocument();

    await user.click(within(questions).getByRole('button', { name: 'Details of The capital' }));
    const dialog = await screen.findByRole('dialog');
    // 09:30 UTC is 12:30 in Athens in May (summer time), with the zone named.
    expect(within(dialog).getAllByText('2 May 2024, 12:30 (Europe/Athens)')).toHaveLength(2);
  });

  it('downloads QuestionStats.csv led by a byte-order mark', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs.
    URL.createObjectURL ??= () => '';
    URL.revokeObjectURL ??= () => {};
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = openPage();
    const questions = await screen.findByRole('region', { name: 'Questions Stats' });
    await user.click(within(questions).getByRole('button', { name: 'Export QuestionStats.csv' }));

    expect(names).toEqual(['QuestionStats.csv']);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // The UTF-8 byte-order mark (Blob.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toContain('Question,Player,Answer,Correct,Language,Date (Europe/Athens)');
    expect(text).toContain('The capital,Ann,Sparta,no,');
  });

  it('breaks a question’s answers down by the language they were given in, in a game of several languages', async () => {
    const inLanguage = (name: string, language: string, answer: number, correct: boolean) =>
      makePlayer(name, [
        makeRecord(RECORD_NAMES.answeredQuestion, {
          interactionId: 'q1',
          questionId: 'q1-1',
          answer,
          correct,
          language,
        }),
      ]);
    const { user } = openPage({
      workspace: { game: { language: 'en-Us', otherLanguages: ['de'] } },
      analytics: {
        body: {
          analytics: [
            inLanguage('Greta', 'de', 0, true),
            inLanguage('Hans', 'de', 1, false),
            inLanguage('Ann', 'en', 0, true),
          ],
        },
      },
    });
    const questions = await screen.findByRole('region', { name: 'Questions Stats' });
    expect(within(questions).getByRole('columnheader', { name: 'By language' })).toBeInTheDocument();
    expect(within(questions).getByText('German: 2 answers (50 % correct)')).toBeInTheDocument();
    expect(within(questions).getByText('English: 1 answer (100 % correct)')).toBeInTheDocument();
    // Each answer names its language.
    await user.click(within(questions).getByRole('button', { name: 'Details of The capital' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details of The capital' });
    const greta = within(dialog).getByRole('row', { name: /Greta/ });
    expect(within(greta).getByRole('cell', { name: 'German' })).toBeInTheDocument();
  });

  it("blocks an archived game with 'Oops' and a Go Back button to the games", async () => {
    const { user, pathname, analyticsUrls } = openPage({ workspace: { game: { isArchived: true } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(GAME_TEXTS.gameArchivedAlert.title)).toBeInTheDocument();
    expect(within(alert).getByText('This game has been archived.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(analyticsUrls()).toEqual([]);
  });

  it('shows only a notice to a user without the edit right', async () => {
    const { api, analyticsUrls } = openPage({ workspace: { game: { rights: ['view'] } } });
    expect(await screen.findByText(/Only the designers of this game/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Show Data' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/design/g1/gameVersions')).toHaveLength(0);
    expect(analyticsUrls()).toEqual([]);
  });

  it('toasts the spec’s message when the analytics cannot be read', async () => {
    openPage({ analytics: { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText('Error retrieving game analytics for id v2')).toBeInTheDocument();
    expect(await screen.findByText('Nothing to show')).toBeInTheDocument();
  });
});
