import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { newGameVersionDefaults } from '@loci/domain';
import type { Account } from './accounts.js';
import { bearer } from './design-api.js';
import { buildFountainGame, CENTRE } from './fountain-game.js';

/** The class list of the outing specs: six students. */
export const STUDENTS = [
  'Maria Pappa',
  'Nikos Nikou',
  'Eleni Eleftheriou',
  'Giorgos Georgiou',
  'Sofia Sotiriou',
  'Kostas Kostas',
];

/** Teams of 1 to 4, made by the organiser: the team setting of the outing specs. */
export const TEAM_SETTINGS = { enabled: true, minSize: 1, maxSize: 4, playersFormTeams: false };

/** The fountain game played in teams (teams of 1 to 4, made by the organiser), published. */
export async function publishedTeamGame(
  request: APIRequestContext,
  token: string,
  options: Parameters<typeof buildFountainGame>[2],
) {
  const game = await buildFountainGame(request, token, {
    publicAccess: 'view',
    teams: TEAM_SETTINGS,
    ...options,
  });
  const published = await request.post(`/api/design/${game.id}/gameVersions`, {
    headers: bearer(token),
    data: { ...newGameVersionDefaults(), versionNotes: 'Class outing' },
  });
  expect(published.status(), await published.text()).toBe(201);
  return game;
}

/**
 * A phone (390 × 844) at the square's centre, signed in as `person`, on a team's join link (not joined yet).
 * `live` settles when its socket is up: the player's socket connects once the first screen is drawn and the
 * browser is idle (web after-load.ts), and a teammate's toast is live only from then on (the view catches up
 * either way: it is read again once the socket is live).
 */
export async function phoneOnJoinLink(
  browser: Browser,
  person: Account,
  joinLink: string,
  { touch = false }: { touch?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    ...(touch ? { isMobile: true, hasTouch: true } : {}),
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });
  const phone = await context.newPage();
  const live = new Promise<void>((resolve) =>
    phone.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40{"sid"')) resolve();
      }),
    ),
  );
  await phone.goto('/fe/login');
  // A shared machine may be slow to serve the first load of a new browser context.
  await phone.getByLabel('Email').fill(person.email, { timeout: 45_000 });
  await phone.getByLabel('Password', { exact: true }).fill(person.password);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone).not.toHaveURL(/\/login/);
  await phone.goto(joinLink);
  return { context, phone, live };
}

/** The same phone joined to the team: its map is up, and so is its socket. */
export async function joinedPhone(
  browser: Browser,
  person: Account,
  joinLink: string,
  options: { touch?: boolean } = {},
) {
  const joined = await phoneOnJoinLink(browser, person, joinLink, options);
  await joined.phone.getByRole('button', { name: 'Join the team' }).click({ timeout: 45_000 });
  await expect(joined.phone.getByRole('toolbar')).toBeVisible({ timeout: 45_000 });
  await joined.live;
  return joined;
}
