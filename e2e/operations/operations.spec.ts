import { expect, test } from '@playwright/test';
import { newGameDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';
import { CENTRE } from '../support/fountain-game.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Otto Operator');
  token = await loginToken(request, designer);
});

test('a playtest, running or terminated, counts no player, and the period saves the time typed', async ({
  page,
  request,
}) => {
  const { headers, create } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const game = await create('/api/design/games', {
    ...defaults,
    title: 'Operations Walk',
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  await create(`/api/design/${game.id}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'square',
    title: 'The Square',
    radius: 600,
    gameId: game.id,
  });
  // The designer's own playtest of the working version.
  const started = await request.post(`/api/play/games/${game.id}/instances`, {
    headers,
    data: { versionId: 'current' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { instanceId } = (await started.json()) as { instanceId: string };

  await signInAs(page, designer);
  await page.goto(`/fe/active-games/${game.id}`);
  const total = page.getByText('Total players').locator('..');
  // A playtest is no player: said beside the count, not counted in it.
  await expect(total.getByText('and 1 playtest, not counted')).toBeVisible();
  await expect(total.getByText(/playing:/)).toHaveCount(0);

  // Terminate it from the instance page.
  await page.getByRole('link', { name: /^Manage the game of / }).click();
  await expect(page).toHaveURL(new RegExp(`/instance/${instanceId}$`));
  // Named by who plays it and when, never by its id.
  await expect(page.getByRole('heading', { level: 2, name: / · started / })).not.toContainText(instanceId);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Terminate instance' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Terminate instance' }).click();
  await expect(page.getByText('Game instance terminated successfully').first()).toBeVisible();
  await expect(page.getByText('(terminated)')).toBeVisible();
  // Back by the breadcrumb (the navbar's link of the open game goes to its design).
  await page.getByRole('main').getByRole('link', { name: 'Operations Walk' }).first().click();
  await expect(total.getByText('and 1 playtest, not counted')).toBeVisible();
  await expect(total.getByText(/playing:|terminated:/)).toHaveCount(0);
  await keepScreenshot(page, '80-gameplay-after-terminate');

  // The playing period: typed times are saved exactly.
  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Game Period' });
  const time = dialog.getByRole('combobox', { name: 'Start time' });
  await time.fill('1800');
  await time.press('Tab');
  await expect(time).toHaveValue('18:00');
  await dialog.getByRole('combobox', { name: 'End time' }).fill('18:05');
  // Leaving the field (here by clicking the warning) rounds it, visibly.
  await dialog.getByText('Be aware!').click();
  await expect(dialog.getByText('Rounded to 18:10')).toBeVisible();
  await keepScreenshot(page, '81-period-typed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Playing period updated').first()).toBeVisible();
  const saved = await request.get(`/api/design/games/${game.id}`, { headers });
  const period = ((await saved.json()) as { playingPeriod: { start: string; timezone: string } }).playingPeriod;
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: period.timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(period.start));
  expect(shown).toBe('18:00');
});

test('an operator messages one player from their row, and it arrives on the player’s phone', async ({
  browser,
  page,
  request,
}) => {
  const { create } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const game = await create('/api/design/games', {
    ...defaults,
    title: 'Message Walk',
    publicAccess: 'view',
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  await create(`/api/design/${game.id}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'square',
    title: 'The Square',
    radius: 600,
    gameId: game.id,
  });
  await designApi(request, token).publish(game.id, 'First');

  const player = await createDesigner(request, 'Phoebe Phone');
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });
  const phonePage = await phone.newPage();
  await signInAs(phonePage, player);
  await phonePage.goto(`/fe/play/${game.id}`);
  await phonePage.getByRole('button', { name: 'Start playing' }).click();
  await expect(phonePage.getByRole('button', { name: 'Start playing' })).toHaveCount(0);

  await signInAs(page, designer);
  await page.goto(`/fe/active-games/${game.id}`);
  await page.getByRole('button', { name: 'Message Phoebe Phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Phoebe Phone' });
  await expect(dialog.getByText('To Phoebe Phone only.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Look behind the fountain');
  await keepScreenshot(page, '82-message-one-player');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent!').first()).toBeVisible();

  await expect(phonePage.getByText('Look behind the fountain').first()).toBeVisible();
  await keepScreenshot(phonePage, '83-message-on-phone');
  await phone.close();
});

test('sign-in is disabled while its request is in flight: one request however often one clicks', async ({ page }) => {
  let logins = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/login', async (route) => {
    logins += 1;
    await held;
    await route.continue();
  });
  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(designer.email);
  await page.getByLabel('Password', { exact: true }).fill(designer.password);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await signIn.click();
  await expect(signIn).toBeDisabled();
  await signIn.click({ force: true });
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await keepScreenshot(page, '84-sign-in-in-flight');
  release();
  await expect(page).not.toHaveURL(/\/login/);
  expect(logins).toBe(1);
});
