import type { ChatMessage, PlayerMessagesAnswer } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithProviders } from '../test-support';
import { MessagesPanel } from './MessagesPanel';

// The socket: the test pushes `chat` messages through the handler the panel subscribed.
const realtime = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../../api/realtime', () => ({
  REALTIME_EVENTS: { chat: 'chat' },
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void) => {
    realtime.handlers.set(event, handler);
  },
  useRealtimeReconnect: () => {},
  useRealtimeLive: () => {},
}));

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  instanceId: 'i1',
  playerId: 'team-owls',
  channel: 'organiser',
  direction: 'out',
  author: 'Olga',
  memberId: null,
  text: 'Welcome, Owls!',
  when: '2026-05-01T10:00:00.000Z',
  readAt: null,
  ...over,
});

const answer = (over: Partial<PlayerMessagesAnswer> = {}): PlayerMessagesAnswer => ({
  organiser: [message({})],
  team: [message({ id: 'm2', channel: 'team', direction: 'in', author: 'Nikos', memberId: 'nikos', text: 'Pier?' })],
  unread: 1,
  allowed: { organiser: true, team: true },
  memberId: 'maria',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  realtime.handlers.clear();
});

describe('MessagesPanel', () => {
  it('shows the unread count, reads the organiser’s message, and sends a reply through the event queue', async () => {
    const api = mockApi({
      'GET /api/play/instances/i1/messages': { body: answer() },
      'POST /api/play/instances/i1/messages/read': { body: { unread: 0 } },
    });
    const onSend = vi.fn();
    const { user } = renderWithProviders(<MessagesPanel instanceId="i1" onSend={onSend} />);
    await user.click(await screen.findByRole('button', { name: 'Messages, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(within(dialog).getByText('Welcome, Owls!')).toBeInTheDocument();
    expect(within(dialog).getByText('Olga')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/play/instances/i1/messages/read')).toHaveLength(1));

    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), '  We are at the pier ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ type: 'chat', channel: 'organiser', text: 'We are at the pier' });
    // Until the server has it, the message waits on the phone, marked.
    expect(within(dialog).getByText('We are at the pier')).toBeInTheDocument();
    expect(within(dialog).getByText('You · Waiting to send')).toBeInTheDocument();
  }, 20_000);

  it('shows the team chat with each message’s member, and counts new team messages while closed', async () => {
    mockApi({ 'GET /api/play/instances/i1/messages': { body: answer({ unread: 0 }) } });
    const { user } = renderWithProviders(<MessagesPanel instanceId="i1" onSend={() => {}} />);
    await screen.findByRole('button', { name: 'Messages' });
    realtime.handlers.get('chat')!(
      message({ id: 'm3', channel: 'team', direction: 'in', author: 'Eleni', memberId: 'eleni', text: 'Hurry!' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Messages, 1 unread' }));
    await user.click(screen.getByRole('tab', { name: /Team chat/ }));
    const panel = screen.getByRole('tabpanel', { name: /Team chat/ });
    expect(within(panel).getByText('Nikos')).toBeInTheDocument();
    expect(within(panel).getByText('Pier?')).toBeInTheDocument();
  }, 20_000);

  it('says when the game turned messages off, and shows no team chat to a solo player', async () => {
    mockApi({
      'GET /api/play/instances/i1/messages': {
        body: answer({ team: [], unread: 0, memberId: null, allowed: { organiser: false, team: false } }),
      },
    });
    const { user } = renderWithProviders(<MessagesPanel instanceId="i1" onSend={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Messages' }));
    expect(await screen.findByText('Messages are turned off in this game.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Team chat/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  });
});
