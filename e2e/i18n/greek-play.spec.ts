import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { createDesigner, loginToken } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, CENTRE, createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

// The web player and the operator's Gameplay and Instance pages in Greek: the
// language chosen before the page loads (localStorage 'lociLanguage'), a short
// game played on a phone, then the operator watching it.

test.describe.configure({ timeout: 150_000 });
test.use({
  actionTimeout: 15_000,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
});

/** Every page of `context` is signed in with `token` and in Greek from its first load. */
async function inGreek(context: BrowserContext, token: string): Promise<void> {
  const stored = { lociLanguage: 'el', [TOKEN_STORAGE_KEY]: token };
  await context.addInitScript({
    content: `for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);`,
  });
}

/** None of these English texts is on the page. */
async function expectNoEnglish(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
}

test('a player plays a short game in Greek on a phone, and the operator follows it on the Greek Gameplay and Instance pages', async ({
  page,
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Eleni Operator');
  const designerToken = await loginToken(request, designer);
  const game = await buildFountainGame(request, designerToken);
  await designApi(request, designerToken).publish(game.id, 'Greek walk');
  const player = await createPlayer(request, 'Nikos Player');
  const playerToken = await loginToken(request, player);

  // The player, on a phone, in Greek.
  await inGreek(page.context(), playerToken);
  await page.goto(`/fe/play/${game.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await page.getByRole('button', { name: 'Ξεκινήστε' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  const tools = page.getByRole('toolbar', { name: 'Εργαλεία παίκτη' });
  await expect(tools.getByRole('button', { name: 'Σακίδιο' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Μενού παιχνιδιού' })).toBeVisible();

  // Walk to the fountain: its story, then its question, answered right.
  await page.context().setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const story = page.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await story.getByRole('button', { name: 'Ok' }).click();
  const asked = page.getByRole('dialog', { name: 'The bottom of the fountain' });
  await expect(asked).toBeVisible();
  await expect(asked.getByText('Επιλέξτε μία απάντηση')).toBeVisible();
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();

  // The coin is in the backpack, in Greek around it.
  await tools.getByRole('button', { name: 'Σακίδιο' }).click();
  const coin = page.getByTestId('backpack-item').filter({ hasText: 'Old coin' });
  await expect(coin).toBeVisible();
  await expectNoEnglish(page, ['Backpack', 'Start playing', 'Choose one answer', 'Player tools']);
  await keepScreenshot(page, '97-el-player');
  await page.keyboard.press('Escape');

  // The operator (the game's designer), at a desk, in Greek.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await inGreek(desk, designerToken);
  const operator = await desk.newPage();
  await operator.goto(`/fe/active-games/${game.id}`);
  const main = operator.getByRole('main');
  await expect(main.getByText('Διεξαγωγή', { exact: true })).toBeVisible();
  const total = main.getByText('Σύνολο παικτών').locator('..');
  await expect(total.getByText('παίζει: 1')).toBeVisible();
  const table = main.getByRole('table', { name: 'Στιγμιότυπα του παιχνιδιού' });
  await expect(table.getByText('ενεργό')).toBeVisible();
  await expect(main.getByRole('region', { name: 'Ζωντανός χάρτης των παικτών' })).toBeVisible();
  await expectNoEnglish(operator, ['Total players', 'Number of instances', 'playing: 1', 'World Status']);
  await keepScreenshot(operator, '98-el-gameplay');

  // The instance the player plays in.
  await table.getByRole('link', { name: /^Διαχείριση του παιχνιδιού: / }).click();
  // Named by who plays it and when it started, in Greek.
  await expect(main.getByRole('heading', { name: / · ξεκίνησε / })).toBeVisible();
  await expect(main.getByText('Κατάσταση κόσμου').first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Παίκτες (1)' })).toBeVisible();
  await expect(main.getByText('(παίζει)')).toBeVisible();
  await expect(main.getByText('Ενεργή αγορά')).toBeVisible();
  await expectNoEnglish(operator, ['World State', 'Players (1)', 'Market enabled', '(playing)']);
  await keepScreenshot(operator, '99-el-instance');
  await desk.close();
});
