import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { inInterfaceLanguage } from '../../../i18n/domain';
import { deletedText, errorCreatingText } from './design-toasts';

describe('the design toasts of a kind', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keep the spec’s English, and name the kind in Greek in a Greek interface', async () => {
    expect(deletedText('rule')).toBe('Rule deleted');
    expect(errorCreatingText('archetype')).toBe('Error creating archetype');
    await i18n.changeLanguage('el');
    // The toast says the domain text in the interface language (notifySuccess / notifyError translate it).
    expect(inInterfaceLanguage(deletedText('rule'))).toBe('Διαγραφή: Κανόνας');
    expect(inInterfaceLanguage(errorCreatingText('scene'))).toBe('Σφάλμα δημιουργίας: σκηνή');
  });
});
