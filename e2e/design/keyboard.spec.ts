import { expect, test, type Locator, type Page } from '@playwright/test';
import { newGameDefaults } from '@loci/domain';
import { createDesigner, loginToken } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

/** Whether `target` has the keyboard's focus, and how it looks (what a focus indicator changes). */
function focusOn(target: Locator): Promise<{ focused: boolean; look: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const look = [style.outlineStyle, style.outlineColor, style.boxShadow, style.borderColor, style.backgroundColor];
    return { focused: element === document.activeElement, look: look.join(' ') };
  });
}

/**
 * Presses Tab (Shift+Tab backwards) until `target` has the focus, as someone without a mouse does; the focus must
 * show (the control looks different with it).
 */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  await target.waitFor();
  const before = await focusOn(target);
  for (let presses = 0; presses < 120; presses += 1) {
    const { focused } = await focusOn(target);
    if (focused) {
      // (after the control's transition to its focused look)
      if (!before.focused) {
        await expect
          .poll(async () => (await focusOn(target)).look, { message: `the focus on ${String(target)} shows` })
          .not.toBe(before.look);
      }
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Picks `option` in a select from the keyboard: the arrows through its options, Enter on the one wanted. */
async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  for (let presses = 0; presses < 60; presses += 1) {
    const text = (await highlighted.count()) > 0 ? await highlighted.first().innerText() : '';
    if (typeof option === 'string' ? text.trim() === option : option.test(text)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`No option ${String(option)} in ${String(select)}`);
}

/** Types a new entity's system name and title in its form and saves it, from the keyboard. */
async function nameAndSave(page: Page, name: string, title: string): Promise<void> {
  await tabTo(page, page.getByRole('textbox', { name: 'Title', exact: true }));
  await page.keyboard.type(title);
  // The system name, made from the title, is replaced under Advanced (issue 30).
  await tabTo(page, page.getByRole('button', { name: 'Advanced' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: /^(System name|Name)$/ }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
}

test('a designer without a mouse signs in, builds a scene, a place and a rule, and publishes', async ({
  page,
  request,
}) => {
  const designer = await createDesigner(request, 'Kim Keyboard');
  const token = await loginToken(request, designer);
  const created = await request.post('/api/design/games', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...newGameDefaults(new Date()), title: 'Keyboard Walk' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const gameId = ((await created.json()) as { id: string }).id;

  // Signing in.
  await page.goto('/fe/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(designer.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(designer.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();

  // The first Tab on a page is the skip link, which moves the focus to the page's content.
  await page.goto(`/fe/games/${gameId}`);
  await expect(page.getByText('Keyboard Walk').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  expect((await focusOn(skip)).focused).toBe(true);
  await expect(skip).toBeInViewport();
  await keepScreenshot(page, '140-keyboard-skip-link');
  await page.keyboard.press('Enter');
  expect((await focusOn(page.getByRole('main'))).focused).toBe(true);

  // The sidebar's headings are buttons: Enter closes the Scenes list and opens it again.
  const main = page.getByRole('main');
  const scenes = main.getByRole('button', { name: 'Scenes', exact: true });
  await tabTo(page, scenes);
  const opened = await scenes.getAttribute('aria-expanded');
  await page.keyboard.press('Enter');
  await expect(scenes).toHaveAttribute('aria-expanded', opened === 'true' ? 'false' : 'true');
  await page.keyboard.press('Enter');
  await expect(scenes).toHaveAttribute('aria-expanded', opened ?? 'false');

  // A scene.
  await tabTo(page, main.getByRole('link', { name: 'New Scene' }).first());
  await page.keyboard.press('Enter');
  await nameAndSave(page, 'harbour', 'The Harbour');
  await expect(page.getByText('The Harbour created').first()).toBeVisible();

  // Its page: the Places tab is reached with the arrows, then New place.
  await tabTo(page, main.getByRole('link', { name: 'The Harbour' }).first());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('tab', { name: 'Script' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Places' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, main.getByRole('link', { name: 'New place' }).first());
  await page.keyboard.press('Enter');
  await nameAndSave(page, 'old-pier', 'Old pier');
  await expect(page.getByText('Location Old pier created').first()).toBeVisible();

  // A rule of the scene: entering the pier shows a notification.
  await tabTo(page, main.getByRole('link', { name: 'The Harbour' }).first());
  await page.keyboard.press('Enter');
  await tabTo(page, main.getByRole('link', { name: 'New rule' }).first());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: /^(System name|Name)$/ }));
  await page.keyboard.type('welcome-at-pier');
  const trigger = page.getByRole('group', { name: 'Trigger' });
  await choose(page, trigger.getByRole('combobox', { name: 'Condition type' }), 'Player at a place');
  await choose(page, trigger.getByRole('combobox', { name: 'Place' }), /Old pier|old-pier/);
  await choose(page, trigger.getByRole('combobox', { name: 'Verb' }), 'has entered');
  await tabTo(page, page.getByRole('button', { name: 'Add action' }).first());
  await page.keyboard.press('Enter');
  await choose(page, page.getByRole('combobox', { name: 'Action', exact: true }).first(), 'Show notification');
  await tabTo(page, page.getByRole('textbox', { name: 'Notification text' }));
  await page.keyboard.type('Welcome to the old pier.');
  await keepScreenshot(page, '141-keyboard-rule');
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/welcome-at-pier (created|saved)/).first()).toBeVisible();

  // Publishing: the dialog keeps the focus inside and gives it back when closed.
  await page.goto(`/fe/games/${gameId}`);
  const publish = page.getByRole('button', { name: 'Publish' });
  await tabTo(page, publish);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await focusOn(publish)).focused).toBe(true);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const anyway = dialog.getByRole('checkbox', { name: /publish anyway/ });
  await tabTo(page, anyway);
  await page.keyboard.press('Space');
  await expect(anyway).toBeChecked();
  // Tab goes round the dialog's controls, never behind it.
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Publish' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Version 1/).first()).toBeVisible();
  await keepScreenshot(page, '142-keyboard-published');
});
