import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const account = { 'GET /api/users/account': { body: { user: makeUser({ id: 'u1' }) } } };
const VALIDATION_ALERT = 'Payload validation failed. Check values and try again.';

async function openPage() {
  signIn({ id: 'u1' });
  const view = renderApp('/debugging-tools');
  await screen.findByRole('heading', { name: 'Debugging tools' });
  return view;
}

describe('#debugging-tools', { timeout: 30_000 }, () => {
  it('starts with LOCATION_UPDATE to the own room, a map 800 px high and the pin-drop choice off', async () => {
    mockApi(account);
    await openPage();

    expect(screen.getByLabelText(/Socket Message/)).toHaveValue('LOCATION_UPDATE');
    expect(screen.getByLabelText(/Socket Room/)).toHaveValue('u1');
    expect(screen.getByText(/your web player, open in another tab, listens here/)).toBeInTheDocument();
    const map = screen.getByRole('region', { name: /Debug map/ });
    // Mantine writes 800 px as 50rem.
    expect(map.style.height).toContain('50rem');
    expect(map.querySelector('.leaflet-marker-draggable')).not.toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Send event on pin drop' })).not.toBeChecked();
  });

  it('starts at the place it is given (a game’s, when opened from the game)', async () => {
    mockApi(account);
    signIn({ id: 'u1' });
    renderApp('/debugging-tools?lat=35.512&lng=24.018');
    await screen.findByRole('heading', { name: 'Debugging tools' });
    expect(screen.getByLabelText(/Latitude/)).toHaveValue('35.512');
    expect(screen.getByLabelText(/Longitude/)).toHaveValue('24.018');
  });

  it('refuses an invalid latitude with the alert and sends nothing', async () => {
    const api = mockApi({ ...account, 'POST /api/users/socketio-test': { body: { sent: true } } });
    const { user } = await openPage();

    const latitude = screen.getByLabelText(/Latitude/);
    await user.clear(latitude);
    await user.type(latitude, '95');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_ALERT);
    expect(screen.getByText('Must be between -90 and 90')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/socketio-test')).toHaveLength(0);
  });

  it('refuses an empty latitude or room', async () => {
    const api = mockApi(account);
    const { user } = await openPage();

    await user.clear(screen.getByLabelText(/Latitude/));
    await user.clear(screen.getByLabelText(/Socket Room/));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_ALERT);
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(api.callsTo('POST /api/users/socketio-test')).toHaveLength(0);
  });

  it('posts the event with the exact body and says where it went', async () => {
    const api = mockApi({
      ...account,
      'POST /api/users/socketio-test': { body: { sent: true, room: 'user:u1', message: 'LOCATION_UPDATE' } },
    });
    const { user } = await openPage();

    const latitude = screen.getByLabelText(/Latitude/);
    await user.clear(latitude);
    await user.type(latitude, '35.512');
    const longitude = screen.getByLabelText(/Longitude/);
    await user.clear(longitude);
    await user.type(longitude, '-24.018');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('LOCATION_UPDATE sent to user:u1')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/socketio-test').map((request) => request.body)).toEqual([
      {
        room: 'u1',
        message: 'LOCATION_UPDATE',
        payload: { location: { coords: { latitude: 35.512, longitude: -24.018 } } },
      },
    ]);
    expect(screen.queryByText(VALIDATION_ALERT)).not.toBeInTheDocument();
  });

  it("shows the server's refusal under its field with the alert", async () => {
    mockApi({
      ...account,
      'POST /api/users/socketio-test': {
        status: 400,
        body: { message: VALIDATION_ALERT, errors: { message: 'This name is reserved by Socket.IO' } },
      },
    });
    const { user } = await openPage();

    const message = screen.getByLabelText(/Socket Message/);
    await user.clear(message);
    await user.type(message, 'connect');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_ALERT);
    expect(screen.getByText('This name is reserved by Socket.IO')).toBeInTheDocument();
  });

  it('with the box ticked, dropping the pin moves the fields and sends at once', async () => {
    const api = mockApi({
      ...account,
      'POST /api/users/socketio-test': { body: { sent: true, room: 'user:u1', message: 'LOCATION_UPDATE' } },
    });
    const { user } = await openPage();
    const map = screen.getByRole('region', { name: /Debug map/ });

    // Placing the pin by a click on the map is a drop too (jsdom cannot drag).
    fireEvent.click(map.querySelector('.leaflet-container')!, { clientX: 10, clientY: 10 });
    await waitFor(() => expect(screen.getByLabelText(/Latitude/)).not.toHaveValue('39'));
    expect(api.callsTo('POST /api/users/socketio-test')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Send event on pin drop' }));
    fireEvent.click(map.querySelector('.leaflet-container')!, { clientX: 20, clientY: 20 });
    await waitFor(() => expect(api.callsTo('POST /api/users/socketio-test')).toHaveLength(1));
    const sent = api.callsTo('POST /api/users/socketio-test')[0]?.body as {
      payload: { location: { coords: { latitude: number; longitude: number } } };
    };
    expect(screen.getByLabelText(/Latitude/)).toHaveValue(String(sent.payload.location.coords.latitude));
    expect(screen.getByLabelText(/Longitude/)).toHaveValue(String(sent.payload.location.coords.longitude));
  });

  it('is reached from the account menu', async () => {
    mockApi(account);
    signIn({ id: 'u1' });
    const { user, pathname } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: /Account menu of/ }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Debugging tools' }));
    expect(await screen.findByRole('heading', { name: 'Debugging tools' })).toBeInTheDocument();
    expect(pathname()).toBe('/debugging-tools');
  });
});
