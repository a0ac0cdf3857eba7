import { describe, expect, it } from 'vitest';
import { deepLink, directContactEventName, directContactLink, hasTextCode, textCode } from './qr.js';

describe('deep links (spec 3 §9)', () => {
  it('has the shape gameplay/{gameId}/{sceneId}/{eventType}/{eventName}/{objectId}', () => {
    expect(deepLink({ gameId: 'g1', sceneId: 's1', eventType: 'do', eventName: 'Open', objectId: 'o1' })).toBe(
      'gameplay/g1/s1/do/Open/o1',
    );
  });

  it("writes the universe scene (or none) as 'any'", () => {
    expect(deepLink({ gameId: 'g1', sceneId: 'universe', eventType: 'do', eventName: 'x', objectId: 'o' })).toBe(
      'gameplay/g1/any/do/x/o',
    );
    expect(deepLink({ gameId: 'g1', sceneId: null, eventType: 'do', eventName: 'x', objectId: 'o' })).toBe(
      'gameplay/g1/any/do/x/o',
    );
  });

  it("names a direct contact 'Contact_' + archetype id under event type 'de'", () => {
    expect(directContactEventName('arch-1')).toBe('Contact_arch-1');
    expect(directContactLink({ gameId: 'g', sceneId: 's', archetypeId: 'arch-1', objectId: 'o' })).toBe(
      'gameplay/g/s/de/Contact_arch-1/o',
    );
  });

  it("offers a text code, the object id, only for event type 'do'", () => {
    expect(hasTextCode('do')).toBe(true);
    expect(textCode({ eventType: 'do', objectId: 'o1' })).toBe('o1');
    expect(textCode({ eventType: 'de', objectId: 'o1' })).toBeNull();
  });

  it('escapes segments that would break the path', () => {
    expect(deepLink({ gameId: 'g', sceneId: 's', eventType: 'do', eventName: 'a/b c', objectId: 'o' })).toBe(
      'gameplay/g/s/do/a%2Fb%20c/o',
    );
  });
});
