import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import de from '../../../i18n/player/de.json';
import { outputText } from './engine-text';

// Texts the engine writes itself (issue 31) reach the player in the player's language, by their key: a German
// phone reads a refusal, a verdict and the media kinds a mission takes in German, a Greek one in Greek.
describe('outputText', () => {
  afterEach(() => i18n.changeLanguage('en'));

  const kinds = {
    action: 'error' as const,
    errorCode: 'INVALID_SUBMISSION' as const,
    message: 'This mission asks for a photo or a video',
    text: { key: 'asksForKinds' as const, values: { kinds: ['image', 'video'] } },
  };

  it('says an engine text in English as the engine did', () => {
    expect(outputText(i18n.t, 'en', kinds)).toBe('This mission asks for a photo or a video');
    expect(outputText(i18n.t, 'en', { text: { key: 'OUT_OF_RANGE' }, message: 'You are too far away' })).toBe(
      'You are too far away',
    );
  });

  it('says it in German and in Greek, with the values put in as that language says them', async () => {
    i18n.addResourceBundle('de', 'translation', de, true, false);
    await i18n.changeLanguage('de');
    expect(outputText(i18n.t, 'de', kinds)).toBe('Diese Mission verlangt ein Foto oder ein Video');
    expect(
      outputText(i18n.t, 'de', {
        message: 'Not accepted, The lighthouse: Blurred',
        text: { key: 'notAcceptedBecause', values: { title: 'Der Leuchtturm', reason: 'Unscharf' } },
      }),
    ).toBe('Nicht angenommen: Der Leuchtturm – Unscharf');
    await i18n.changeLanguage('el');
    expect(outputText(i18n.t, 'el', { text: { key: 'timeUp' }, message: 'Time is up' })).toBe('Ο χρόνος τελείωσε');
  });

  it('gives the designer’s own words as they came (the server says them in the player’s language)', async () => {
    await i18n.changeLanguage('el');
    expect(outputText(i18n.t, 'el', { message: 'Καλή δουλειά!' })).toBe('Καλή δουλειά!');
    expect(outputText(i18n.t, 'el', {})).toBeUndefined();
  });
});
