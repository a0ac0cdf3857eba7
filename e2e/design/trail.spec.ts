import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Account, createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { artifacts } from '../support/env.js';
import { createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';
import { phoneOnJoinLink } from '../support/team-phones.js';

// Issue 30: a teacher builds the reference trail (3 scenes, 4 places, two info
// boxes, a multiple-choice and a number question, a conversation, a key item,
// a mission completed by a milestone, rules) through the console only, and
// every click is counted. The quick rules keep it within 70 clicks.
export const TRAIL_CLICK_BUDGET = 70;

// The second test plays the trail the first one built, on two phones.
test.describe.configure({ mode: 'serial', timeout: 600_000 });
test.use({ actionTimeout: 20_000 });

let designer: Account;
/** The trail the first test built. */
let trailId: string;

/** The four places of the trail, around the old harbour of Chania (typed in the place form). */
const PLACES = {
  'Harbour square': { lat: 35.517, lng: 24.018 },
  Arsenals: { lat: 35.5176, lng: 24.0232 },
  'Lighthouse tower': { lat: 35.5195, lng: 24.0166 },
  'Mosque of the Janissaries': { lat: 35.5168, lng: 24.0196 },
} as const;
type PlaceTitle = keyof typeof PLACES;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Eleni Teacher');
});

/** Every click of the build goes through here. */
class Clicks {
  count = 0;
  async on(locator: Locator): Promise<void> {
    this.count += 1;
    await locator.click();
  }
}

/** Picks `option` of a Mantine select: two clicks, as a person does. */
async function choose(clicks: Clicks, page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await clicks.on(select);
  await clicks.on(page.getByRole('option', { name: option }).first());
}

test('a teacher builds the Chania harbour trail in at most 70 clicks', async ({ page }) => {
  const clicks = new Clicks();
  const main = page.getByRole('main');
  const save = () => clicks.on(page.getByRole('button', { name: 'Save' }));
  const toast = (text: string) => expect(page.getByText(text).first()).toBeVisible();

  await signInAs(page, designer);

  // The game: its title, then the design workspace.
  await page.goto('/fe/games/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('The old harbour of Chania');
  await save();
  await expect(page).toHaveURL(/\/games\/edit\//);
  const gameId = /\/games\/edit\/([^/?#]+)/.exec(page.url())![1]!;
  trailId = gameId;
  clicks.count += 1; // Opening the design from the game's page.
  await page.goto(`/fe/games/${gameId}`);

  // Three scenes: a title each, the system name is made from it.
  for (const title of ['Harbour', 'Lighthouse', 'Finale']) {
    await clicks.on(main.getByRole('link', { name: 'New Scene' }).last());
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await save();
    await toast(`${title} created`);
  }

  const openScene = async (title: string, tab?: 'Scene Places') => {
    await clicks.on(page.getByRole('link', { name: new RegExp(`^${title}$|^${title} `) }).first());
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    if (tab) await clicks.on(page.getByRole('tab', { name: tab }));
  };
  const newPlace = async (title: PlaceTitle) => {
    await clicks.on(main.getByRole('link', { name: 'New place' }));
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    // Where it is: typed, as a teacher copies it from a map.
    await page.getByRole('textbox', { name: 'Latitude' }).fill(String(PLACES[title].lat));
    await page.getByRole('textbox', { name: 'Longitude' }).fill(String(PLACES[title].lng));
    await save();
    await toast(`Location ${title} created`);
    // A saved place lands on its scene's places.
    await expect(page.getByRole('tab', { name: 'Scene Places', selected: true })).toBeVisible();
  };
  /** A quick rule: the menu of a place or of the scene start, then one choice. */
  const quick = async (menu: string, choice: string) => {
    await clicks.on(main.getByRole('button', { name: menu }));
    await clicks.on(page.getByRole('menuitem', { name: choice, exact: true }));
  };
  const writeText = async (text: string) => {
    await page.locator('.ProseMirror').first().fill(text);
  };

  // Four places.
  await openScene('Harbour', 'Scene Places');
  await newPlace('Harbour square');
  await newPlace('Arsenals');
  await openScene('Lighthouse', 'Scene Places');
  await newPlace('Lighthouse tower');
  await openScene('Finale', 'Scene Places');
  await newPlace('Mosque of the Janissaries');
  await keepScreenshot(page, '30-trail-places');

  // At the mosque: a number question, created from the rule and opened after.
  await quick('When a player arrives at Mosque of the Janissaries', 'New question');
  await expect(page).toHaveURL(/\/interactions\/edit\//);
  // The last question ends the trail: one click.
  await clicks.on(page.getByRole('button', { name: 'End the game after this' }));
  await expect(page.getByRole('button', { name: 'The game ends after this' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('How many domes does the mosque have?');
  await choose(clicks, page, page.getByRole('combobox', { name: /^Kind of answer/ }), 'Number');
  await writeText('Count them from the square.');
  await keepScreenshot(page, '31-trail-number-question');
  await save();
  // Saved, it comes back to the scene's places it was made from.
  await expect(page.getByRole('tab', { name: 'Scene Places', selected: true })).toBeVisible();

  // At the lighthouse: the keeper's conversation, the key, then on to the finale.
  await openScene('Lighthouse', 'Scene Places');
  await quick('When a player arrives at Lighthouse tower', 'New conversation');
  await expect(page).toHaveURL(/\/interactions\/edit\//);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('The lighthouse keeper');
  await writeText('The keeper tells of the Egyptian lighthouse.');
  await save();
  await quick('When a player arrives at Lighthouse tower', 'New item');
  await expect(page).toHaveURL(/\/items\/edit\//);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Bronze key');
  await save();
  await toast('Bronze key saved');
  await quick('When a player arrives at Lighthouse tower', 'Finale');

  // The mission, completed by a milestone: the player owns the key.
  await clicks.on(page.getByRole('link', { name: 'New Milestone' }).first());
  await page.getByRole('textbox', { name: /^System name/ }).fill('Has the key');
  await clicks.on(page.getByRole('button', { name: 'Add condition block' }));
  const block = page.getByRole('group', { name: 'Condition block 1' });
  await choose(clicks, page, block.getByRole('combobox', { name: /^Condition type/ }), 'Player owns an item');
  await choose(clicks, page, block.getByRole('combobox', { name: /^Item/ }), /Bronze key/);
  // The verb 'owns' comes with the condition type.
  await save();
  await toast('Milestone Has the key created');
  // Saved, the form gives way (before the next link is followed).
  await expect(page).not.toHaveURL(/\/milestones\//);

  await clicks.on(page.getByRole('link', { name: 'New Mission' }).first());
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill("Find the keeper's key");
  await writeText('The lighthouse keeper has lost the key of the tower.');
  await clicks.on(page.getByRole('radio', { name: 'By a condition' }));
  await clicks.on(page.getByRole('button', { name: 'Add condition block' }));
  const accomplished = page.getByRole('group', { name: 'Condition block 1' });
  await choose(clicks, page, accomplished.getByRole('combobox', { name: /^Condition type/ }), 'Milestone');
  await choose(clicks, page, accomplished.getByRole('combobox', { name: /^Milestone/ }), /Has the key/);
  await save();
  await toast("Find the keeper's key created");

  // In the harbour: welcome, the arsenals, the multiple-choice question, on to the lighthouse.
  await openScene('Harbour', 'Scene Places');
  // The story first, then on to the next scene: rules run in order, and a scene's rules stop with it.
  await quick('When a player arrives at Arsenals', 'New info box');
  await expect(page).toHaveURL(/\/interactions\/edit\//);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('The Venetian arsenals');
  await writeText('Ships were built and repaired here from the 15th century.');
  await save();
  await quick('When a player arrives at Arsenals', 'Lighthouse');
  await quick('When a player arrives at Harbour square', 'New question');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Who built the arsenals?');
  await writeText('Think of the city that ruled Crete.');
  await clicks.on(page.getByRole('radio', { name: 'Multiple choice' }));
  await page.getByRole('textbox', { name: 'Option 1' }).fill('The Venetians');
  await page.getByRole('textbox', { name: 'Option 2' }).fill('The Ottomans');
  await save();
  await clicks.on(page.getByRole('tab', { name: 'Scene Script' }));
  await quick('When this scene starts', 'New info box');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Welcome to the old harbour');
  await writeText('Walk to the square in front of the harbour.');
  await save();
  await quick('When this scene starts', "Find the keeper's key");
  await keepScreenshot(page, '32-trail-built');

  const count = clicks.count;
  writeFileSync(path.join(artifacts, 'trail-clicks.json'), JSON.stringify({ clicks: count }));
  console.log(`The reference trail took ${count} clicks.`);
  expect(count).toBeLessThanOrEqual(TRAIL_CLICK_BUDGET);

  // Everything is an ordinary rule the full editor opens.
  const script = main.getByRole('list', { name: 'Scene Script' });
  await expect(script.getByRole('listitem')).toHaveCount(5);
  // Rules named by a quick rule follow the retitle of the thing made for them.
  await expect(script.getByText('Arsenals: show The Venetian arsenals', { exact: true })).toBeVisible();
  await expect(script.getByText('Start of Harbour: show Welcome to the old harbour', { exact: true })).toBeVisible();
  await keepScreenshot(page, '33-trail-harbour-script');
});

test('two students play the trail to the end on their phones, one offline for two moves; the teacher sees both finished', async ({
  browser,
  page,
  request,
}) => {
  // Published, then shared: the Share panel gives the play link.
  await designApi(request, await loginToken(request, designer)).publish(trailId, 'Harbour outing');
  await signInAs(page, designer);
  await page.goto(`/fe/analytics/${trailId}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const shareLink = await page.getByRole('dialog', { name: 'Share with players' }).getByLabel('Play link').inputValue();
  await page.keyboard.press('Escape');

  const students = [await createPlayer(request, 'Anna Student'), await createPlayer(request, 'Yannis Student')];
  const phones = await Promise.all(students.map((student) => phoneOnJoinLink(browser, student, shareLink)));
  // What the phones' pages do, in the test's output: a reload or a page error while a student plays is a finding
  // (two CI runs saw a phone's page navigate under the first dialog's Ok; neither showed why).
  for (const [index, { phone }] of phones.entries()) {
    const log = (line: string) => console.log(`[phone ${index + 1} ${new Date().toISOString()}] ${line}`);
    phone.on('framenavigated', (frame) => frame === phone.mainFrame() && log(`navigated to ${frame.url()}`));
    phone.on('pageerror', (error) => log(`page error ${error.message}`));
    phone.on('console', (message) => {
      if (!message.text().startsWith('Failed to load resource')) log(`console ${message.type()} ${message.text()}`);
    });
  }

  /** One student's walk, from the lobby to the end; `offline` goes offline for the walk to the square. */
  const walk = async ({ context, phone }: (typeof phones)[number], index: number, offline: boolean) => {
    const shot = (name: string) => keepScreenshot(phone, `34-trail-phone${index + 1}-${name}`);
    const at = (place: PlaceTitle) =>
      context.setGeolocation({ latitude: PLACES[place].lat, longitude: PLACES[place].lng });
    const dialog = (text: string) => phone.getByRole('dialog').filter({ hasText: text });
    // Read and closed; should the page reload under the tap, the server shows the same dialog again.
    const ok = async (text: string) => {
      const box = dialog(text);
      await expect(box).toBeVisible({ timeout: 30_000 });
      await expect(async () => {
        if (await box.isVisible()) await box.getByRole('button', { name: 'Ok' }).click({ timeout: 15_000 });
        await expect(box).toBeHidden({ timeout: 10_000 });
      }).toPass({ timeout: 60_000 });
    };

    await expect(phone.getByRole('heading', { name: 'The old harbour of Chania' })).toBeVisible({ timeout: 45_000 });
    await phone.getByRole('button', { name: 'Start playing' }).click();
    await expect(phone.getByRole('toolbar')).toBeVisible({ timeout: 45_000 });
    // The harbour starts: the welcome, and the mission.
    const welcome = 'Walk to the square in front of the harbour.';
    await expect(dialog(welcome)).toBeVisible({ timeout: 30_000 });
    if (index === 0) await shot('welcome');
    if (offline) {
      // Two moves while offline — the welcome read, then the walk to the square (a walk's fixes make one
      // move): they wait on the phone, then catch up.
      // Ready offline once the service worker has installed (it downloads the player's files) and controls the
      // page: over a minute on a busy machine. Before it waited for that, this phone went offline without a
      // service worker and lost its page at the next file it asked for.
      await expect(phone.getByTestId('offline-ready')).toContainText('Ready offline', { timeout: 120_000 });
      await context.setOffline(true);
      const banner = phone.getByTestId('offline-banner');
      await ok(welcome);
      await expect(banner).toHaveText('Offline — 1 move waiting');
      await at('Harbour square');
      await expect(banner).toHaveText('Offline — 2 moves waiting');
      await shot('offline-two-moves');
      await context.setOffline(false);
      await expect(banner).toBeHidden({ timeout: 30_000 });
    } else {
      await ok(welcome);
      await at('Harbour square');
    }
    const question = dialog('Who built the arsenals?');
    await expect(question).toBeVisible({ timeout: 30_000 });
    await question.getByRole('radio', { name: 'The Venetians' }).check();
    await question.getByRole('button', { name: 'Ok' }).click();
    await expect(question).toBeHidden();

    await at('Arsenals');
    await ok('Ships were built and repaired here from the 15th century.');

    await at('Lighthouse tower');
    const keeper = dialog('The keeper tells of the Egyptian lighthouse.');
    await expect(keeper).toBeVisible({ timeout: 30_000 });
    if (index === 0) await shot('keeper');
    await keeper.getByRole('button', { name: 'Ok' }).click();
    await expect(keeper).toBeHidden();
    // The key is in the backpack, and the mission it completes is done.
    await phone.getByRole('button', { name: 'Backpack' }).click();
    await expect(phone.getByTestId('backpack-item').filter({ hasText: 'Bronze key' })).toBeVisible();
    await phone.keyboard.press('Escape');
    await expect(phone.locator('.mantine-Drawer-overlay')).toHaveCount(0);

    await at('Mosque of the Janissaries');
    const domes = dialog('How many domes does the mosque have?');
    await expect(domes).toBeVisible({ timeout: 30_000 });
    await domes.getByRole('textbox').first().fill('5');
    await domes.getByRole('button', { name: 'Ok' }).click();
    await expect(phone.getByText('Game completed!')).toBeVisible({ timeout: 30_000 });
    await shot('completed');
  };
  await Promise.all(phones.map((one, index) => walk(one, index, index === 1)));

  // The teacher's Gameplay page: both finished.
  await page.goto(`/fe/active-games/${trailId}`);
  const main = page.getByRole('main');
  for (const student of students) {
    await expect(main.getByRole('row').filter({ hasText: student.name }).getByText('completed').first()).toBeVisible({
      timeout: 30_000,
    });
  }
  await keepScreenshot(page, '35-trail-gameplay-both-finished');
  for (const { context } of phones) await context.close();
});
