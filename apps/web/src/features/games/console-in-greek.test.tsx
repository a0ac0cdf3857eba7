import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { makeGamesListItem, makeGamesPage } from './test-factories';

// The console's own catalogues (the common one and each feature's locales file).
const CATALOGUES = import.meta.glob(
  [
    './**/*locales.ts',
    '../{account,auth,admin,bundles,landing,locks,media,privacy,way-in}/**/*locales.ts',
    '../../components/**/*locales.ts',
  ],
  { eager: true },
);

function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe('#i18n the console in Greek', { timeout: 30_000 }, () => {
  beforeEach(() => i18n.changeLanguage('el'));
  afterEach(() => i18n.changeLanguage('en'));

  it('has a Greek text for every English text of the console catalogues', () => {
    expect(Object.keys(CATALOGUES).length).toBeGreaterThan(5);
    const greek = new Set(keysOf(i18n.getResourceBundle('el', 'translation')));
    const english = keysOf(i18n.getResourceBundle('en', 'translation')).filter(
      // Texts of the design workspace, the web player, operations and analytics live in their own areas.
      (key) => !/^(design|play|operations|analytics|debug|domain)\./.test(key),
    );
    const missing = english.filter((key) => !greek.has(key) && !greek.has(key.replace(/_one$/, '_other')));
    expect(missing).toEqual([]);
  });

  it('shows the sign-in page in Greek', async () => {
    mockApi({ 'GET /api/users/providers': { body: { google: true, facebook: false } } });
    renderApp('/login');

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Σύνδεση' })).toBeInTheDocument();
    expect(within(main).getByText('Καλώς ήρθατε ξανά στο Loci.')).toBeInTheDocument();
    expect(within(main).getByLabelText(/^Κωδικός/)).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Σύνδεση' })).toBeInTheDocument();
    expect(await within(main).findByText('Συνέχεια με Google')).toBeInTheDocument();
    for (const english of ['Welcome back to Loci.', 'Password', 'Forgot password?', 'Continue with Google']) {
      expect(within(main).queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('shows the games list in Greek, navigation and cards included', async () => {
    signIn({ role: 'designer' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
      'GET /api/design/games': { body: makeGamesPage([makeGamesListItem({ title: 'Μυστήριο στην Πλάκα' })]) },
    });
    renderApp('/');

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Παιχνίδια' })).toBeInTheDocument();
    const card = await within(main).findByRole('article', { name: 'Μυστήριο στην Πλάκα' });
    expect(within(card).getByRole('link', { name: 'Σχεδιασμός' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ρυθμίσεις' })).toBeInTheDocument();
    expect(within(main).getByRole('tab', { name: 'Δικά μου' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Μενού λογαριασμού του χρήστη/ })).toBeInTheDocument();
    for (const english of ['Games', 'Design', 'Settings', 'Mine', 'New Game']) {
      expect(within(main).queryByText(english)).not.toBeInTheDocument();
    }
  });
});
