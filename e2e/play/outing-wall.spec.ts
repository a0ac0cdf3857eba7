import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { checkAccessibility } from '../support/axe.js';
import { createPlayer } from '../support/fountain-game.js';
import { openTool } from '../support/player-tools.js';
import {
  closeTasks,
  LIVE_MS,
  openProjector,
  pressInQueue,
  publishedJudgedOuting,
  submitPhoto,
  teamInstance,
} from '../support/outing.js';
import { keepScreenshot } from '../support/screens.js';
import { joinedPhone } from '../support/team-phones.js';

// Issue 29's outing, end to end: two teams of two phones send photos to a mission that waits for the organiser;
// the organiser judges them in the review queue with the keyboard (a rejection's reason reaches the team, which
// sends another); each approval is on the projector's wall within 2 s and the scoreboard reorders; a like from a
// phone's feed is counted on the wall; a team writes
// to the organiser and gets a reply; two phones of a team chat, one of them offline for a while.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test('an outing around the wall: photos judged by keyboard reach the wall within 2 s, the scoreboard moves, messages go both ways', async ({
  page,
  browser,
  request,
}) => {
  const organiser = await createDesigner(request, 'Olga Organiser');
  const token = await loginToken(request, organiser);
  const game = await publishedJudgedOuting(request, token, 'Photo Hunt');
  const event = await teamInstance(request, token, game.id, ['Owls', 'Foxes']);
  const [owls, foxes] = event.teams;
  const [maria, nikos, eleni, giorgos] = await Promise.all(
    ['Maria Pappa', 'Nikos Nikou', 'Eleni Eleftheriou', 'Giorgos Georgiou'].map((name) => createPlayer(request, name)),
  );

  // Two phones per team.
  const owl1 = await joinedPhone(browser, maria!, owls!.joinLink, { touch: true });
  const owl2 = await joinedPhone(browser, nikos!, owls!.joinLink, { touch: true });
  const fox1 = await joinedPhone(browser, eleni!, foxes!.joinLink, { touch: true });
  const fox2 = await joinedPhone(browser, giorgos!, foxes!.joinLink, { touch: true });
  const { projector, wall, scoreboard } = await openProjector(browser, request, token, event.instanceId);
  try {
    await expect(wall.getByRole('heading', { name: 'Photo Hunt' })).toBeVisible({ timeout: 45_000 });
    await expect(wall.getByRole('img', { name: /^Photo from/ })).toHaveCount(0);

    // One photo from each team: the Owls' first, then the Foxes'.
    await submitPhoto(owl1.phone, '#3366aa');
    await submitPhoto(fox1.phone, '#aa3366');
    // Nothing waiting is on the wall.
    await expect(wall.getByRole('img', { name: /^Photo from/ })).toHaveCount(0);

    // The organiser's queue, newest first: the Foxes' photo. R, the reason, Enter: rejected.
    await signInAs(page, organiser);
    await page.goto(`/fe/active-games/${game.id}/review?instance=${event.instanceId}`);
    await expect(page.getByText('2 waiting')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('img', { name: /^Submitted by Foxes/ })).toBeVisible();
    await checkAccessibility(page, 'review-queue');
    await keepScreenshot(page, 'outing-review-queue');
    await pressInQueue(page, 'r');
    await expect(page.getByRole('textbox', { name: /^Reason/ })).toBeFocused();
    await page.keyboard.type('The fountain is not in the photo');
    await page.keyboard.press('Enter');

    // The Owls' photo comes next: A approves it (1 point) and it is on the wall within 2 s, the Owls lead.
    await expect(page.getByRole('img', { name: /^Submitted by Owls/ })).toBeVisible({ timeout: 15_000 });
    let judgedAt = await pressInQueue(page, 'a');
    await expect(wall.getByRole('img', { name: /^Photo from/ })).toHaveCount(1, { timeout: LIVE_MS });
    expect(Date.now() - judgedAt).toBeLessThan(LIVE_MS);
    await expect(scoreboard.getByRole('row').nth(1)).toContainText('Owls', { timeout: LIVE_MS });
    await expect(scoreboard.getByRole('row').nth(1)).toContainText('1');
    await expect(page.getByText('Nothing to review here.')).toBeVisible({ timeout: 15_000 });
    // The Owls' phones read the verdict.
    await openTool(owl2.phone, 'Tasks');
    await expect(owl2.phone.getByText('Approved by the organiser')).toBeVisible({ timeout: 15_000 });

    // The other Fox reads the reason at once, and sends another photo.
    await openTool(fox2.phone, 'Tasks');
    await expect(fox2.phone.getByText(/Not accepted: The fountain is not in the photo/)).toBeVisible({
      timeout: 15_000,
    });
    await keepScreenshot(fox2.phone, 'outing-phone-rejected');
    await submitPhoto(fox2.phone, '#aa6633', 'fountain-2.png');

    // It reaches the queue by itself; worth 3 points, approved with A: on the wall in 2 s, the Foxes overtake.
    await expect(page.getByRole('img', { name: /^Submitted by Foxes/ })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Points' }).fill('3');
    judgedAt = await pressInQueue(page, 'a');
    await expect(wall.getByRole('img', { name: /^Photo from/ })).toHaveCount(2, { timeout: LIVE_MS });
    expect(Date.now() - judgedAt).toBeLessThan(LIVE_MS);
    await expect(scoreboard.getByRole('row').nth(1)).toContainText('Foxes', { timeout: LIVE_MS });
    await expect(scoreboard.getByRole('row').nth(1)).toContainText('3');
    await expect(scoreboard.getByRole('row').nth(2)).toContainText('Owls');
    await expect(fox1.phone.getByText('Approved by the organiser')).toBeVisible({ timeout: 15_000 });
    // The rows have slid to their places (0.6 s) before the picture.
    await wall.waitForTimeout(800);
    await keepScreenshot(wall, 'outing-wall-1920');

    // A Fox likes the Owls' photo in the player's feed (once the server took it): the count is on the wall in 2 s.
    await closeTasks(fox1.phone);
    await fox1.phone.getByRole('button', { name: 'Feed', exact: true }).click();
    const feed = fox1.phone.getByRole('dialog', { name: 'The feed' });
    const likeOwls = feed.getByRole('listitem').filter({ hasText: 'Owls' }).getByRole('button', { name: /^Like/ });
    await likeOwls.click();
    await expect(likeOwls).toHaveAttribute('aria-pressed', 'true');
    await expect(wall.getByText('1 like', { exact: true })).toBeVisible({ timeout: LIVE_MS });
    await checkAccessibility(fox1.phone, 'outing-feed-phone');
    await keepScreenshot(fox1.phone, 'outing-feed-liked-phone');
    await fox1.phone.keyboard.press('Escape');
    await expect(feed).toBeHidden();

    // The organiser's inbox on the Gameplay page: live, no reload.
    await page.goto(`/fe/active-games/${game.id}`);
    const inbox = page.getByRole('region', { name: 'Messages' });
    await expect(inbox).toBeVisible({ timeout: 45_000 });
    const conversations = inbox.getByRole('navigation', { name: 'Conversations' });
    await expect(conversations.getByRole('button', { name: 'Owls' })).toBeVisible();

    // Maria writes to the organiser, in the team's name.
    for (const { phone } of [owl1, owl2, fox1, fox2]) await closeTasks(phone);
    await owl1.phone.getByRole('button', { name: 'Messages' }).click();
    const drawerA = owl1.phone.getByRole('dialog', { name: 'Messages' });
    await drawerA.getByRole('textbox', { name: 'Your message' }).fill('We found the fountain — what next?');
    await drawerA.getByRole('button', { name: 'Send' }).click();
    await expect(drawerA.getByText('We found the fountain — what next?', { exact: true })).toBeVisible();
    await expect(drawerA.getByText('Waiting to send')).toBeHidden();

    // It reaches the organiser at once, unread, named by its member; a quick reply, edited, goes back.
    const owlsUnread = conversations.getByRole('button', { name: 'Owls, 1 unread' });
    await expect(owlsUnread).toBeVisible();
    await owlsUnread.click();
    await expect(inbox.getByText('We found the fountain — what next?', { exact: true })).toBeVisible();
    await expect(inbox.getByText('Maria Pappa', { exact: true })).toBeVisible();
    await expect(conversations.getByRole('button', { name: 'Owls', exact: true })).toBeVisible();
    await inbox.getByRole('button', { name: 'Use “Well done!”' }).click();
    await inbox.getByRole('textbox', { name: 'Reply to Owls' }).fill('Well done! Now find the lantern.');
    await checkAccessibility(page, 'outing-inbox');
    await keepScreenshot(page, 'outing-inbox-desktop');
    await inbox.getByRole('button', { name: 'Send' }).click();
    await expect(inbox.getByText('Well done! Now find the lantern.', { exact: true })).toBeVisible();

    // Maria has it in her open drawer; Nikos, his drawer closed, sees the unread badge; the Foxes get nothing.
    await expect(drawerA.getByText('Well done! Now find the lantern.', { exact: true })).toBeVisible();
    const badgeB = owl2.phone.getByRole('button', { name: 'Messages, 1 unread' });
    await expect(badgeB).toBeVisible();
    await expect(fox1.phone.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

    // Team chat: Maria writes to the team; Nikos reads it, named.
    await drawerA.getByRole('tab', { name: /Team chat/ }).click();
    await drawerA.getByRole('textbox', { name: 'Your message' }).fill('Meet at the lantern');
    await drawerA.getByRole('button', { name: 'Send' }).click();
    await badgeB.click();
    const drawerB = owl2.phone.getByRole('dialog', { name: 'Messages' });
    await expect(drawerB.getByText('Well done! Now find the lantern.', { exact: true })).toBeVisible();
    await drawerB.getByRole('tab', { name: /Team chat/ }).click();
    const teamB = drawerB.getByRole('tabpanel', { name: /Team chat/ });
    await expect(teamB.getByText('Meet at the lantern', { exact: true })).toBeVisible();
    await expect(teamB.getByText('Maria Pappa')).toBeVisible();
    await checkAccessibility(owl2.phone, 'outing-team-chat-phone');
    await keepScreenshot(owl2.phone, 'outing-team-chat-phone');

    // Nikos loses the network and writes: the message waits on his phone, then arrives when he is back.
    await owl2.context.setOffline(true);
    await teamB.getByRole('textbox', { name: 'Your message' }).fill('On my way, the signal is bad');
    await teamB.getByRole('button', { name: 'Send' }).click();
    await expect(teamB.getByText('You · Waiting to send')).toBeVisible();
    const teamA = drawerA.getByRole('tabpanel', { name: /Team chat/ });
    await expect(teamA.getByText('On my way, the signal is bad', { exact: true })).toBeHidden();
    await owl2.context.setOffline(false);
    await expect(teamA.getByText('On my way, the signal is bad', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(teamB.getByText('You · Waiting to send')).toBeHidden({ timeout: 30_000 });

    // The organiser reads the team's chat too (read-only), the message that waited included.
    await inbox.getByRole('tab', { name: 'Team chat' }).click();
    await expect(inbox.getByText('On my way, the signal is bad', { exact: true })).toBeVisible();
  } finally {
    await projector.close();
    for (const { context } of [owl1, owl2, fox1, fox2]) await context.close();
  }
});
