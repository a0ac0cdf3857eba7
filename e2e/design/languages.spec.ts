import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { artifacts } from '../support/env.js';
import { buildFountainGame, CENTRE, createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

// Issue 31: one game in many languages. A designer adds German to a game, translates it in the translation
// table, in an editor's side-by-side view and (the rest) through an XLIFF round trip, requires German complete
// and publishes; a player whose app reads German gets the game's texts in German, one reading English gets them
// in English.
test('a designer translates a game into German, by the table, in an editor and by XLIFF, and players read it in their language', async ({
  browser,
  page,
  request,
}) => {
  const designer = await createDesigner(request, 'Lena Languages');
  const token = await loginToken(request, designer);
  const { headers, uploadPng, patchGame, publish } = designApi(request, token);
  const game = await buildFountainGame(request, token, { title: 'Fountain Trail' });
  await patchGame(game.id, { logoId: await uploadPng(game.id, 'logo.png', '#1d4ed8') });

  // Settings: German as another language, required complete before publishing.
  await signInAs(page, designer);
  await page.goto(`/fe/games/edit/${game.id}`);
  await page.getByRole('combobox', { name: 'Other languages' }).click();
  await page.getByRole('option', { name: 'German (Deutsch)' }).click();
  await page.keyboard.press('Escape');
  // Not searchable: its box (around the hidden input) opens it.
  await page
    .getByRole('combobox', { name: 'Complete before publishing' })
    .locator('xpath=ancestor::div[contains(@class, "mantine-MultiSelect-input")]')
    .click();
  await page.getByRole('option', { name: 'German (Deutsch)' }).click();
  await page.keyboard.press('Escape');
  await keepScreenshot(page, '31-languages-settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Game Fountain Trail saved')).toBeVisible();

  // The workspace shows German's coverage; publishing is refused while German is incomplete.
  await page.goto(`/fe/games/${game.id}`);
  await expect(page.getByTestId('coverage-de')).toHaveText('German 0 %');
  const refused = await request.post(`/api/design/${game.id}/gameVersions`, {
    headers,
    data: { versionNotes: 'Too soon' },
  });
  expect(refused.status()).toBe(409);
  await page.goto(`/fe/games/${game.id}/problems`);
  await expect(page.getByText(/not yet in German, which must be complete before publishing/).first()).toBeVisible();

  // The translation table: the scene's title translated in place.
  await page.goto(`/fe/games/${game.id}/translations`);
  await expect(page.getByRole('heading', { name: 'Translations' })).toBeVisible();
  await page.getByRole('textbox', { name: 'German: Scene «The Square» · title' }).fill('Der Platz');
  await keepScreenshot(page, '31-translation-table');
  await page.getByRole('button', { name: 'Save translations' }).click();
  await expect(page.getByText('Translations saved')).toBeVisible();

  // An editor's own texts side by side: the item's title translated in the item's editor, switched to German.
  const items = await request.get(`/api/design/${game.id}/items`, { headers });
  const coin = ((await items.json()) as Array<{ id: string; name: string }>).find((item) => item.name === 'old-coin')!;
  await page.goto(`/fe/games/${game.id}/items/edit/${coin.id}`);
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue('Old coin');
  const coverageBefore = (await page.getByTestId('coverage-de').textContent()) ?? '';
  const switcher = page.getByRole('radiogroup', { name: 'Language of the texts' });
  await expect(switcher.getByRole('radio', { name: 'English (main)' })).toBeChecked();
  // From the keyboard: the switch is a group of radios, the arrow key moves to German.
  await switcher.getByRole('radio', { name: 'English (main)' }).focus();
  await page.keyboard.press('ArrowRight');
  const sideBySide = page.getByRole('region', { name: 'Old coin in German' });
  await expect(sideBySide.getByText('0 of 1 texts in German')).toBeVisible();
  await sideBySide.getByRole('textbox', { name: 'German: title' }).fill('Alte Münze');
  await keepScreenshot(page, '31-editor-side-by-side');
  await sideBySide.getByRole('button', { name: 'Save translations' }).click();
  await expect(sideBySide.getByText('1 of 1 texts in German')).toBeVisible();
  // The workspace's coverage counts it at once.
  await expect(page.getByTestId('coverage-de')).not.toHaveText(coverageBefore);
  // A rich text is translated in the rich-text editor, beside the main language's text.
  const interactions = await request.get(`/api/design/${game.id}/interactions`, { headers });
  const storyBox = ((await interactions.json()) as Array<{ id: string; name: string }>).find(
    (interaction) => interaction.name === 'fountain-story',
  )!;
  await page.goto(`/fe/games/${game.id}/interactions/edit/${storyBox.id}`);
  await page.getByRole('radiogroup', { name: 'Language of the texts' }).getByText('German').click();
  const storyInGerman = page.getByRole('region', { name: 'The fountain in German' });
  await expect(storyInGerman.getByText('For centuries people threw coins into this fountain.')).toBeVisible();
  await expect(storyInGerman.getByRole('textbox', { name: 'German: description' })).toBeVisible();
  await keepScreenshot(page, '31-editor-rich-text');
  await page.goto(`/fe/games/${game.id}/translations`);

  // Everything else through XLIFF: exported, translated by "a translator", imported back with a report.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLIFF' }).click();
  const download = await downloading;
  const exported = path.join(artifacts, 'fountain.en-de.xlf');
  await download.saveAs(exported);
  const xml = await readFile(exported, 'utf8');
  expect(xml).toContain('urn:oasis:names:tc:xliff:document:2.0');
  expect(xml).toContain('<target>Der Platz</target>');
  expect(xml).toContain('<target>Alte Münze</target>');
  // The translator fills every empty target: "DE:" before the English (the scene's and the item's titles kept).
  const translated = xml.replace(
    /<source>([^<]*)<\/source>(\s*)<target><\/target>/g,
    (_all, source: string, space: string) =>
      `<source>${source}</source>${space}<target>${source.replace(/^(&lt;p&gt;)?/, (p = '') => `${p}DE: `)}</target>`,
  );
  const filled = path.join(artifacts, 'fountain.de.xlf');
  await writeFile(filled, translated);
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import XLIFF or CSV' }).click();
  await (await choosing).setFiles(filled);
  await expect(page.getByText('Import report')).toBeVisible();
  await expect(page.getByText(/translations saved, 2 unchanged/)).toBeVisible();
  await expect(page.getByTestId('coverage-de')).toHaveText('German 100 %');
  await keepScreenshot(page, '31-translation-imported');

  // German is complete: publishing goes through.
  await publish(game.id, 'In two languages');

  // A player whose app reads German gets the game in German; one reading English gets it in English.
  const player = await createPlayer(request, 'Greta Germany');
  const playerToken = await loginToken(request, player);
  const start = await request.post(`/api/play/games/${game.id}/instances`, {
    headers: { authorization: `Bearer ${playerToken}`, 'accept-language': 'de' },
    data: {},
  });
  expect(start.ok(), await start.text()).toBe(true);
  const { instanceId } = (await start.json()) as { instanceId: string };
  const read = async (language: string) => {
    const res = await request.get(`/api/play/instances/${instanceId}/game`, {
      headers: { authorization: `Bearer ${playerToken}`, 'accept-language': language },
    });
    expect(res.ok()).toBe(true);
    return (await res.json()) as {
      game: { title: string; textLanguage: string };
      spec: { entities: { scene: Array<{ title: string }>; interaction: Array<{ title: string }> } };
    };
  };
  const german = await read('de-DE,de;q=0.9');
  expect(german.game).toMatchObject({ title: 'DE: Fountain Trail', textLanguage: 'de' });
  expect(german.spec.entities.scene[0]!.title).toBe('Der Platz');
  expect(german.spec.entities.interaction.map((i) => i.title)).toContain('DE: The fountain');
  const english = await read('en');
  expect(english.spec.entities.scene[0]!.title).toBe('The Square');
  // The lobby offers the game's languages.
  const lobby = await request.get(`/api/play/games/${game.id}`, {
    headers: { authorization: `Bearer ${playerToken}` },
  });
  expect(((await lobby.json()) as { game: { languages: string[] } }).game.languages).toEqual(['en', 'de']);

  // A phone set to German: the lobby offers the game's two languages with German chosen, the game is in German;
  // the player switches to English in the game's menu and the game's texts follow at once.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-DE',
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });
  const phone = await context.newPage();
  const phonePlayerToken = await loginToken(request, await createPlayer(request, 'Hans Handy'));
  await phone.goto('/fe/');
  await phone.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_STORAGE_KEY, phonePlayerToken]);
  await phone.goto(`/fe/play/${game.id}`);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  const choice = phone.getByRole('radiogroup', { name: 'Sprache des Spiels' });
  await expect(choice.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  await keepScreenshot(phone, '31-lobby-de');
  await phone.getByRole('button', { name: 'Spiel starten' }).click();
  await expect(phone.getByRole('toolbar', { name: 'Spielerwerkzeuge' })).toBeVisible();
  await context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const story = phone.getByRole('dialog', { name: 'DE: The fountain' });
  await expect(story).toBeVisible();
  await keepScreenshot(phone, '31-story-de');
  await story.getByRole('button', { name: 'Ok' }).click();
  const asked = phone.getByRole('dialog', { name: /^DE: / });
  await expect(asked).toBeVisible();
  await expect(asked.getByText('Wählen Sie eine Antwort')).toBeVisible();
  await asked.getByRole('radio', { name: 'DE: A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();
  await phone.getByRole('toolbar', { name: 'Spielerwerkzeuge' }).getByRole('button', { name: 'Rucksack' }).click();
  await expect(phone.getByTestId('backpack-item').filter({ hasText: 'Alte Münze' })).toBeVisible();
  await phone.keyboard.press('Escape');
  // The sheet's overlay fades out after its content: the menu takes the tap once it has gone.
  await expect(phone.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  await phone.getByRole('button', { name: 'Spielmenü' }).click();
  await phone.getByRole('menu').getByRole('menuitem', { name: 'English' }).click();
  await expect(phone.getByRole('menu')).toBeHidden();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await phone.getByRole('toolbar', { name: 'Player tools' }).getByRole('button', { name: 'Backpack' }).click();
  // One item, read again in English (its German title gone).
  const backpackItem = phone.getByTestId('backpack-item');
  await expect(backpackItem).toHaveCount(1);
  await expect(backpackItem).toContainText('Old coin');
  await expect(backpackItem).not.toContainText('DE:');
  await keepScreenshot(phone, '31-backpack-en');
  await context.close();
});
