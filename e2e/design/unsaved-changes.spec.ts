import { expect, test } from '@playwright/test';
import { newGameDefaults } from '@loci/domain';
import { type Account, createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let headers: Record<string, string>;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Una Unsaved');
  headers = { authorization: `Bearer ${await loginToken(request, designer)}` };
});

test('a changed design form asks before leaving by the sidebar; Stay keeps the text, Leave goes; a saved form leaves without asking', async ({
  page,
  request,
}) => {
  const created = await request.post('/api/design/games', {
    headers,
    data: { ...newGameDefaults(new Date()), title: 'Unsaved Changes Walk' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const gameId = ((await created.json()) as { id: string }).id;
  const milestone = await request.post(`/api/design/${gameId}/milestones`, {
    headers,
    data: { name: 'found-the-key', notes: '', condition: [] },
  });
  expect(milestone.status(), await milestone.text()).toBe(201);
  const milestoneId = ((await milestone.json()) as { id: string }).id;

  await signInAs(page, designer);
  await page.goto(`/fe/games/${gameId}/milestones/edit/${milestoneId}`);
  const notes = page.getByRole('textbox', { name: 'Notes' });
  // The form is read-only until its edit lock is ours.
  await expect(notes).toBeEditable();
  await notes.fill('Remember the lighthouse');

  const sidebar = page.getByRole('navigation', { name: 'Design elements' });
  await sidebar.getByRole('link', { name: 'Overview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, '70-unsaved-changes-dialog');

  // Stay: still on the form, with the typed text.
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/milestones/edit/${milestoneId}$`));
  await expect(notes).toHaveValue('Remember the lighthouse');

  // Leave: the overview, and the change is not stored.
  await sidebar.getByRole('link', { name: 'Overview' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/games/${gameId}$`));
  const stored = await request.get(`/api/design/${gameId}/milestones/${milestoneId}`, { headers });
  expect(((await stored.json()) as { notes: string }).notes).toBe('');

  // A saved form goes back to the game page without asking.
  await page.goto(`/fe/games/${gameId}/milestones/edit/${milestoneId}`);
  await expect(notes).toBeEditable();
  await notes.fill('Saved this time');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('found-the-key saved').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fe/games/${gameId}$`));
  await expect(dialog).toBeHidden();
  await sidebar.getByRole('link', { name: 'Overview' }).click();
  await expect(dialog).toBeHidden();
});
