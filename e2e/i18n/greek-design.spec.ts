import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { buildFountainGame } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Eleni Ellinika');
  token = await loginToken(request, designer);
});

interface NamedEntity {
  id: string;
  name: string;
}

test('the design workspace speaks Greek: overview, rule form, problems panel and story graph', async ({
  page,
  request,
}) => {
  const game = await buildFountainGame(request, token);
  const answer = await request.get(`/api/design/${game.id}/workspace`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { rules, scenes } = (await answer.json()) as { rules: NamedEntity[]; scenes: NamedEntity[] };
  const fountainRule = rules.find((rule) => rule.name === 'Tell the fountain story')!;

  await signInAs(page, designer);
  // The language the footer's switch stores, set before every load (i18n reads it when it starts).
  await page.addInitScript({ content: "localStorage.setItem('lociLanguage', 'el');" });
  const main = page.getByRole('main');
  const sidebar = page.getByRole('navigation', { name: 'Στοιχεία σχεδιασμού' });

  // The overview.
  await page.goto(`/fe/games/${game.id}`);
  await expect(main.getByRole('heading', { name: 'Σκηνές', level: 3 })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Νέα σκηνή' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Νέος τύπος αντικειμένου' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Σχεδιασμός' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Επισκόπηση' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Γράφος ιστορίας' })).toBeVisible();
  await expect(main.getByText('Scenes', { exact: true })).toHaveCount(0);
  await keepScreenshot(page, '96-el-overview');

  // The scene's script: the trigger as a Greek sentence.
  await page.goto(`/fe/games/${game.id}/scenes/show/${scenes[0]!.id}`);
  await main.getByRole('tab', { name: 'Σενάριο σκηνής' }).click();
  await expect(main.getByText('Ο παίκτης έχει μπει σε The Fountain')).toBeVisible();

  // A rule form: its sections, the condition and action vocabularies.
  await page.goto(`/fe/games/${game.id}/rules/edit/${fountainRule.id}`);
  await expect(main.getByRole('heading', { name: 'Κανόνας Tell the fountain story' })).toBeVisible();
  const trigger = main.getByRole('group', { name: 'Έναυσμα' });
  await expect(trigger.getByRole('combobox', { name: /^Τύπος συνθήκης/ })).toHaveValue('Παίκτης σε τοποθεσία');
  await expect(trigger.getByRole('combobox', { name: /^Ρήμα/ })).toHaveValue('έχει μπει σε');
  const then = main.getByRole('group', { name: 'Τότε: Ενέργεια 1' });
  await expect(then.getByRole('combobox', { name: /^Ενέργεια/ })).toHaveValue('Εμφάνιση πληροφοριών');
  await expect(main.getByRole('button', { name: 'Προσθήκη ομάδας συνθηκών' })).toBeVisible();
  await expect(main.getByText('Preconditions')).toHaveCount(0);
  await keepScreenshot(page, '97-el-rule');

  // The problems panel.
  await sidebar.getByRole('link', { name: /^Προβλήματα/ }).click();
  await expect(main.getByRole('heading', { name: 'Προβλήματα' })).toBeVisible();
  await expect(main.getByText(/^Όλα \(\d+\)$/)).toBeVisible();
  // Each finding is a Greek sentence (its key and parameters said in Greek), none the checker's English.
  const findings = main.getByRole('list', { name: 'Προβλήματα' }).getByRole('listitem');
  if ((await findings.count()) > 0) {
    await expect(findings.first()).toContainText(/[α-ωά-ώ]{3,}/);
    await expect(main.getByText(/can never|never fires|is never|is needed|has no /)).toHaveCount(0);
  }
  await keepScreenshot(page, '98-el-problems');

  // The story graph.
  await sidebar.getByRole('link', { name: 'Γράφος ιστορίας' }).click();
  await expect(main.getByRole('heading', { name: 'Η ιστορία ως γράφος' })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByRole('textbox', { name: 'Αναζήτηση στον γράφο' })).toBeVisible();
  await expect(page.getByTestId('story-graph')).toBeVisible();
  await keepScreenshot(page, '99-el-story-graph');
});
