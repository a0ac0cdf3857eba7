import { expect, test } from '@playwright/test';
import { newRuleDefaults } from '@loci/domain';
import sharp from 'sharp';
import { createDesigner, loginToken } from '../support/accounts.js';
import { checkAccessibility } from '../support/axe.js';
import { bearer, designApi } from '../support/design-api.js';
import { buildFountainGame, createPlayer, startOnPhone } from '../support/fountain-game.js';
import { openTool } from '../support/player-tools.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });

// Issue 30: a phone photo is larger than the 0.5 MB an image may be; the player's browser offers to shrink it
// and sends the smaller copy, instead of the upload being refused.
test('a player picks a phone photo over the limit, agrees to shrink it, and the mission takes the smaller copy', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Petra Photographer');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, { title: 'Big Photos', publicAccess: 'view' });
  const { create, publish } = designApi(request, token);
  const design = `/api/design/${game.id}`;
  const [scene] = (await (await request.get(`${design}/scenes`, { headers: bearer(token) })).json()) as Array<{
    id: string;
  }>;
  const mission = await create(`${design}/missions`, {
    name: 'harbour-photo',
    title: 'A photo of the harbour',
    description: '<p>Take a photo of the harbour.</p>',
    notes: '',
    judging: 'wait',
    accomplishment: {
      accomplishmentType: 'action',
      action: { type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: true, mediatypeimage: true },
      condition: [],
      submissions: [],
      ordered: false,
      notifyPlayer: true,
    },
    gameId: game.id,
  });
  await create(`${design}/rules`, {
    ...newRuleDefaults(scene!.id),
    name: 'Give the photo mission',
    trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: scene!.id },
    sideeffects: [{ actorId: 'system', actionName: 'assignMission', actionArgs: { what: mission.id }, notify: true }],
    gameId: game.id,
  });
  await publish(game.id, 'Big photos');

  const player = await createPlayer(request, 'Pavlos Phone');
  const { context, phone } = await startOnPhone(browser, player, game.id);
  try {
    const uploads: number[] = [];
    phone.on('request', (sent) => {
      if (sent.method() === 'POST' && /\/api\/play\/instances\/[^/]+\/media$/.test(sent.url()))
        uploads.push(sent.postDataBuffer()?.length ?? 0);
    });
    const big = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#2266aa',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .blur(1.5)
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2_000_000);

    await openTool(phone, 'Tasks');
    await phone
      .locator('input[type="file"]')
      .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: big });
    const offer = phone.getByRole('dialog', { name: 'Shrink the image?' });
    await expect(offer.getByText('This image is larger than the 0.5 MB allowed:')).toBeVisible();
    await keepScreenshot(phone, 'photo-shrink-offer');
    await checkAccessibility(phone, 'photo-shrink-offer');
    await offer.getByRole('button', { name: 'Shrink', exact: true }).click();
    await expect(offer).toBeHidden({ timeout: 30_000 });
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByText('Waiting for the organiser')).toBeVisible({ timeout: 30_000 });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toBeLessThan(500_000 + 2_000);
  } finally {
    await context.close();
  }
});
