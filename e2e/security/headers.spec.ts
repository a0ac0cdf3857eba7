import { expect, test, type Page } from '@playwright/test';
import { newGameDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, signInAs, type Account } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });

const CENTRE = { lat: 37.9715, lng: 23.7257 };

let designer: Account;
let gameId: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Sofia Secure');
  const login = await request.post('/api/users/login', {
    data: { email: designer.email, password: designer.password },
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const defaults = newGameDefaults(new Date());
  const game = await request.post('/api/design/games', {
    headers,
    data: { ...defaults, title: 'Headers Walk', pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } } },
  });
  expect(game.status(), await game.text()).toBe(201);
  gameId = ((await game.json()) as { id: string }).id;
  const scene = await request.post(`/api/design/${gameId}/scenes`, {
    headers,
    data: { ...newSceneDefaults(CENTRE), name: 'square', title: 'The Square', radius: 600, gameId },
  });
  expect(scene.status(), await scene.text()).toBe(201);
});

/** Every Content-Security-Policy complaint Chromium prints while the page runs. */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('the console and the player run under the Content-Security-Policy, with the security headers on every answer', async ({
  page,
  request,
}) => {
  const violations = collectViolations(page);

  const landing = await page.goto('/fe/');
  const headers = landing?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Vite's build keeps every script in files: none inline for the policy to refuse.
  expect(await page.locator('script:not([src])').count()).toBe(0);
  await keepScreenshot(page, 'headers-01-landing');

  for (const path of ['/api/health', '/api/nowhere', '/fe/assets/missing.js']) {
    const res = await request.get(path);
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers()['content-security-policy'], path).toContain("default-src 'self'");
  }

  // The design workspace (a map of the scenes, rich text, Mantine's styles).
  await signInAs(page, designer);
  await page.goto(`/fe/games/${gameId}`);
  await expect(page.getByText('The Square').first()).toBeVisible();
  await expect(page.locator('.leaflet-container').first()).toBeVisible();
  await keepScreenshot(page, 'headers-02-workspace');

  // The web player in playtest mode (the map, the walker, Socket.IO).
  await page.goto(`/fe/play/${gameId}?playtest=1`);
  await expect(page.getByRole('heading', { name: 'Headers Walk' })).toBeVisible();
  await expect(page.locator('.loci-walker')).toBeVisible();
  await keepScreenshot(page, 'headers-03-playtest');

  expect(violations).toEqual([]);
});
