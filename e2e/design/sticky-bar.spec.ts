import { expect, test, type Locator, type Page } from '@playwright/test';
import { newGameDefaults, newOfferDefaults } from '@loci/domain';
import { type Account, createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';

// Issue 14: the sticky save bar and the shell's footer never cover a control.
// The offer form is the longest design form (an object type's fields, then the offer's).

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Stella Sticky');
  token = await loginToken(request, designer);
});

/** Is what the browser hits at the centre of `control` the control itself (or inside it)? */
async function hitAtCentre(page: Page, control: Locator): Promise<{ covered: boolean; by: string }> {
  const box = (await control.boundingBox())!;
  return page.evaluate(
    ({ x, y, handle }) => {
      const target = document.querySelector(`[data-sticky-check="${handle}"]`)!;
      const hit = document.elementFromPoint(x, y);
      const covered = !hit || !(hit === target || target.contains(hit) || hit.contains(target));
      return { covered, by: hit ? `${hit.tagName}.${String(hit.className).slice(0, 60)}` : 'nothing' };
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, handle: await control.getAttribute('data-sticky-check') },
  );
}

/** The visible controls of the form's fields (not the save bar's), marked so the page can find them again. */
async function markControls(page: Page): Promise<number> {
  return page.evaluate(() => {
    const form = document.querySelector('main form')!;
    const bar = form.querySelector('[data-save-bar]');
    const controls = [
      ...form.querySelectorAll<HTMLElement>(
        'input:not([type=hidden]), textarea, select, button, [contenteditable=true]',
      ),
    ].filter((control) => {
      const box = control.getBoundingClientRect();
      return (
        box.width > 4 && box.height > 4 && !bar?.contains(control) && getComputedStyle(control).visibility !== 'hidden'
      );
    });
    controls.forEach((control, index) => control.setAttribute('data-sticky-check', String(index)));
    return controls.length;
  });
}

for (const { label, viewport } of [
  { label: 'desktop', viewport: { width: 1366, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`the offer form's last control and its Save button are never covered (${label})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const api = designApi(request, token);
    const game = await api.create('/api/design/games', {
      ...newGameDefaults(new Date()),
      title: `Sticky Bar Market (${label})`,
    });
    const offer = await api.create(`/api/design/${game.id}/offers`, {
      ...newOfferDefaults(),
      name: 'coffee',
      title: 'A cup of coffee',
      logoId: await api.uploadPng(game.id, 'coffee.png', '#795548'),
    });

    await signInAs(page, designer);
    await page.goto(`/fe/games/${game.id}/offers/edit/${offer.id}`);
    const main = page.getByRole('main');
    const save = main.getByRole('button', { name: 'Save' });
    await expect(main.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('A cup of coffee', {
      timeout: 30_000,
    });
    // The system name is folded under 'Advanced' (issue 30): open it so its controls count too.
    await main.getByRole('button', { name: 'Advanced' }).click();
    await expect(main.getByRole('textbox', { name: 'System name', exact: true })).toHaveValue('coffee');

    const count = await markControls(page);
    expect(count).toBeGreaterThan(10);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => document.querySelector('main')?.scrollTo?.(0, 1e6));

    // At the bottom: the last control of the fields, and Save, are what a click there hits.
    const last = main.locator(`[data-sticky-check="${count - 1}"]`);
    await expect(last).toBeInViewport();
    expect(await hitAtCentre(page, last)).toEqual({ covered: false, by: expect.any(String) });
    await save.evaluate((button) => button.setAttribute('data-sticky-check', 'save'));
    await expect(save).toBeInViewport();
    expect(await hitAtCentre(page, save)).toEqual({ covered: false, by: expect.any(String) });
    await keepScreenshot(page, `75-sticky-save-bar-${label}`);

    // Tabbing through the form: each control focused is scrolled into view above the bar, never under it.
    const covered: string[] = [];
    for (let index = 0; index < count; index++) {
      const control = main.locator(`[data-sticky-check="${index}"]`);
      if (!(await control.isEnabled()) || !(await control.isVisible())) continue;
      await page.evaluate(() => window.scrollTo(0, 0));
      await control.focus();
      const hit = await hitAtCentre(page, control);
      if (hit.covered)
        covered.push(`${index} ${await control.evaluate((node) => node.outerHTML.slice(0, 80))} by ${hit.by}`);
    }
    expect(covered).toEqual([]);
  });
}
