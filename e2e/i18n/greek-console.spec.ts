import { expect, test, type Page } from '@playwright/test';
import { newGameDefaults } from '@loci/domain';
import { createDesigner, loginToken, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { ADMIN } from '../support/env.js';
import { keepScreenshot } from '../support/screens.js';

let designer: Account;
let gameId: string;
const title = `Μυστικά του λιμανιού ${Date.now().toString(36)}`;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Eleni Designer');
  const { create } = designApi(request, await loginToken(request, designer));
  gameId = (await create('/api/design/games', { ...newGameDefaults(new Date()), title })).id;
});

/** Signs in through the Greek sign-in form and waits for the Greek games list. */
async function signInInGreek(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Κωδικός', { exact: true }).fill(account.password);
  await page.getByRole('main').getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Παιχνίδια', level: 1 })).toBeVisible();
}

test('the console in Greek: sign-in, games list, a game, the account, not-found and admin pages', async ({ page }) => {
  await page.goto('/fe/login');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The footer's language switch; the choice is remembered.
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('ΕΛ').click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Σύνδεση' })).toBeVisible();
  await expect(main.getByText('Καλώς ήρθατε ξανά στο Loci.')).toBeVisible();
  await expect(main.getByText('Forgot password?')).toHaveCount(0);
  expect(await page.evaluate<string | null>("localStorage.getItem('lociLanguage')")).toBe('el');
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await keepScreenshot(page, '94-el-sign-in');

  await signInInGreek(page, designer);
  await expect(main.getByRole('tab', { name: 'Δικά μου' })).toBeVisible();
  const card = main.getByRole('article', { name: title });
  await expect(card.getByRole('link', { name: 'Ρυθμίσεις' })).toBeVisible();
  await expect(main.getByText('New Game')).toHaveCount(0);
  await keepScreenshot(page, '95-el-games');

  await card.getByRole('link', { name: 'Ρυθμίσεις' }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/games/edit/${gameId}$`));
  await expect(main.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(main.getByText('Ρυθμίσεις παιχνιδιού')).toBeVisible();
  await expect(main.getByRole('tab', { name: /Γενικά/ })).toBeVisible();
  await expect(main.getByRole('tab', { name: /Πρόσβαση/ })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Τίτλος', exact: true })).toHaveValue(title);
  await keepScreenshot(page, '96-el-game-settings');

  // The account page, through the account menu.
  await page.getByRole('button', { name: /Μενού λογαριασμού του χρήστη Eleni Designer/ }).click();
  await page.getByRole('menuitem', { name: 'Λογαριασμός' }).click();
  await expect(main.getByRole('heading', { name: 'Λογαριασμός', level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Αλλαγή κωδικού' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Διαγραφή λογαριασμού' })).toBeVisible();
  await expect(main.getByText('Change password')).toHaveCount(0);
  await keepScreenshot(page, '97-el-account');
  // The language holds after a reload, and the document says so.
  await page.reload();
  await expect(main.getByRole('heading', { name: 'Λογαριασμός', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await page.goto('/fe/no-such-page');
  await expect(main.getByRole('heading', { name: 'Η σελίδα δεν βρέθηκε' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Επιστροφή στην αρχή' })).toBeVisible();

  // The admin pages, as the administrator, still in Greek after signing out.
  await page.getByRole('button', { name: /Μενού λογαριασμού του χρήστη/ }).click();
  await page.getByRole('menuitem', { name: 'Αποσύνδεση' }).click();
  await page.goto('/fe/login');
  await expect(main.getByRole('heading', { name: 'Σύνδεση' })).toBeVisible();
  await signInInGreek(page, ADMIN);
  await page.goto('/fe/admin');
  await expect(main.getByRole('heading', { name: 'Πίνακας ελέγχου διαχείρισης', level: 1 })).toBeVisible();
  await expect(main.getByText('Δημοσιευμένα παιχνίδια')).toBeVisible();
  await expect(main.getByText('Published games')).toHaveCount(0);
  await keepScreenshot(page, '98-el-admin');
  await page.goto('/fe/admin/role-requests');
  await expect(main.getByRole('heading', { name: 'Αιτήματα ρόλου', level: 1 })).toBeVisible();
  await keepScreenshot(page, '99-el-role-requests');
});
