import { expect, test } from '@playwright/test';
import { newRuleDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Sima Simulator');
  token = await loginToken(request, designer);
});

test('a designer draws a route in the playtest and plays it at 20×, the trace shows the rule entering the place fired; then 10 simulated players run on the working version', async ({
  page,
  request,
}) => {
  const game = await buildFountainGame(request, token);
  // The trail completes once the coin question is passed.
  const { headers, create } = designApi(request, token);
  const workspace = (await (await request.get(`/api/design/${game.id}/workspace`, { headers })).json()) as {
    scenes: Array<{ id: string }>;
    milestones: Array<{ id: string }>;
  };
  await create(`/api/design/${game.id}/rules`, {
    ...newRuleDefaults(workspace.scenes[0]!.id),
    name: 'Finish the trail',
    trigger: { conditionType: 'milestone', verb: 'has_reached', elementId: workspace.milestones[0]!.id },
    sideeffects: [{ actorId: 'system', actionName: 'completeGame', actionArgs: {}, notify: false }],
    gameId: game.id,
  });

  await signInAs(page, designer);
  await page.goto(`/fe/play/${game.id}?playtest=1`);
  const trace = page.getByRole('region', { name: 'Trace' });
  await expect(trace).toBeVisible();
  await expect(page.locator('.loci-walker')).toBeVisible();

  // Draw three points: south of the fountain, in it, and east of it.
  await page.getByRole('button', { name: 'Simulate' }).click();
  const panel = page.getByRole('region', { name: 'Simulate' });
  await panel.getByRole('button', { name: 'Draw a route' }).click();
  const fountain = (await page.locator('path.loci-location').boundingBox())!;
  const [x, y] = [fountain.x + fountain.width / 2, fountain.y + fountain.height / 2];
  await page.mouse.click(x, y + 80);
  await page.locator('path.loci-location').click();
  await page.mouse.click(x + 80, y);
  await expect(panel.getByText(/^3 points · /)).toBeVisible();
  await panel.getByRole('button', { name: 'Done drawing' }).click();
  // Drawing moved nobody: no location was sent.
  await expect(trace.getByTestId('trace-entry')).toHaveCount(1);

  await panel.getByRole('group', { name: 'Route' }).getByText('20×').click();
  await panel.getByRole('button', { name: 'Play at 20×' }).click();
  // The walk reaches the fountain and stops at its info box, waiting for the designer (the 'stop' policy).
  const story = page.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText('Waiting for an answer')).toBeVisible();
  // The step that fired it is the location the walk sent into the fountain.
  const entered = trace
    .getByTestId('trace-entry')
    .filter({ hasText: /^location / })
    .filter({
      has: page
        .getByTestId('trace-rule')
        .filter({ hasText: 'Tell the fountain story' })
        .filter({ has: page.getByText('fired', { exact: true }) }),
    });
  await expect(entered).toHaveCount(1);
  await keepScreenshot(page, '66-simulate-route-played');
  // The side column stays usable while the dialog waits: stop the walk there.
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(panel.getByRole('button', { name: 'Play at 20×' })).toBeVisible();

  // Ten simulated players answering right all complete; answering wrong, all get stuck after the question.
  await panel.getByRole('button', { name: 'Run 10 simulated players' }).click();
  const result = panel.getByRole('region', { name: 'Simulation result' });
  await expect(result.getByText('10 of 10 completed')).toBeVisible();
  await expect(result.getByText('0 stuck')).toBeVisible();
  await expect(result.getByText(/^Time to complete: /)).toBeVisible();

  await panel.getByRole('combobox', { name: 'Simulated players answer' }).click();
  await page.getByRole('option', { name: 'Wrong answer' }).click();
  await panel.getByRole('button', { name: 'Run 10 simulated players' }).click();
  await expect(result.getByText('0 of 10 completed')).toBeVisible();
  await expect(result.getByText('10 stuck')).toBeVisible();
  await expect(result.getByText('10 players stuck in square:')).toBeVisible();
  await expect(result.getByText(/last rule Ask about the coin/)).toBeVisible();
  await result.scrollIntoViewIfNeeded();
  await keepScreenshot(page, '67-simulated-players');
});
