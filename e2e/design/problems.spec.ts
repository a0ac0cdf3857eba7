import { expect, test, type APIRequestContext } from '@playwright/test';
import { newGameDefaults } from '@loci/domain';
import { type Account, createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Petra Problems');
  token = await loginToken(request, designer);
});

const HARBOUR = { lat: 35.517, lng: 24.018 };
const code = (word: string) => ({
  conditionType: 'player-code',
  verb: 'has_typedscannedcode',
  designerInputString: word,
});
const act = (actionName: string, what?: string) => ({
  actorId: 'system',
  actionName,
  actionArgs: what ? { what } : {},
  notify: false,
});

async function newGame(request: APIRequestContext, title: string): Promise<string> {
  const created = await request.post('/api/design/games', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...newGameDefaults(new Date()), title },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

function sceneBody(name: string, north = 0) {
  return {
    name,
    systemName: name,
    title: name,
    notes: '',
    enabled: true,
    fgOnly: false,
    logoId: null,
    lat: HARBOUR.lat + north / 111_195,
    lng: HARBOUR.lng,
    radius: 400,
    universe: false,
  };
}

function placeBody(name: string, sceneId: string, north: number, radius = 40) {
  return {
    name,
    title: name,
    sceneId,
    logoId: null,
    iconSize: 24,
    lat: HARBOUR.lat + north / 111_195,
    lng: HARBOUR.lng,
    radius,
    trackable: true,
    visible: 'always',
    contactable: 'in-range',
    if: [],
  };
}

function infoBody(name: string) {
  return {
    type: 'INTER_INSPECT_INFO',
    name,
    title: name,
    buttonLabel: 'Ok',
    description: `<p>${name}</p>`,
    direction: { isDirection: false, title: '' },
    questions: [],
  };
}

function ruleBody(name: string, sceneId: string, trigger: Record<string, unknown>, sideeffects: unknown[], extra = {}) {
  return {
    name,
    notes: '',
    sceneId,
    trigger,
    triggerPreconditions: [],
    sideeffects,
    sideeffectselse: [],
    fireOnce: true,
    ...extra,
  };
}

test('a problem is shown, blocks publishing, and goes away when the designer fixes it', async ({ page, request }) => {
  const api = designApi(request, token);
  const gameId = await newGame(request, 'Problems at the Harbour');
  const d = `/api/design/${gameId}`;
  const harbour = await api.create(`${d}/scenes`, sceneBody('harbour'));
  // A place of 5 m (smaller than GPS accuracy: a warning).
  const pier = await api.create(`${d}/locations`, placeBody('pier', harbour.id, 50, 5));
  const welcome = await api.create(`${d}/interactions`, infoBody('welcome'));
  await api.create(
    `${d}/rules`,
    ruleBody('greet', harbour.id, { conditionType: 'player-location', verb: 'has_entered', elementId: pier.id }, [
      act('showInfo', welcome.id),
    ]),
  );
  // A question without a correct answer that a rule waits for players to pass: an error.
  const riddle = await api.create(`${d}/interactions`, {
    type: 'INTER_ANSWER_QUESTION',
    name: 'riddle',
    title: 'Riddle',
    buttonLabel: 'Ok',
    description: '',
    direction: { isDirection: false, title: '' },
    questions: [
      {
        title: 'Riddle',
        description: '<p>What has keys but no locks?</p>',
        qType: 'openEnded',
        dType: 'stext',
        hasCorrectAnswer: false,
        attempts: 1,
      },
    ],
  });
  await api.create(
    `${d}/rules`,
    ruleBody('ask', harbour.id, { conditionType: 'player-info', verb: 'has_seen', elementId: welcome.id }, [
      act('askQuestion', riddle.id),
    ]),
  );
  await api.create(
    `${d}/rules`,
    ruleBody('finish', harbour.id, code('piano'), [act('completeGame')], {
      triggerPreconditions: [
        { conditions: [{ conditionType: 'player-question', verb: 'has_passed', elementId: riddle.id }] },
      ],
    }),
  );

  await signInAs(page, designer);
  await page.goto(`/fe/games/${gameId}`);
  const sidebar = page.getByRole('navigation', { name: 'Design elements' });
  const problemsLink = sidebar.getByRole('link', { name: /^Problems: / });
  // The design workspace's first load in a new browser: slow on a busy machine.
  await expect(problemsLink).toHaveAccessibleName('Problems: 1 errors, 2 warnings', { timeout: 30_000 });
  await keepScreenshot(page, '70-problems-sidebar');

  // Publish shows the error and refuses.
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('Fix these errors before publishing:');
  await expect(dialog.getByRole('alert')).toContainText('Interaction “Riddle” has no correct answer');
  await expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await keepScreenshot(page, '71-publish-blocked');
  // The server refuses as well, with the list.
  const refused = await request.post(`${d}/gameVersions`, { headers: api.headers, data: { versionNotes: 'v1' } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual([
    'question-no-correct-answer',
  ]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The panel lists them; warnings only when filtered.
  await problemsLink.click();
  await expect(page.getByRole('heading', { name: 'Problems' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Problems' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await page.getByText('Warnings (2)').click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await keepScreenshot(page, '72-problems-panel');

  // Click → the place's editor; a radius of 50 m fixes it, and the count goes down as the design changes.
  await list.getByRole('link', { name: /Place “pier” has a radius of 5 m/ }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/games/${gameId}/locations/edit/${pier.id}$`));
  const radius = page.getByRole('textbox', { name: 'Radius (m)' });
  await radius.fill('50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location pier saved').first()).toBeVisible();
  // Saving returns to the place's scene, on its Places tab.
  await expect(page).toHaveURL(new RegExp(`/fe/games/${gameId}/scenes/show/${harbour.id}\\?tab=places$`));
  await expect(problemsLink).toHaveAccessibleName('Problems: 1 errors, 1 warnings');
  await problemsLink.click();
  await expect(page.getByRole('list', { name: 'Problems' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('has a radius of 5 m')).toHaveCount(0);
  await keepScreenshot(page, '73-problem-fixed');
});

test('the story graph opens on a generated game of 300 rules, searches and opens an editor', async ({
  page,
  request,
}) => {
  const api = designApi(request, token);
  const gameId = await newGame(request, 'Three Hundred Rules');
  const d = `/api/design/${gameId}`;
  const SCENES = 10;
  const PER_SCENE = 30;
  const scenes: { id: string }[] = [];
  for (let k = 0; k < SCENES; k++) scenes.push(await api.create(`${d}/scenes`, sceneBody(`district-${k}`, k * 1000)));
  // Per scene: 10 places, 10 info boxes; 30 rules (10 places → info, 10 seen → next info, 10 codes), the last code to the next scene.
  for (let k = 0; k < SCENES; k++) {
    const sceneId = scenes[k]!.id;
    const places = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.create(`${d}/locations`, placeBody(`d${k}-place-${i}`, sceneId, k * 1000 + (i - 5) * 70, 30)),
      ),
    );
    const infos = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.create(`${d}/interactions`, infoBody(`d${k}-info-${i}`))),
    );
    const rules = [];
    for (let i = 0; i < 10; i++) {
      rules.push(
        ruleBody(
          `d${k}-enter-${i}`,
          sceneId,
          { conditionType: 'player-location', verb: 'has_entered', elementId: places[i]!.id },
          [act('showInfo', infos[i]!.id)],
        ),
      );
      rules.push(
        ruleBody(
          `d${k}-seen-${i}`,
          sceneId,
          { conditionType: 'player-info', verb: 'has_seen', elementId: infos[i]!.id },
          [act('showInfo', infos[(i + 1) % 10]!.id)],
          {
            fireOnce: false,
          },
        ),
      );
      const last = i === 9;
      const next = k + 1 < SCENES ? act('goToScene', scenes[k + 1]!.id) : act('completeGame');
      rules.push(
        ruleBody(`d${k}-code-${i}`, sceneId, code(`d${k}c${i}`), [last ? next : act('showInfo', infos[i]!.id)]),
      );
    }
    for (const body of rules) await api.create(`${d}/rules`, body);
  }
  const all = (await (await request.get(`${d}/rules`, { headers: api.headers })).json()) as unknown[];
  expect(all).toHaveLength(SCENES * PER_SCENE);

  await signInAs(page, designer);
  await page.goto(`/fe/games/${gameId}`);
  await page.getByRole('navigation', { name: 'Design elements' }).getByRole('link', { name: 'Story graph' }).click();
  await expect(page.getByRole('heading', { name: 'The story as a graph' })).toBeVisible({ timeout: 30_000 });
  const graph = page.getByTestId('story-graph');
  await expect(graph.locator('.react-flow__node').first()).toBeVisible({ timeout: 60_000 });
  await expect(graph.locator('.react-flow__edge').first()).toBeAttached();
  await keepScreenshot(page, '74-story-graph-300-rules');

  // Search: the matching node is brought into view.
  await page.getByRole('textbox', { name: 'Search the graph' }).fill('d3-info-7');
  await expect(page.getByText('1 matching')).toBeVisible();
  const node = graph.locator('.react-flow__node', { hasText: 'd3-info-7' });
  await expect(node).toBeVisible();
  await keepScreenshot(page, '75-story-graph-search');
  await node.click();
  await expect(page).toHaveURL(/\/interactions\/edit\//);
});
