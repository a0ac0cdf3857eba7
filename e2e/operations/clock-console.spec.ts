import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, CENTRE, createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

// The organiser's clock controls and scheduled messages (issue 28), on the Instance page, with a player's phone:
// add time (the phone's countdown moves), pause and resume everyone (the phone shows the pause), and a message
// scheduled a minute after the start that the server sends by itself with the phone idle.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test('an organiser adds time, pauses and resumes everyone, and schedules a message the phone gets by itself', async ({
  browser,
  page,
  request,
}) => {
  const designer = await createDesigner(request, 'Olga Outing');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, {
    publicAccess: 'view',
    timeLimit: { mode: 'duration', minutes: 30, endsAt: null, endsGame: true },
  });
  await designApi(request, token).publish(game.id, 'Thirty minutes');

  // The player's phone counts down thirty minutes.
  const player = await createPlayer(request, 'Pia Phone');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng, accuracy: 5 },
  });
  const phone = await context.newPage();
  await signInAs(phone, player);
  await phone.goto(`/fe/play/${game.id}`);
  await phone.getByRole('button', { name: 'Start playing' }).click();
  const timer = phone.getByRole('timer', { name: /^Time left/ });
  await expect(timer).toHaveText(/^(30:00|29:[0-5]\d)$/);

  // The organiser's Instance page: the Clock section with the player's time left.
  const list = await request.get(`/api/manage/gameInstances/${game.id}/thin-list`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.status(), await list.text()).toBe(200);
  const [instance] = (await list.json()) as Array<{ id: string }>;
  await signInAs(page, designer);
  await page.goto(`/fe/active-games/${game.id}/instance/${instance!.id}`);
  const clock = page.getByRole('table', { name: 'Time left of each player or team' });
  await expect(clock.getByRole('row', { name: /Pia Phone/ })).toContainText(/(30:00|29:[0-5]\d)/);

  // Add time: ten minutes for the player, with a reason — the phone's countdown moves at once.
  await page.getByRole('button', { name: 'Add time for Pia Phone' }).click();
  const add = page.getByRole('dialog', { name: 'Add time for Pia Phone' });
  await add.getByRole('textbox', { name: /Minutes/ }).fill('10');
  await add.getByRole('textbox', { name: /Reason/ }).fill('Flat battery');
  await keepScreenshot(page, 'clock-console-add-time');
  await add.getByRole('button', { name: 'Add time' }).click();
  await expect(add).toHaveCount(0);
  await expect(timer).toHaveText(/^(40:00|39:[0-5]\d)$/);
  await expect(clock.getByRole('row', { name: /Pia Phone/ })).toContainText(/(40:00|39:[0-5]\d)/);

  // Pause everyone: the phone shows the pause; resume: it runs again.
  await page.getByRole('button', { name: 'Pause everyone' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause everyone’s clock' });
  await pause.getByRole('textbox', { name: /Reason/ }).fill('Downpour');
  await pause.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Everyone’s clock is paused: time left stands still.')).toBeVisible();
  await expect(phone.getByText(/Paused/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Resume everyone' }).click();
  const resume = page.getByRole('dialog', { name: 'Resume everyone’s clock' });
  await resume.getByRole('textbox', { name: /Reason/ }).fill('Sun is out');
  await resume.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Everyone’s clock is running.')).toBeVisible();
  await expect(timer).toHaveText(/^(40:00|39:[0-5]\d)$/);

  // A message scheduled a minute after the start: the server sends it with the phone idle.
  await page.getByRole('button', { name: 'Schedule a message' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule a message' });
  await schedule.getByRole('textbox', { name: /Minutes after the start/ }).fill('1');
  await schedule.getByRole('textbox', { name: /Message/ }).fill('Meet at the fountain');
  await keepScreenshot(page, 'clock-console-schedule');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toHaveCount(0);
  const scheduled = page.getByRole('table', { name: 'Scheduled messages' });
  await expect(scheduled.getByRole('row', { name: /Meet at the fountain/ })).toContainText('Scheduled');

  const sent: string[] = [];
  phone.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/events')) sent.push(req.url());
  });
  await expect(phone.getByText('Meet at the fountain').first()).toBeVisible({ timeout: 90_000 });
  expect(sent).toEqual([]);
  await keepScreenshot(phone, 'clock-console-message-on-phone');

  // The audit log keeps each change with its reason; the list shows the message sent.
  await page.reload();
  await expect(scheduled.getByRole('row', { name: /Meet at the fountain/ })).toContainText('Sent to 1');
  await page.getByRole('button', { name: 'Audit log' }).click();
  await expect(page.getByText('Flat battery')).toBeVisible();
  await expect(page.getByText('Downpour')).toBeVisible();
  await keepScreenshot(page, 'clock-console-instance');
  await context.close();
});
