import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { SOCKET_EVENTS } from '@loci/domain';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { artifacts } from '../support/env.js';
import { buildFountainGame, createPlayer, FOUNTAIN, startOnPhone } from '../support/fountain-game.js';
import { freePort, startLociServer, type LociServer } from '../support/loci-server.js';
import { keepScreenshot } from '../support/screens.js';

// A server of this spec's own, restarted under open screens as a deploy restarts it: SIGTERM (every worker
// closes its sockets: `io server disconnect`, which socket.io-client never retries by itself), then a start on
// the same port and data folder.
interface Restartable {
  current: LociServer;
  restart: () => Promise<void>;
}

const test = base.extend<object, { restartable: Restartable }>({
  restartable: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const smtpUrl = process.env.LOCI_E2E_SMTP_URL;
      if (!smtpUrl) throw new Error('LOCI_E2E_SMTP_URL is set by global-setup.ts');
      const options = { port: await freePort(), dataDir: path.join(artifacts, 'reconnect-data'), smtpUrl };
      const restartable: Restartable = {
        current: await startLociServer(options),
        restart: async () => {
          await restartable.current.stop();
          restartable.current = await startLociServer(options);
        },
      };
      await use(restartable);
      await restartable.current.stop();
    },
    // Two starts of the built server on a busy machine.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ restartable }, use) => use(restartable.current.baseUrl),
});

/**
 * Resolves once a socket the page opens from now on has asked to join a player's room (`watchPlayer`, the
 * operator's "See as the player") and the server said yes. Attempts made while the server is down fail: any
 * of the page's sockets may be the one.
 */
function joinedPlayerRoom(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) => {
      let asked = false;
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes(`"${SOCKET_EVENTS.watchPlayer}"`)) asked = true;
      });
      socket.on('framereceived', (frame) => {
        if (asked && String(frame.payload).includes('"ok":true')) resolve();
      });
    }),
  );
}

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test('after a server restart the player’s phone and the operator’s screen hear pushes again without a reload', async ({
  browser,
  request,
  restartable,
}) => {
  const designer = await createDesigner(request, 'Rita Restart');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, { publicAccess: 'view' });
  const { publish, instances, headers } = designApi(request, token);
  await publish(game.id, 'Walk');

  const player = await createPlayer(request, 'Remy Walker');
  const account = await request.get('/api/users/account', {
    headers: { authorization: `Bearer ${await loginToken(request, player)}` },
  });
  const playerId = ((await account.json()) as { user: { id: string } }).user.id;
  const { context: phoneContext, phone } = await startOnPhone(browser, player, game.id);
  const [instance] = await instances(game.id);
  const consoleContext = await browser.newContext();
  const operator = await consoleContext.newPage();
  await signInAs(operator, designer);
  const joined = joinedPlayerRoom(operator);
  await operator.goto(`/fe/active-games/${game.id}/instance/${instance!.id}`);
  await operator.getByRole('main').getByRole('link', { name: 'See as Remy Walker' }).click();
  const screen = operator.getByRole('region', { name: 'See as the player' });
  await expect(screen.getByText('Viewing as Remy Walker — read only')).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Game menu' })).toBeDisabled();
  await joined;

  // Both screens hold their sockets (the player is online for the operators' messages) before the restart.
  const sendMessage = async (message: string) => {
    const sent = await request.post(`/api/games/${game.id}/send-message`, {
      headers,
      data: { userId: playerId, message, asynchronous: false },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    return ((await sent.json()) as { delivered: number }).delivered;
  };
  await expect.poll(() => sendMessage('Before the restart'), { timeout: 15_000 }).toBe(1);
  await expect(phone.getByText('Before the restart').first()).toBeVisible();

  // The operator's screen is back once its new socket is in the player's room again (the join's ack).
  const rejoined = joinedPlayerRoom(operator);
  await restartable.restart();
  const back = Date.now();
  await rejoined;
  test.info().annotations.push({ type: 'operator back after', description: `${Date.now() - back} ms` });

  // No reload: the operator's screen shows the player's walk, pushed over a socket that came back by itself.
  await phoneContext.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  await expect(phone.getByRole('dialog', { name: 'The fountain' })).toBeVisible();
  await expect(screen.getByRole('dialog', { name: 'The fountain' })).toBeVisible({ timeout: 20_000 });
  // A message sent only to players online now (asynchronous: false) reaches the phone over its socket.
  await expect.poll(() => sendMessage('After the restart'), { timeout: 20_000 }).toBe(1);
  // Toasts wait while a dialog waits for the player (they would cover it): the message shows once it is closed.
  await phone.getByRole('dialog', { name: 'The fountain' }).getByRole('button', { name: 'Ok' }).click();
  await expect(phone.getByText('After the restart').first()).toBeVisible();
  test.info().annotations.push({ type: 'player back after', description: `${Date.now() - back} ms` });
  await keepScreenshot(operator, '87-see-as-player-after-restart');

  await phoneContext.close();
  await consoleContext.close();
});
