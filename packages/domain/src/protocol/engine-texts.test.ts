import { describe, expect, it } from 'vitest';
import { ENGINE_ERROR_CODES } from './outputs.js';
import { ENGINE_TEXT_KEYS, ENGINE_TEXTS, engineTextSchema, sayEngineText, type EngineTextKey } from './engine-texts.js';

// The texts the engine writes itself (issue 31): keyed, so an app says them in its player's language; said in
// English by the same function for the `message` older apps read.
describe('engine texts', () => {
  it('says a text in English with its values, lists as a language says them', () => {
    expect(sayEngineText({ key: 'missionAssigned', values: { title: 'The lighthouse' } })).toBe(
      'New mission: The lighthouse',
    );
    expect(sayEngineText({ key: 'approvedWithPoints', values: { title: 'Selfie', points: 3 } })).toBe(
      'Approved: Selfie (+3)',
    );
    expect(sayEngineText({ key: 'asksForKinds', values: { kinds: ['image', 'video'] } })).toBe(
      'This mission asks for a photo or a video',
    );
    expect(sayEngineText({ key: 'requiredFields', values: { fields: ['Name', 'Colour'] } })).toBe(
      'Required: Name, Colour',
    );
    expect(sayEngineText({ key: 'OUT_OF_RANGE' })).toBe('You are too far away');
  });

  it('says a text in another language from that language’s catalogue, its kinds and lists in that language', () => {
    const german: Partial<Record<EngineTextKey, string>> = {
      asksForKinds: 'Diese Mission verlangt {{kinds}}',
      kindImage: 'ein Foto',
      kindAudio: 'eine Tonaufnahme',
    };
    const said = sayEngineText(
      { key: 'asksForKinds', values: { kinds: ['image', 'audio'] } },
      (key) => german[key] ?? ENGINE_TEXTS[key],
      'de',
    );
    expect(said).toBe('Diese Mission verlangt ein Foto oder eine Tonaufnahme');
  });

  it('has a text for every refusal code, and takes no key it does not know', () => {
    for (const code of ENGINE_ERROR_CODES) expect(ENGINE_TEXT_KEYS).toContain(code);
    expect(ENGINE_TEXT_KEYS).not.toContain('kindImage');
    expect(engineTextSchema.safeParse({ key: 'noSuchText' }).success).toBe(false);
    expect(engineTextSchema.safeParse({ key: 'taskTimeUp', values: { title: 'Q' } }).success).toBe(true);
  });
});
