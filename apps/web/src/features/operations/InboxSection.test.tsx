import type { ChatMessage, InboxAnswer } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../play/test-support';
import { InboxSection } from './InboxSection';

const realtime = vi.hoisted(() => ({ joined: [] as unknown[], handlers: new Map<string, (p: unknown) => void>() }));
vi.mock('../../api/realtime', () => ({
  REALTIME_EVENTS: { chat: 'chat' },
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void) => realtime.handlers.set(event, handler),
  joinRoom: (event: string, payload: unknown) => {
    realtime.joined.push({ event, payload });
    return () => {};
  },
}));

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  instanceId: 'i1',
  playerId: 'owls',
  channel: 'organiser',
  direction: 'in',
  author: 'Maria',
  memberId: 'maria',
  text: 'We found the key',
  when: '2026-05-01T10:00:00.000Z',
  readAt: null,
  ...over,
});

const inbox = (over: Partial<InboxAnswer> = {}): InboxAnswer => ({
  conversations: [
    {
      playerId: 'owls',
      name: 'Owls',
      isTeam: true,
      unread: 1,
      lastWhen: '2026-05-01T10:00:00.000Z',
      organiser: [message({})],
      team: [message({ id: 'm2', channel: 'team', author: 'Nikos', memberId: 'nikos', text: 'To the pier' })],
    },
    { playerId: 'foxes', name: 'Foxes', isTeam: true, unread: 0, lastWhen: null, organiser: [], team: [] },
  ],
  quickReplies: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('InboxSection', () => {
  it('lists conversations with unread counts, opens one, reads it, and replies with a quick reply', async () => {
    const api = mockApi({
      'GET /api/manage/instances/i1/inbox': { body: inbox() },
      'POST /api/manage/instances/i1/inbox/owls/read': { body: { unread: 0 } },
      'POST /api/manage/instances/i1/messages': { body: { sent: 1 } },
    });
    const { user } = renderWithProviders(<InboxSection gameId="g1" instances={[{ id: 'i1', label: 'Version 1' }]} />);
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(realtime.joined).toContainEqual({ event: 'watchPlayer', payload: { instanceId: 'i1', playerId: '~inbox' } });
    await user.click(within(list).getByRole('button', { name: 'Owls, 1 unread' }));
    expect(await screen.findByText('We found the key')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/manage/instances/i1/inbox/owls/read')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Use “Well done!”' }));
    expect(screen.getByRole('textbox', { name: 'Reply to Owls' })).toHaveValue('Well done!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/manage/instances/i1/messages')[0]?.body).toEqual({
        playerId: 'owls',
        text: 'Well done!',
      }),
    );
    // The team's chat, read-only.
    await user.click(screen.getByRole('tab', { name: 'Team chat' }));
    expect(screen.getByText('To the pier')).toBeInTheDocument();
    expect(screen.getByText('You read the team’s chat; only its members write in it.')).toBeInTheDocument();
  }, 20_000);

  it('messages everyone, and saves edited quick replies', async () => {
    const api = mockApi({
      'GET /api/manage/instances/i1/inbox': { body: inbox({ quickReplies: ['On my way'] }) },
      'POST /api/manage/instances/i1/messages': { body: { sent: 2 } },
      'PUT /api/manage/games/g1/quick-replies': (request) => ({ body: request.body }),
    });
    const { user } = renderWithProviders(<InboxSection gameId="g1" instances={[{ id: 'i1', label: 'Version 1' }]} />);
    await user.click(await screen.findByRole('button', { name: 'Message everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message everyone' });
    await user.type(within(dialog).getByRole('textbox'), 'Ten minutes left');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/manage/instances/i1/messages')[0]?.body).toEqual({
        playerId: null,
        text: 'Ten minutes left',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Edit quick replies' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit quick replies' });
    const box = within(editor).getByRole('textbox', { name: /Quick replies/ });
    await user.clear(box);
    await user.type(box, 'Hurry up{enter}{enter}Good luck');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/manage/games/g1/quick-replies')[0]?.body).toEqual({
        quickReplies: ['Hurry up', 'Good luck'],
      }),
    );
  }, 30_000);
});
