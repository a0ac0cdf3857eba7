import { describe, expect, it } from 'vitest';
import { deepLinkUrl, gameOfCode, playLink, safeReturnPath } from './way-in.js';

const ID = '3f2a8c1e-1d2b-4c3d-8e4f-5a6b7c8d9e0f';

describe('the way in', () => {
  it('makes play links and https deep links under PUBLIC_URL', () => {
    expect(playLink('https://loci.example/', ID)).toBe(`https://loci.example/fe/play/${ID}`);
    expect(
      deepLinkUrl('https://loci.example', {
        gameId: ID,
        sceneId: 'universe',
        eventType: 'de',
        eventName: 'Contact a',
        objectId: 'o1',
      }),
    ).toBe(`https://loci.example/fe/gameplay/${ID}/any/de/Contact%20a/o1`);
  });

  it('keeps a console path to come back to, and nothing that leaves the site or loops to sign-in', () => {
    expect(safeReturnPath('/analytics/g1')).toBe('/analytics/g1');
    expect(safeReturnPath('/fe/play/g1?x=1')).toBe('/play/g1?x=1');
    expect(safeReturnPath('/fe')).toBe('/');
    for (const unsafe of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/fe//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/fe/register?next=/x',
      '/play/g1\nSet-Cookie: x',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(unsafe), String(unsafe)).toBeNull();
    }
  });

  it('reads the game of a play link, a deep link or a game id; a passcode is left to the server', () => {
    expect(gameOfCode(`https://loci.example/fe/play/${ID}?x=1`)).toEqual({ gameId: ID, deepLink: null });
    expect(gameOfCode(ID.toUpperCase())).toEqual({ gameId: ID, deepLink: null });
    expect(gameOfCode(`loci://gameplay/${ID}/s1/do/n/o1`)).toEqual({
      gameId: ID,
      deepLink: `gameplay/${ID}/s1/do/n/o1`,
    });
    expect(gameOfCode('482913')).toBeNull();
    expect(gameOfCode('https://loci.example/fe/play/not-an-id')).toBeNull();
  });
});
