import { expect, test } from '@playwright/test';
import type { TeamInstance } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { bearer } from '../support/design-api.js';
import { createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';
import { joinedPhone, publishedTeamGame, STUDENTS } from '../support/team-phones.js';

// Issue 28's outing, end to end: a class list of six dealt into two teams, two phones per team against the
// clock (a short limit: two minutes from each team's start), a member's answer seen by the other member, and the
// time-up due timer firing with every phone idle — the game ends for both teams on all four phones by itself —
// and the organiser's console showing each team's time up.
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 15_000 });

test('a class outing: two teams of phones against the clock, and time up ends the game for both by itself', async ({
  page,
  browser,
  request,
}) => {
  const teacher = await createDesigner(request, 'Olga Outing');
  const token = await loginToken(request, teacher);
  const game = await publishedTeamGame(request, token, {
    title: 'Fountain Race',
    timeLimit: { mode: 'duration', minutes: 2, endsAt: null, endsGame: true },
    rankings: { available: true, showBeforeComplete: false },
  });
  const students: Account[] = [];
  for (const name of STUDENTS) students.push(await createPlayer(request, name));

  // The organiser imports the class list and deals it into two teams, balanced.
  await signInAs(page, teacher);
  await page.goto(`/fe/active-games/${game.id}`);
  const panel = page.getByRole('region', { name: 'Teams' });
  await expect(panel).toBeVisible({ timeout: 45_000 });
  await panel.getByRole('textbox', { name: 'Team names' }).fill('Owls\nFoxes');
  await panel
    .getByRole('textbox', { name: 'Class list' })
    .fill(['name,email,class', ...students.map((s, i) => `${s.name},${s.email},${i < 3 ? 'A' : 'B'}`)].join('\n'));
  await panel.getByLabel('Deal the class list').selectOption('balanced');
  await panel.getByRole('button', { name: 'Create the teams' }).click();
  await expect(panel.getByText('2 teams · 0 of 6 people have joined')).toBeVisible();

  const listed = await request.get(`/api/manage/games/${game.id}/team-instances`, { headers: bearer(token) });
  const [event] = ((await listed.json()) as { instances: TeamInstance[] }).instances;
  const membersOf = (name: string) => {
    const team = event!.teams.find((one) => one.name === name)!;
    return { team, people: team.members.map((member) => students.find((s) => s.name === member.name)!) };
  };
  const owls = membersOf('Owls');
  const foxes = membersOf('Foxes');

  // Two phones per team.
  const owl1 = await joinedPhone(browser, owls.people[0]!, owls.team.joinLink);
  const owl2 = await joinedPhone(browser, owls.people[1]!, owls.team.joinLink);
  const fox1 = await joinedPhone(browser, foxes.people[0]!, foxes.team.joinLink);
  const fox2 = await joinedPhone(browser, foxes.people[1]!, foxes.team.joinLink);
  const phones = [owl1, owl2, fox1, fox2];
  for (const { phone } of phones) await expect(phone.getByRole('timer', { name: /^Time left/ })).toBeVisible();

  // An Owl answers at the fountain; the other Owl sees who answered.
  await owl1.context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const story = owl1.phone.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await story.getByRole('button', { name: 'Ok' }).click();
  const asked = owl1.phone.getByRole('dialog', { name: 'The bottom of the fountain' });
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();
  await expect(owl2.phone.getByText(`${owls.people[0]!.name} answered — correct`)).toBeVisible();
  await keepScreenshot(owl2.phone, 'outing-teammate-answered');

  // Every phone idle from here: the server's due timer ends the game for both teams, on all four phones.
  const sent: string[] = [];
  for (const { phone } of phones) {
    phone.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/events')) sent.push(req.url());
    });
  }
  for (const { phone } of phones) {
    await expect(phone.getByRole('dialog').filter({ hasText: 'Time is up' })).toBeVisible({ timeout: 150_000 });
  }
  expect(sent).toEqual([]);
  await keepScreenshot(fox2.phone, 'outing-time-up-phone');

  // The console: each team's time is up.
  await page.reload();
  const table = page.getByRole('table', { name: 'Game instances' });
  await expect(table.getByText('Owls')).toBeVisible({ timeout: 45_000 });
  await expect(table.getByText('Foxes')).toBeVisible();
  await expect(table.getByText('Time up')).toHaveCount(2);
  // The results per team and per member: the Owl who answered, with their one correct answer.
  const board = page.getByRole('table', { name: 'Leaderboard' });
  const owlsRow = board.getByTestId('ranking-row').filter({ hasText: 'Owls' });
  await expect(owlsRow.getByTestId('ranking-members')).toContainText(
    new RegExp(`${owls.people[0]!.name}: \\d+ actions?, 1 of 1 answer correct`),
  );
  await expect(board.getByTestId('ranking-row').filter({ hasText: 'Foxes' })).toBeVisible();
  await keepScreenshot(page, 'outing-console-time-up');
  for (const { context } of phones) await context.close();
});
