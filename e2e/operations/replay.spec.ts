import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, CENTRE, FOUNTAIN, LANTERN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Rita Replay');
  token = await loginToken(request, designer);
});

test('an operator replays a played game: the slider moves the player on the map, their state and the rules of the step', async ({
  page,
  request,
}) => {
  const { headers } = designApi(request, token);
  const game = await buildFountainGame(request, token);
  // A short game, played through the player API: the centre, past the lantern, into the fountain's circle.
  const started = await request.post(`/api/play/games/${game.id}/instances`, {
    headers,
    data: { versionId: 'current' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { instanceId } = (await started.json()) as { instanceId: string };
  for (const place of [CENTRE, LANTERN, FOUNTAIN]) {
    const sent = await request.post(`/api/play/instances/${instanceId}/events`, {
      headers,
      data: { type: 'location', latitude: place.lat, longitude: place.lng, accuracy: 5 },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }

  await signInAs(page, designer);
  await page.goto(`/fe/active-games/${game.id}/instance/${instanceId}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Replay Rita Replay’s game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replay of Rita Replay’s game' });
  const stepLine = dialog.getByTestId('replay-step');
  const position = dialog.getByText(/^Last position:/);
  const tracks = dialog.locator('.leaflet-overlay-pane path');

  // It opens at the last step: at the fountain, whose rule fired.
  await expect(stepLine).toContainText('Step 4 of 4');
  await expect(position).toContainText(`${FOUNTAIN.lat.toFixed(5)}, ${FOUNTAIN.lng.toFixed(5)}`);
  await expect(dialog.getByTestId('trace-rule').filter({ hasText: 'fired' }).first()).toBeVisible();
  const pathsAtEnd = await tracks.count();
  await keepScreenshot(page, '84-replay-last-step');

  // Dragged to the start: the player had just joined, nowhere yet, no track drawn.
  const slider = dialog.getByRole('slider', { name: 'Step of the replay' });
  const box = (await slider.locator('..').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 40, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(stepLine).toContainText('Step 1 of 4');
  await expect(position).toContainText('Unknown');
  await expect(tracks).toHaveCount(pathsAtEnd - 1);

  // One step on: at the centre of the square.
  await slider.press('ArrowRight');
  await expect(stepLine).toContainText('Step 2 of 4');
  await expect(position).toContainText(`${CENTRE.lat.toFixed(5)}, ${CENTRE.lng.toFixed(5)}`);
  // Two: past the lantern, the track so far drawn.
  await slider.press('ArrowRight');
  await expect(position).toContainText(`${LANTERN.lat.toFixed(5)}, ${LANTERN.lng.toFixed(5)}`);
  await expect(tracks).toHaveCount(pathsAtEnd);
  await keepScreenshot(page, '85-replay-dragged-back');
});
