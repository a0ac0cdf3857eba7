import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { createDesigner, loginToken } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, CENTRE, createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

// The player's own interface in six languages (issue 31, docs/play.md "Languages"): a phone set to German opens a
// game's play link and reads the lobby and the game in German, from its first load; the player switches to Italian
// in the game's menu, and the phone remembers it. Every screen kept passes axe (support/screens.ts).

test.describe.configure({ timeout: 150_000 });
test.use({
  actionTimeout: 15_000,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'de-DE',
  permissions: ['geolocation'],
  geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
});

/** None of these English texts is on the page. */
async function expectNoEnglish(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
}

test('a phone set to German plays in German, and the player switches to Italian in the game menu', async ({
  page,
  request,
}) => {
  const designer = await createDesigner(request, 'Greta Designer');
  const designerToken = await loginToken(request, designer);
  const game = await buildFountainGame(request, designerToken);
  await designApi(request, designerToken).publish(game.id, 'Languages walk');
  const player = await createPlayer(request, 'Lukas Spieler');
  const playerToken = await loginToken(request, player);

  // A visitor opens the play link: the public lobby, in the phone's German.
  await page.goto(`/fe/play/${game.id}`);
  await expect(page.getByRole('heading', { name: 'Fountain Trail' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Registrieren und spielen' })).toBeVisible();
  await expect(page.getByText('Zum Spielen brauchen Sie ein Konto.', { exact: false })).toBeVisible();
  const lobbyLanguage = page.getByRole('combobox', { name: 'Sprache' });
  await expect(lobbyLanguage).toHaveValue('de');
  await expect(lobbyLanguage.locator('option')).toHaveText([
    'English',
    'Ελληνικά',
    'Deutsch',
    'Français',
    'Italiano',
    'Español',
  ]);
  await expectNoEnglish(page, ['Sign up to play', 'Playing period', 'Open at any time']);
  await keepScreenshot(page, 'player-languages-lobby-de');

  // Signed in (as after Sign in, which comes back to this link): the game's introduction, then the map, in German.
  await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [TOKEN_STORAGE_KEY, playerToken]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Sie spielen als Lukas Spieler')).toBeVisible();
  await keepScreenshot(page, 'player-languages-intro-de');
  await page.getByRole('button', { name: 'Spiel starten' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  const german = page.getByRole('toolbar', { name: 'Spielerwerkzeuge' });
  await expect(german.getByRole('button', { name: 'Rucksack' })).toBeVisible();

  // Walk to the fountain: its story, then its question, around it the German of the player.
  await page.context().setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const story = page.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await story.getByRole('button', { name: 'Ok' }).click();
  const asked = page.getByRole('dialog', { name: 'The bottom of the fountain' });
  await expect(asked).toBeVisible();
  await expect(asked.getByText('Wählen Sie eine Antwort')).toBeVisible();
  await keepScreenshot(page, 'player-languages-question-de');
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();
  await expectNoEnglish(page, ['Backpack', 'Player tools', 'Choose one answer']);

  // The game's menu offers the six languages, each in its own name, German ticked; the player picks Italian.
  await page.getByRole('button', { name: 'Spielmenü' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
  await keepScreenshot(page, 'player-languages-menu-de');
  // By keyboard: the menu's items are reached with the arrow keys and chosen with Enter.
  await menu.getByRole('menuitem', { name: 'Italiano' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const italian = page.getByRole('toolbar', { name: 'Strumenti del giocatore' });
  await expect(italian.getByRole('button', { name: 'Zaino' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu del gioco' })).toBeVisible();
  await italian.getByRole('button', { name: 'Zaino' }).click();
  await expect(page.getByTestId('backpack-item').filter({ hasText: 'Old coin' })).toBeVisible();
  await expectNoEnglish(page, ['Backpack', 'Player tools']);
  await expect(page.getByText('Rucksack', { exact: true })).toHaveCount(0);
  await keepScreenshot(page, 'player-languages-backpack-it');
  await page.keyboard.press('Escape');

  // The phone remembers the choice over its German.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('toolbar', { name: 'Strumenti del giocatore' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu del gioco' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Italiano' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});
