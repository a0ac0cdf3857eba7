import { afterEach, describe, expect, it } from 'vitest';
import { DESIGN_TEXTS, GAME_TEXTS, PLAY_MESSAGES, USER_MESSAGES } from '@loci/domain';
import { apiHeaders } from '../api/client';
import { domainText, inInterfaceLanguage, userMessage } from './domain';
import i18n, { loadLanguage } from './index';

describe('domainText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('gives the domain’s exact English in English', () => {
    const t = i18n.getFixedT('en');
    expect(domainText(t, 'DESIGN_TEXTS', 'loading')).toBe(DESIGN_TEXTS.loading);
    expect(domainText(t, 'DESIGN_TEXTS', 'ruleSaved', 'Gate')).toBe(DESIGN_TEXTS.ruleSaved('Gate'));
    expect(domainText(t, 'GAME_TEXTS', 'gameArchivedAlert')).toEqual(GAME_TEXTS.gameArchivedAlert);
    expect(userMessage(t, 'passwordHint')).toBe(USER_MESSAGES.passwordHint);
  });

  it('gives the Greek, with its arguments, in the language of the t it is given', async () => {
    await loadLanguage('el');
    const t = i18n.getFixedT('el');
    expect(domainText(t, 'DESIGN_TEXTS', 'loading')).toBe('Φόρτωση...');
    expect(domainText(t, 'DESIGN_TEXTS', 'ruleSaved', 'Gate')).toBe('Ο κανόνας Gate αποθηκεύτηκε');
    expect(domainText(t, 'PLAY_MESSAGES', 'tooYoung', 16)).toBe('Αυτό το παιχνίδι είναι για παίκτες 16 ετών και άνω');
    expect(domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').title).toBe('Ωχ');
    await i18n.changeLanguage('el');
    expect(domainText(i18n.t, 'USER_MESSAGES', 'passwordsMustMatch')).toBe('Οι κωδικοί πρόσβασης πρέπει να ταιριάζουν');
  });

  it('shows a toast or field error made of a domain text in the interface language', async () => {
    expect(inInterfaceLanguage(PLAY_MESSAGES.tooOld(60))).toBe(PLAY_MESSAGES.tooOld(60));
    await i18n.changeLanguage('el');
    expect(inInterfaceLanguage(PLAY_MESSAGES.tooOld(60))).toBe('Αυτό το παιχνίδι είναι για παίκτες έως 60 ετών');
    expect(inInterfaceLanguage('Not a domain text')).toBe('Not a domain text');
  });

  it('asks the API for answers in the interface language', async () => {
    expect(apiHeaders()['Accept-Language']).toBe('en');
    await i18n.changeLanguage('el');
    expect(apiHeaders()['Accept-Language']).toBe('el');
  });
});
