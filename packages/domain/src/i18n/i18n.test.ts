import { describe, expect, it } from 'vitest';
import { BUNDLE_MESSAGES } from '../bundle.js';
import { languageOf, PLAYER_LANGUAGES, playerLanguageOf } from '../constants.js';
import { DESIGN_MESSAGES, DESIGN_TEXTS } from '../design/messages.js';
import { DESIGN_API_MESSAGES } from '../design/server-support.js';
import { FORM_ERROR_MESSAGE } from '../errors.js';
import { PLAY_MESSAGES } from '../play.js';
import { USER_MESSAGES } from '../roles.js';
import { DOMAIN_CATALOGUE, DOMAIN_EL, domainTextIn, missingDomainTexts, translateDomainMessage } from './index.js';

describe('the domain catalogue', () => {
  it('has a Greek text for every English text, and English is the constants themselves', () => {
    expect(missingDomainTexts(DOMAIN_EL)).toEqual([]);
    expect(missingDomainTexts(DOMAIN_CATALOGUE)).toEqual([]);
    expect(domainTextIn('en', 'USER_MESSAGES', 'emailTaken')).toBe(USER_MESSAGES.emailTaken);
    expect(domainTextIn('en', 'DESIGN_TEXTS', 'saved', 'Harbour')).toBe(DESIGN_TEXTS.saved('Harbour'));
  });

  it('names what a translation lacks', () => {
    const { USER_MESSAGES: user, ...rest } = DOMAIN_EL;
    const lacking = { ...rest, USER_MESSAGES: { ...user, emailTaken: '' } } as typeof DOMAIN_EL;
    expect(missingDomainTexts(lacking)).toEqual(['USER_MESSAGES.emailTaken']);
  });

  it('gives Greek texts with their arguments', () => {
    expect(domainTextIn('el', 'DESIGN_TEXTS', 'loading')).toBe('Φόρτωση...');
    expect(domainTextIn('el', 'PLAY_MESSAGES', 'tooYoung', 16)).toBe(
      'Αυτό το παιχνίδι είναι για παίκτες 16 ετών και άνω',
    );
  });

  it('reads the language of a tag', () => {
    expect(languageOf('el-GR')).toBe('el');
    expect(languageOf('EN')).toBe('en');
    expect(languageOf('fr')).toBeUndefined();
  });

  it('reads the player’s language of a tag: six languages, each named in itself', () => {
    expect(playerLanguageOf('de-AT')).toBe('de');
    expect(playerLanguageOf('FR')).toBe('fr');
    expect(playerLanguageOf('es_419')).toBe('es');
    expect(playerLanguageOf('el')).toBe('el');
    expect(playerLanguageOf('pt-BR')).toBeUndefined();
    expect(PLAYER_LANGUAGES.map(({ code }) => code)).toEqual(['en', 'el', 'de', 'fr', 'it', 'es']);
    expect(PLAYER_LANGUAGES.find(({ code }) => code === 'it')?.name).toBe('Italiano');
  });
});

describe('translateDomainMessage', () => {
  it('leaves English and unknown messages as they are', () => {
    expect(translateDomainMessage(USER_MESSAGES.emailTaken, 'en')).toBe(USER_MESSAGES.emailTaken);
    expect(translateDomainMessage('Something of our own', 'el')).toBe('Something of our own');
  });

  it('translates plain, parametrised and list-taking texts', () => {
    expect(translateDomainMessage(FORM_ERROR_MESSAGE, 'el')).toBe('Διορθώστε τα σφάλματα της φόρμας');
    expect(translateDomainMessage(PLAY_MESSAGES.tooOld(65), 'el')).toBe(
      'Αυτό το παιχνίδι είναι για παίκτες έως 65 ετών',
    );
    expect(translateDomainMessage(DESIGN_API_MESSAGES.unknownForm('x'), 'el')).toBe("Άγνωστη φόρμα 'x'");
    expect(translateDomainMessage(DESIGN_MESSAGES.behaviourNeeds('portable', ['pickUp', 'drop']), 'el')).toBe(
      'Η συμπεριφορά "portable" χρειάζεται τις ενέργειες: [pickUp, drop]',
    );
    expect(translateDomainMessage(BUNDLE_MESSAGES.newerSpecVersion(3, 9), 'el')).toContain('έκδοση 3 ');
  });

  it('prefers the most particular shape', () => {
    expect(translateDomainMessage(DESIGN_TEXTS.milestoneSaved('Gate'), 'el')).toBe('Το ορόσημο Gate αποθηκεύτηκε');
    expect(translateDomainMessage(DESIGN_TEXTS.saved('Gate'), 'el')).toBe('Αποθηκεύτηκε: Gate');
  });
});
