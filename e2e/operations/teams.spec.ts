import { expect, test } from '@playwright/test';
import type { TeamInstance } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { bearer } from '../support/design-api.js';
import { createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';
import { phoneOnJoinLink, publishedTeamGame, STUDENTS } from '../support/team-phones.js';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test('an organiser imports a class list of six, deals two teams; one member answers and the other sees it', async ({
  page,
  browser,
  request,
}) => {
  const teacher = await createDesigner(request, 'Tina Teacher');
  const token = await loginToken(request, teacher);
  const game = await publishedTeamGame(request, token, { title: 'Fountain Trail' });
  const students: Account[] = [];
  for (const name of STUDENTS) students.push(await createPlayer(request, name));

  // The organiser makes the teams on the Gameplay page: two names typed, the class list pasted, balanced.
  await signInAs(page, teacher);
  await page.goto(`/fe/active-games/${game.id}`);
  const panel = page.getByRole('region', { name: 'Teams' });
  // The workspace loads first (a slow machine may take a while).
  await expect(panel).toBeVisible({ timeout: 45_000 });
  await panel.getByRole('textbox', { name: 'Team names' }).fill('Owls\nFoxes');
  await panel
    .getByRole('textbox', { name: 'Class list' })
    .fill(['name,email,class', ...students.map((s, i) => `${s.name},${s.email},${i < 3 ? 'A' : 'B'}`)].join('\n'));
  await panel.getByLabel('Deal the class list').selectOption('balanced');
  await panel.getByRole('button', { name: 'Create the teams' }).click();
  await expect(panel.getByText('2 teams · 0 of 6 people have joined')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Owls' })).toBeVisible();
  await expect(panel.getByRole('img', { name: 'QR code to join Owls' })).toBeVisible();
  await keepScreenshot(page, '90-teams-dealt-desktop');

  const teamsNow = async () => {
    const listed = await request.get(`/api/manage/games/${game.id}/team-instances`, { headers: bearer(token) });
    const [one] = ((await listed.json()) as { instances: TeamInstance[] }).instances;
    return one!;
  };
  const dealt = (await teamsNow()).teams.find((team) => team.name === 'Owls')!;
  expect(dealt.members).toHaveLength(3);

  // The organiser drags the Owls' third member onto the Foxes' card (the menu beside the name does it by keyboard).
  const moved = dealt.members[2]!;
  const from = panel.locator(`[data-member-drag="${moved.name}"]`);
  const foxesCard = panel.locator('[data-team-drop]').filter({ has: page.getByRole('heading', { name: 'Foxes' }) });
  const start = (await from.boundingBox())!;
  const end = (await foxesCard.boundingBox())!;
  await page.mouse.move(start.x + 10, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 30, start.y + start.height / 2, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(foxesCard.getByText(moved.name)).toBeVisible();
  await expect(foxesCard.getByText('4 members')).toBeVisible();
  // Each team may take an avatar.
  await panel.getByRole('combobox', { name: 'Avatar of Owls' }).selectOption('🦉');
  await expect(panel.getByRole('heading', { name: '🦉 Owls' })).toBeVisible();
  await keepScreenshot(page, '90b-teams-dragged-desktop');
  const owls = (await teamsNow()).teams.find((team) => team.name === 'Owls')!;
  expect(owls.members.map((member) => member.name)).not.toContain(moved.name);
  const [first, second] = owls.members.map((member) => students.find((s) => s.name === member.name)!);

  // Two phones of the Owls join with the team's link (its QR code): the code is filled in.
  const a = await phoneOnJoinLink(browser, first!, owls.joinLink);
  await expect(a.phone.getByLabel('Team code')).toHaveValue(owls.code, { timeout: 45_000 });
  await keepScreenshot(a.phone, '91-teams-join-phone');
  await a.phone.getByRole('button', { name: 'Join the team' }).click();
  await expect(a.phone.getByRole('toolbar')).toBeVisible({ timeout: 45_000 });
  const b = await phoneOnJoinLink(browser, second!, owls.joinLink);
  await b.phone.getByRole('button', { name: 'Join the team' }).click({ timeout: 45_000 });
  await expect(b.phone.getByRole('toolbar')).toBeVisible({ timeout: 45_000 });
  await expect(b.phone.getByRole('complementary', { name: 'Your team' }).getByText(first!.name)).toBeVisible();

  // The first walks to the fountain and answers; the second is told who answered, and how.
  await b.live;
  await a.context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const story = a.phone.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await story.getByRole('button', { name: 'Ok' }).click();
  const asked = a.phone.getByRole('dialog', { name: 'The bottom of the fountain' });
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();
  await expect(b.phone.getByText(`${first!.name} answered — correct`)).toBeVisible();
  // The second sees the first on the map, where they walked, in the team's colour.
  await expect(b.phone.getByRole('img', { name: `Your teammate ${first!.name}` })).toBeVisible();
  await keepScreenshot(b.phone, '92-teams-teammate-answered-phone');

  // The organiser sees who has joined.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Teams' }).getByText('2 teams · 2 of 6 people have joined'),
  ).toBeVisible({ timeout: 45_000 });
  // The live map shows the Owls' members in the team's colour; the instances table, the team with its members.
  await expect(page.locator('.loci-team-member, .loci-cluster').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Game instances' }).getByText('2 members')).toBeVisible();
  await keepScreenshot(page, '93-teams-joined-desktop');
  await a.context.close();
  await b.context.close();
});

test('players form their own team in the lobby: one creates it and shares its code, a friend joins with it', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Festival Organiser');
  const token = await loginToken(request, designer);
  const game = await publishedTeamGame(request, token, {
    title: 'Festival Race',
    teams: { enabled: true, minSize: 1, maxSize: 4, playersFormTeams: true },
  });
  const anna = await createPlayer(request, 'Anna Andreou');
  const petros = await createPlayer(request, 'Petros Petrou');

  // Anna opens the game: she has no code, so she creates a team and reads its code to share.
  const a = await phoneOnJoinLink(browser, anna, `/fe/play/${game.id}`);
  const create = a.phone.getByRole('form', { name: 'Create a team' });
  await create.getByRole('textbox', { name: 'Team name' }).fill('Gulls', { timeout: 45_000 });
  await keepScreenshot(a.phone, '94-teams-create-own-phone');
  await create.getByRole('button', { name: 'Create the team' }).click();
  await expect(a.phone.getByRole('heading', { name: 'Team Gulls is ready' })).toBeVisible();
  const code = (await a.phone.getByTestId('team-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await keepScreenshot(a.phone, '95-teams-own-code-phone');
  await a.phone.getByRole('button', { name: 'Start playing' }).click();
  await expect(a.phone.getByRole('toolbar')).toBeVisible({ timeout: 45_000 });
  await expect(a.phone.getByRole('complementary', { name: 'Your team' })).toContainText(`Code ${code}`);

  // Petros types the code Anna shows him and plays the same team.
  const b = await phoneOnJoinLink(browser, petros, `/fe/play/${game.id}`);
  await b.phone.getByLabel('Team code').fill(code, { timeout: 45_000 });
  await b.phone.getByRole('button', { name: 'Join the team' }).click();
  await expect(b.phone.getByRole('toolbar')).toBeVisible({ timeout: 45_000 });
  const card = b.phone.getByRole('complementary', { name: 'Your team' });
  await expect(card).toContainText('Team Gulls');
  await expect(card.getByText(anna.name)).toBeVisible();
  // Anna is on Petros's map, where her phone is.
  await expect(b.phone.getByRole('img', { name: `Your teammate ${anna.name}` })).toBeVisible({ timeout: 30_000 });
  await keepScreenshot(b.phone, '96-teams-own-team-joined-phone');
  await a.context.close();
  await b.context.close();
});
