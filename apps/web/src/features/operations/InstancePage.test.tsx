import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MockHandler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import {
  GAME_ID,
  PUBLISHED,
  UI_TEST_TIMEOUT_MS,
  gameWorkspace,
  makeFullInstance,
  makeSpecs,
  mockOperationsApi,
} from './test-support';

const realtime = vi.hoisted(() => ({ joined: [] as unknown[] }));
vi.mock('../../api/realtime', () => ({
  useRealtimeEvent: () => {},
  subscribe: () => () => {},
  joinRoom: (event: string, payload: unknown) => {
    realtime.joined.push({ event, payload });
    return () => {};
  },
}));

const PAGE = `/active-games/${GAME_ID}/instance/i1`;

function instanceApi(extra: Record<string, MockHandler> = {}, instance = makeFullInstance()) {
  return mockOperationsApi({
    'GET /api/instances/i1': { body: instance },
    'GET /api/manage/instances/i1/audit': { body: { entries: [] } },
    [`GET /api/design/${GAME_ID}/initialStateSpecs/${PUBLISHED.id}`]: { body: makeSpecs() },
    [`GET /api/design/${GAME_ID}/workspace`]: { body: gameWorkspace() },
    ...extra,
  });
}

async function openPage() {
  const view = renderApp(PAGE);
  await screen.findByRole('heading', { name: /^Player 1 · started / });
  return view;
}

async function chooseAction(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

describe('#operations.InstancePage', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows the instance, its players and world, and watches its room', async () => {
    const api = instanceApi();
    const { user } = await openPage();

    expect(screen.getByText('Saturday group')).toBeInTheDocument();
    expect(screen.getByText('(playing)')).toBeInTheDocument();
    // The name in the list comes first; the player's marker on the map has it too.
    const [name, marker] = screen.getAllByRole('button', { name: 'Player 1' });
    expect(marker).toHaveClass('leaflet-marker-icon');
    await user.click(name!);
    const state = await screen.findByRole('dialog', { name: 'State of Player 1' });
    // A readable panel: the scene's title, what they own, their missions and milestones, times in the game's zone.
    expect(within(state).getByText(/The Harbour \(harbour\)/)).toBeInTheDocument();
    expect(within(state).getByRole('table', { name: 'Items' })).toHaveTextContent('it-rope2');
    expect(within(state).getByRole('table', { name: 'Attributes' })).toHaveTextContent('at-courage7');
    expect(within(state).getByRole('table', { name: 'Missions' })).toHaveTextContent(
      'm-findassigned 1 May 2024, 12:10 (Europe/Athens)',
    );
    expect(within(state).getByRole('table', { name: 'Milestones' })).toHaveTextContent(
      'ms-dock1 May 2024, 12:30 (Europe/Athens)',
    );
    expect(within(state).getByText(/39\.50000, 22\.50000/)).toBeInTheDocument();
    expect(within(state).getByText(/1 May 2024, 13:00 \(Europe\/Athens\)/)).toBeInTheDocument();
    // The raw tree waits behind the toggle.
    expect(within(state).queryByText('status: "playing"')).not.toBeInTheDocument();
    await user.click(within(state).getByRole('switch', { name: 'Show the raw state' }));
    expect(within(state).getByText('status: "playing"')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const objects = screen.getByRole('table', { name: 'Objects' });
    expect(within(objects).getByText('sign-1')).toBeInTheDocument();
    expect(within(objects).getByText('chest-9')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Offers' })).getByText('coffee-1')).toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([url]) => String(url).includes('/api/instances/i1?fullState=true'))).toBe(true);
    expect(realtime.joined).toContainEqual({ event: 'watch', payload: { instanceId: 'i1' } });
  });

  it('opens the player named in the link with the rescue form, and rescues them with a reason', async () => {
    const api = instanceApi({
      'POST /api/manage/instances/i1/players/p1/rescue': { body: { entry: {} } },
    });
    const view = renderApp(`${PAGE}?player=p1`);
    // The page behind the open modal is hidden from the accessibility tree.
    const panel = await screen.findByRole('dialog', { name: 'State of Player 1' }, { timeout: 15_000 });
    const form = within(panel).getByRole('form', { name: 'Rescue this player' });
    await view.user.click(within(form).getByRole('combobox', { name: 'Action' }));
    await view.user.click(await screen.findByRole('option', { name: 'Move to a scene' }));
    await view.user.click(within(form).getByRole('combobox', { name: 'Scene' }));
    await view.user.click(await screen.findByRole('option', { name: /The Square/ }));
    await view.user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Wrong turn at the square');
    await view.user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('/players/p1/rescue'))).toBe(true),
    );
    const [, init] = api.fetch.mock.calls.find(([url]) => String(url).includes('/players/p1/rescue'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      actions: [{ kind: 'scene', sceneId: 's-square' }],
      reason: 'Wrong turn at the square',
    });
    expect(await screen.findByText('Player rescued: 1 action applied')).toBeInTheDocument();
  });

  it('filters the objects to the moderated ones not approved', async () => {
    instanceApi();
    const { user } = await openPage();

    await user.click(screen.getByRole('radio', { name: 'Not Approved Objects' }));
    const objects = screen.getByRole('table', { name: 'Objects' });
    await waitFor(() => expect(within(objects).queryByText('sign-1')).not.toBeInTheDocument());
    expect(within(objects).getByText('chest-9')).toBeInTheDocument();
  });

  it('terminates the instance after a confirmation', async () => {
    const api = instanceApi({ 'POST /api/instances/i1/terminate': { body: makeFullInstance('terminated') } });
    const { user } = await openPage();

    await chooseAction(user, 'Terminate instance');
    const dialog = await screen.findByRole('dialog', { name: 'Terminate instance' });
    await user.click(within(dialog).getByRole('button', { name: 'Terminate instance' }));

    expect(await screen.findByText('Game instance terminated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/instances/i1/terminate')).toHaveLength(1);
  });

  it('offers no termination once terminated', async () => {
    instanceApi({}, makeFullInstance('terminated'));
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Terminate instance' })).toBeDisabled();
  });

  it("deletes the instance after 'Are you really sure?' and goes back to the gameplay page", async () => {
    const api = instanceApi({
      'DELETE /api/instances/i1': { body: { deleted: true } },
      [`GET /api/design/${GAME_ID}/workspace`]: { status: 404, body: { message: 'Game not found' } },
    });
    const { user, pathname } = await openPage();

    await chooseAction(user, 'Delete instance');
    const dialog = await screen.findByRole('dialog', { name: 'Delete instance' });
    expect(dialog).toHaveTextContent('Are you really sure?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete instance' }));

    expect(await screen.findByText('Game instance deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/instances/i1')).toHaveLength(1);
    await waitFor(() => expect(pathname()).toBe(`/active-games/${GAME_ID}`));
  });

  it('toasts a failed termination', async () => {
    instanceApi({ 'POST /api/instances/i1/terminate': { status: 500, body: { message: 'boom' } } });
    const { user } = await openPage();

    await chooseAction(user, 'Terminate instance');
    const dialog = await screen.findByRole('dialog', { name: 'Terminate instance' });
    await user.click(within(dialog).getByRole('button', { name: 'Terminate instance' }));

    expect(await screen.findByText('Error terminating game instance')).toBeInTheDocument();
  });

  it('saves an edited world object with the form’s body and the operator’s reason, and refetches the instance', async () => {
    const api = instanceApi({ 'POST /api/instances/i1/updateWorldStateItem': { body: makeFullInstance() } });
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Edit sign-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit object' });
    // Without a reason nothing is sent: the audit log needs one.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(api.callsTo('POST /api/instances/i1/updateWorldStateItem')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The sign pointed the wrong way');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('World state updated')).toBeInTheDocument();
    const [save] = api.callsTo('POST /api/instances/i1/updateWorldStateItem');
    expect(save?.body).toMatchObject({
      reason: 'The sign pointed the wrong way',
      id: 'obj-1',
      name: 'sign-1',
      sceneId: 's-harbour',
      archetypeId: 'a-sign',
      type: 'object',
      payload: { note: 'Go north' },
      location: { latitude: 39.5, longitude: 22.5 },
    });
    await waitFor(() => expect(api.callsTo('GET /api/instances/i1')).toHaveLength(2));
  });

  it('deletes a world offer by its key, with the operator’s reason', async () => {
    const api = instanceApi({
      'DELETE /api/instances/i1/deleteWorldStateItem/has.offer.s-square.off-1': { body: makeFullInstance() },
    });
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Remove coffee-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove coffee-1' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/instances/i1/deleteWorldStateItem/has.offer.s-square.off-1')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The café closed');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
    const deletes = api.callsTo('DELETE /api/instances/i1/deleteWorldStateItem/has.offer.s-square.off-1');
    expect(deletes.map((request) => request.query.get('reason'))).toEqual(['The café closed']);
  });

  it('sends a message to the players of the instance’s version', async () => {
    const api = instanceApi({ [`POST /api/games/${GAME_ID}/send-message`]: { body: { delivered: 1, stored: 0 } } });
    const { user } = await openPage();

    await chooseAction(user, 'Send message to players');
    const dialog = await screen.findByRole('dialog', { name: 'Send message to players' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Write a message')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('switch', { name: /Asynchronous/ }));
    expect(
      within(dialog).getByText('A synchronous message reaches only players who are online with the app open.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Meet at the harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/games/${GAME_ID}/send-message`).map((request) => request.body)).toEqual([
      { sceneId: 'all', message: 'Meet at the harbour', asynchronous: false, gameVersionId: PUBLISHED.id },
    ]);
  });

  it('messages one player from their row, and lets the modal pick a player', async () => {
    const api = instanceApi({ [`POST /api/games/${GAME_ID}/send-message`]: { body: { delivered: 1, stored: 0 } } });
    const { user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Message Player 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Player 1' });
    expect(within(dialog).getByText('To Player 1 only.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Scene' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('Player 1');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Look behind you');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();

    // From the Actions menu the message goes to everyone until a player is picked in "To".
    await chooseAction(user, 'Send message to players');
    const again = await screen.findByRole('dialog', { name: 'Send message to players' });
    await user.click(within(again).getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Player 1' }));
    await user.type(within(again).getByRole('textbox', { name: /Message/ }), 'Only you');
    await user.click(within(again).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`POST /api/games/${GAME_ID}/send-message`)).toHaveLength(2));
    expect(api.callsTo(`POST /api/games/${GAME_ID}/send-message`).map((request) => request.body)).toEqual([
      { userId: 'p1', message: 'Look behind you', asynchronous: true },
      { userId: 'p1', message: 'Only you', asynchronous: true },
    ]);
  });
});
