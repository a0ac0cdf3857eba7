import { expect, test, type APIRequestContext } from '@playwright/test';
import { newRuleDefaults, type TeamInstance } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { checkAccessibility } from '../support/axe.js';
import { bearer, designApi } from '../support/design-api.js';
import { buildFountainGame, createPlayer } from '../support/fountain-game.js';
import { LIVE_MS, withPointsAttribute } from '../support/outing.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

/** A member of a team, joined and playing through the player API (their phone is not what this test is about). */
async function joinAndStart(request: APIRequestContext, gameId: string, member: Account, code: string) {
  const token = await loginToken(request, member);
  const joined = await request.post('/api/play/team-join', { headers: bearer(token), data: { code } });
  expect(joined.status(), await joined.text()).toBe(200);
  const started = await request.post(`/api/play/games/${gameId}/instances`, { headers: bearer(token), data: {} });
  expect(started.ok(), await started.text()).toBe(true);
  const { instanceId } = (await started.json()) as { instanceId: string };
  return {
    instanceId,
    /** Types a code, as the player would: the game's rules score and announce. */
    code: async (typed: string) => {
      const res = await request.post(`/api/play/instances/${instanceId}/events`, {
        headers: bearer(token),
        data: { type: 'code', code: typed },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

test('the organiser opens the wall on a projector: posts, announcements and scores arrive live, and it catches up after a drop', async ({
  page,
  browser,
  request,
}) => {
  const organiser = await createDesigner(request, 'Olga Organiser');
  const token = await loginToken(request, organiser);
  const game = await buildFountainGame(request, token, {
    title: 'Harbour Hunt',
    publicAccess: 'view',
    multiplayer: true,
    teams: { enabled: true, minSize: 1, maxSize: 4, playersFormTeams: false },
  });
  const { create, patchGame, publish } = designApi(request, token);
  const design = `/api/design/${game.id}`;
  const { scene, points, logoId } = await withPointsAttribute(request, token, game.id);
  const onCode = (code: string, sideeffects: unknown[]) =>
    create(`${design}/rules`, {
      ...newRuleDefaults(scene.id),
      name: `on ${code}`,
      fireOnce: false,
      trigger: { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: code },
      sideeffects,
      gameId: game.id,
    });
  const give = (value: number) => ({
    actorId: 'system',
    actionName: 'giveToPlayer',
    actionArgs: { what: points.id, value },
    notify: false,
  });
  await onCode('key', [
    give(2),
    {
      actorId: 'system',
      actionName: 'announceInFeed',
      actionArgs: { msg: 'Team {name} found the lighthouse key' },
      notify: false,
    },
  ]);
  await onCode('five', [give(5)]);
  await patchGame(game.id, {
    logoId,
    wall: { feedInPlayer: true, scoreSource: 'attribute', scoreAttributeId: points.id },
  });
  await publish(game.id, 'Harbour outing');

  // Two teams of one, from a class list; each member joins with the team's code.
  const owlsMember = await createPlayer(request, 'Maria Owl');
  const foxesMember = await createPlayer(request, 'Nikos Fox');
  const made = await request.post(`/api/manage/games/${game.id}/team-instances`, {
    headers: bearer(token),
    data: {
      teamNames: ['Owls', 'Foxes'],
      classList: `name,email\n${owlsMember.name},${owlsMember.email}\n${foxesMember.name},${foxesMember.email}`,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const event = (await made.json()) as TeamInstance;
  const [owlsTeam, foxesTeam] = event.teams;
  for (const [team, member] of [
    [owlsTeam!, owlsMember],
    [foxesTeam!, foxesMember],
  ] as const) {
    const memberId = event.unassigned.find((m) => m.name === member.name)!.id;
    const moved = await request.patch(`/api/manage/team-instances/${event.instanceId}/members/${memberId}`, {
      headers: bearer(token),
      data: { teamId: team.id },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  const owls = await joinAndStart(request, game.id, owlsMember, owlsTeam!.code);
  const foxes = await joinAndStart(request, game.id, foxesMember, foxesTeam!.code);
  expect(foxes.instanceId).toBe(owls.instanceId);
  // The Owls lead at first.
  await owls.code('key');

  // The organiser makes the projector link on the instance's page.
  await signInAs(page, organiser);
  await page.goto(`/fe/active-games/${game.id}/instance/${event.instanceId}`);
  await page.getByRole('button', { name: 'The wall and the feed' }).click({ timeout: 45_000 });
  await page.getByRole('checkbox', { name: 'Show the teams on a map' }).check();
  await page.getByRole('button', { name: 'Make the projector link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Projector link' });
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/fe\/wall\/[A-Za-z0-9_-]{32}$/);
  await keepScreenshot(page, '95-wall-link-desktop');

  // The projector: another browser, nobody signed in, 1920 × 1080.
  const projector = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const wall = await projector.newPage();
  await wall.goto(link);
  await expect(wall.getByRole('heading', { name: 'Harbour Hunt' })).toBeVisible({ timeout: 45_000 });
  const board = wall.getByRole('table', { name: 'Scoreboard' });
  const firstRow = board.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Owls');
  await expect(firstRow).toContainText('2');
  await expect(wall.getByText('Team Owls found the lighthouse key')).toBeVisible();
  // Nothing private: no email, no account, no ids.
  const shown = await wall.locator('body').innerText();
  for (const secret of [owlsMember.email, foxesMember.email, event.instanceId, game.id])
    expect(shown).not.toContain(secret);
  await checkAccessibility(wall, 'wall');
  await keepScreenshot(wall, '96-wall-projector-1920');

  // A post from the console and an announcement reach the wall within 2 s; the scoreboard reorders.
  await page.getByRole('textbox', { name: 'Your post' }).fill('Lunch at the fountain at 12:30');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(wall.getByText('Lunch at the fountain at 12:30')).toBeVisible({ timeout: LIVE_MS });
  await foxes.code('five');
  await expect(firstRow).toContainText('Foxes', { timeout: LIVE_MS });
  await expect(firstRow).toContainText('5');
  await foxes.code('key');
  await expect(wall.getByText('Team Foxes found the lighthouse key')).toBeVisible({ timeout: LIVE_MS });
  // The rows have slid to their places (0.6 s) before the picture.
  await wall.waitForTimeout(800);
  await keepScreenshot(wall, '97-wall-reordered-1920');

  // The organiser withdraws the post: it leaves the wall.
  await page.getByRole('button', { name: 'Withdraw “Lunch at the fountain at 12:30”' }).click();
  await expect(wall.getByText('Lunch at the fountain at 12:30')).toBeHidden({ timeout: LIVE_MS });

  // The projector loses the network; meanwhile the Owls score twice and the organiser posts. Back online, it
  // catches up by itself.
  await projector.setOffline(true);
  await owls.code('five');
  await owls.code('five');
  const posted = await request.post(`/api/manage/instances/${event.instanceId}/feed`, {
    headers: bearer(token),
    data: { text: 'Ten minutes left!' },
  });
  expect(posted.status()).toBe(201);
  await wall.waitForTimeout(1500);
  await projector.setOffline(false);
  await expect(wall.getByText('Ten minutes left!')).toBeVisible({ timeout: 15_000 });
  await expect(firstRow).toContainText('Owls', { timeout: 15_000 });
  await expect(firstRow).toContainText('12');
  // The channel comes back by itself too.
  await expect(wall.getByRole('status')).toBeHidden({ timeout: 15_000 });
  await wall.waitForTimeout(800);
  await keepScreenshot(wall, '98-wall-caught-up-1920');

  // The results, printable: the teams ranked, each with its members.
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour Hunt — Results' })).toBeVisible();
  const results = page.getByRole('table');
  await expect(results.getByRole('row').nth(1)).toContainText('Owls');
  await expect(results.getByRole('row').nth(1)).toContainText(owlsMember.name);
  await checkAccessibility(page, 'wall-results');
  await keepScreenshot(page, '99-wall-results-desktop');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Back to the game' }).click();

  // Stopping the link blanks the screen.
  await page.getByRole('button', { name: 'The wall and the feed' }).click({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Stop the link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop the link' }).click();
  await expect(wall.getByRole('heading', { name: 'This wall link does not work.' })).toBeVisible({
    timeout: 10_000,
  });
  await projector.close();
});
