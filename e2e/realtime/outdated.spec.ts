import { expect, test, type Page } from '@playwright/test';
import { createDesigner, loginToken } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, createPlayer, startOnPhone } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.use({ actionTimeout: 15_000 });

/** After a reload of the player's page: back in the game (started again if the page asks). */
async function playAgain(phone: Page): Promise<void> {
  const start = phone.getByRole('button', { name: 'Start playing' });
  await expect(phone.getByRole('toolbar').or(start)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(phone.getByRole('toolbar')).toBeVisible();
}

// A page from before a deploy that changed the protocol: its socket handshake names an older PROTOCOL_VERSION
// (rewritten here on its way to the real server), which the server refuses with words the page shows.
test('a player’s page of an older protocol version is told to reload, in words, and reloads', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Otto Outdated');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, { publicAccess: 'view' });
  await designApi(request, token).publish(game.id, 'First');

  const player = await createPlayer(request, 'Olive Oldpage');
  const { context, phone } = await startOnPhone(browser, player, game.id);
  // From now on the page's sockets go through this route, which can make the page an older one.
  let rewrite = true;
  await context.routeWebSocket(/\/socket\.io\//, (page) => {
    const server = page.connectToServer();
    page.onMessage((message) => {
      // Socket.IO's CONNECT packet ('40' + the handshake's auth) names the page's protocol version.
      const text = String(message);
      server.send(
        rewrite && text.startsWith('40') ? text.replace(/"protocolVersion":\d+/, '"protocolVersion":0') : text,
      );
    });
  });
  await phone.reload();
  await playAgain(phone);

  const notice = phone.getByRole('alert').filter({ hasText: 'Loci has been updated' });
  await expect(notice).toHaveText(/Reload the page to keep getting live updates/, { timeout: 20_000 });
  await keepScreenshot(phone, '88-outdated-page');

  // The reload brings today's page, which speaks the server's protocol: no notice.
  rewrite = false;
  await notice.getByRole('button', { name: 'Reload page' }).click();
  await phone.waitForLoadState();
  await playAgain(phone);
  await phone.waitForTimeout(4000); // the socket connects 1.5 s after the page's load
  await expect(notice).toHaveCount(0);
  await context.close();
});
