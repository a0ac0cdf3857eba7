import { deepLinkUrl } from '@loci/domain';
import { describe, expect, it } from 'vitest';
import { parseDeepLink } from './deep-link.js';

describe('deep links under PUBLIC_URL (spec 3 §9)', () => {
  it('reads an https deep link as the in-app scanner reads the bare one', () => {
    const parts = { gameId: 'g1', sceneId: 's1', eventType: 'do', eventName: 'Contact_a b', objectId: 'obj-1' };
    const expected = { ...parts };
    expect(parseDeepLink(deepLinkUrl('https://loci.example', parts))).toEqual(expected);
    expect(parseDeepLink('gameplay/g1/s1/do/Contact_a%20b/obj-1')).toEqual(expected);
  });
});
