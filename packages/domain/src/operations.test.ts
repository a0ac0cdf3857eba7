import { describe, expect, it } from 'vitest';
import { GAME_MESSAGES } from './game.js';
import {
  DEBUG_MESSAGES,
  OPERATION_MESSAGES,
  countPlayerStatuses,
  parseWorldStateKey,
  shownPlayerStatus,
  playingPeriodValuesSchema,
  sendMessageBodySchema,
  socketioTestBodySchema,
} from './operations.js';
import { toFieldErrors } from './errors.js';
import { worldStateKey } from './design/world.js';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : toFieldErrors(result.error!.issues);

describe('playingPeriodValuesSchema', () => {
  it('stores the period in UTC, an empty end as none', () => {
    expect(
      playingPeriodValuesSchema.parse({ start: '2030-06-01T10:00:00+03:00', end: '', timezone: 'Europe/Athens' }),
    ).toEqual({ start: '2030-06-01T07:00:00.000Z', end: null, timezone: 'Europe/Athens' });
  });

  it('has the settings form’s rules and messages', () => {
    expect(errorsOf(playingPeriodValuesSchema.safeParse({ start: '2030-01-01T00:00:00Z', timezone: '' }))).toEqual({
      generalError: GAME_MESSAGES.playingPeriodStart,
    });
    expect(
      errorsOf(
        playingPeriodValuesSchema.safeParse({
          start: '2030-01-02T00:00:00Z',
          end: '2030-01-01T00:00:00Z',
          timezone: 'UTC',
        }),
      ),
    ).toEqual({ end: GAME_MESSAGES.playingPeriodEnd });
    expect(errorsOf(playingPeriodValuesSchema.safeParse({ start: 'soon', timezone: 'Nowhere/Special' }))).toEqual({
      start: GAME_MESSAGES.invalidDate,
      timezone: GAME_MESSAGES.unknownTimezone,
    });
  });
});

describe('socketioTestBodySchema', () => {
  const body = {
    room: 'user:1',
    message: 'LOCATION_UPDATE',
    payload: { location: { coords: { latitude: 1, longitude: 2 } } },
  };

  it('reads typed numbers as numbers, empty as 0', () => {
    const parsed = socketioTestBodySchema.parse({
      ...body,
      payload: { location: { coords: { latitude: '35.5', longitude: '' } } },
    });
    expect(parsed.payload.location.coords).toEqual({ latitude: 35.5, longitude: 0 });
  });

  it('refuses coordinates out of range and Socket.IO’s own event names', () => {
    const out = socketioTestBodySchema.safeParse({
      ...body,
      payload: { location: { coords: { latitude: -91, longitude: 181 } } },
    });
    expect(errorsOf(out)).toEqual({
      'payload.location.coords.latitude': GAME_MESSAGES.latitudeRange,
      'payload.location.coords.longitude': GAME_MESSAGES.longitudeRange,
    });
    expect(errorsOf(socketioTestBodySchema.safeParse({ ...body, message: 'connect' }))).toEqual({
      message: DEBUG_MESSAGES.reservedEvent,
    });
  });
});

describe('sendMessageBodySchema', () => {
  it('is asynchronous unless told otherwise and needs a message', () => {
    expect(sendMessageBodySchema.parse({ message: ' Hello ' })).toEqual({ message: 'Hello', asynchronous: true });
    expect(errorsOf(sendMessageBodySchema.safeParse({ message: '  ' }))).toEqual({
      message: OPERATION_MESSAGES.messageRequired,
    });
  });
});

describe('parseWorldStateKey', () => {
  it('reads the keys worldStateKey writes, and nothing else', () => {
    expect(parseWorldStateKey(worldStateKey('offer', 'scene-1', 'abc'))).toEqual({
      type: 'offer',
      sceneId: 'scene-1',
      id: 'abc',
    });
    expect(parseWorldStateKey('has.item.s.i')).toBeNull();
    expect(parseWorldStateKey('has.object.s')).toBeNull();
  });
});

describe('shownPlayerStatus and countPlayerStatuses', () => {
  it('shows the player’s own status only while the world is active', () => {
    expect(shownPlayerStatus('playing', 'active')).toBe('playing');
    expect(shownPlayerStatus('paused', 'active')).toBe('paused');
    for (const ended of ['completed', 'abandoned', 'expired', 'terminated'] as const) {
      expect(shownPlayerStatus('playing', ended)).toBe(ended);
      expect(shownPlayerStatus('paused', ended)).toBe(ended);
      expect(shownPlayerStatus('left game', ended)).toBe('left game');
      expect(shownPlayerStatus('movedTo', ended)).toBe('movedTo');
    }
  });

  it('counts players per shown status, playing first', () => {
    const counts = countPlayerStatuses([
      { status: 'terminated' },
      { status: 'playing' },
      { status: 'left game' },
      { status: 'playing' },
    ]);
    expect(counts).toEqual({
      total: 4,
      playing: 2,
      byStatus: [
        ['playing', 2],
        ['left game', 1],
        ['terminated', 1],
      ],
    });
  });
});
