import type { User } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../auth/auth-context';
import i18n, { accountLanguage, interfaceLanguages } from '../../../i18n';
import { firstPlayerLanguage, playerI18nReady } from '../../../i18n/player';
import { makeUser } from '../../../test/factories';
import { renderWithProviders } from '../test-support';
import { PlayerLanguageSelect } from './PlayerLanguage';
import { PlayMenu } from './PlayMenu';
import '../locales';

function auth(account: User): AuthContextValue {
  const { id, name, email, role } = account;
  return {
    user: { id, name, email, role },
    account,
    accountError: null,
    refetchAccount: () => {},
    isAuthenticated: true,
    login: () => true,
    logout: () => {},
  };
}

describe('the player’s language', () => {
  it('is the one spoken last on this device, else the device’s first the player speaks, else English', () => {
    expect(firstPlayerLanguage(null, ['pt-BR', 'de-DE', 'en'])).toBe('de');
    expect(firstPlayerLanguage(null, ['es-419'])).toBe('es');
    expect(firstPlayerLanguage('it', ['de-DE'])).toBe('it');
    expect(firstPlayerLanguage('el', ['fr-FR'])).toBe('el');
    expect(firstPlayerLanguage(null, ['pt-BR', 'ja'])).toBe('en');
    expect(firstPlayerLanguage('xx', [])).toBe('en');
  });

  it('is one of six on the player’s page', async () => {
    await playerI18nReady;
    expect(interfaceLanguages().sort()).toEqual(['de', 'el', 'en', 'es', 'fr', 'it']);
  });

  it('switches from the game menu, each language in its own name, and is remembered over the account’s', async () => {
    const account = makeUser({ role: 'player', name: 'Vera Visitor' });
    const { user } = renderWithProviders(
      <AuthContext value={auth(account)}>
        <PlayMenu paused={false} onSend={() => {}} onLeave={() => {}} />
      </AuthContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Game menu' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.hasAttribute('lang'));
    expect(items.map((item) => item.textContent)).toEqual([
      'English',
      'Ελληνικά',
      'Deutsch',
      'Français',
      'Italiano',
      'Español',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(accountLanguage.applies()).toBe(true);

    await user.click(within(menu).getByRole('menuitem', { name: 'Italiano' }));
    await waitFor(() => expect(i18n.language).toBe('it'));
    expect(localStorage.getItem('lociLanguage')).toBe('it');
    expect(document.documentElement.lang).toBe('it');
    // The account's language (English or Greek, from the account page) no longer switches the player back.
    expect(accountLanguage.applies()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Menu del gioco' }));
    const italian = await screen.findByRole('menu');
    expect(within(italian).getByRole('menuitem', { name: 'Abbandona il gioco' })).toBeInTheDocument();
    expect(within(italian).getByRole('menuitem', { name: 'Italiano' })).toHaveAttribute('aria-current', 'true');
    expect(within(italian).getByRole('menuitem', { name: 'English' })).not.toHaveAttribute('aria-current');
  });

  it('switches from the lobby’s select, and dates and numbers follow', async () => {
    const { user } = renderWithProviders(<PlayerLanguageSelect />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(i18n.t('play.dialog.attemptsLeft', { count: 2 })).toBe('Noch 2 Versuche');
    const { formatNumber } = await import('../../../i18n');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    const { formatGameTime } = await import('../../../components/time/game-time');
    expect(formatGameTime('2026-07-01T09:30:00Z', 'Europe/Berlin', i18n.language)).toBe('1. Juli 2026, 11:30 GMT+2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'Français');
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(i18n.t('play.clock.minutesLeft', { count: 1_000_000 })).toBe('1000000 minutes restantes');
  });
});
