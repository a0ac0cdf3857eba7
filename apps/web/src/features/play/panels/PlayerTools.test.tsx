import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayGameInfo } from '../../../api/play';
import { HARBOUR_GAME, makeView } from '../test-factories';
import { AppProviders } from '../../../App';
import { createQueryClient } from '../../../api/query-client';
import { makeIndex } from '../test-support';
import { PlayerTools } from './PlayerTools';
import '../locales';

// A map game that allows every tool with a sheet of its own but the market, rankings and trade: six buttons.
const EVERY_TOOL = {
  ...HARBOUR_GAME,
  pg: { ...HARBOUR_GAME.pg, type: 'map' },
  capabilities: {
    seeBackPack: true,
    seeSkills: true,
    scanCodes: true,
    typeCodes: true,
    seeDirections: true,
    seeTasks: true,
  },
} as unknown as PlayGameInfo;
const index = makeIndex({
  archetype: [{ id: 'note', title: 'Note', playerGenerated: true, payloadSpec: {}, pickable: true }],
});

/** The screen answers `(max-width: 48em)` as a phone does (the test setup's stub answers no query). */
function onAPhone() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 48em'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

function renderTools(interrupted = false) {
  const props = {
    instanceId: 'i1',
    game: EVERY_TOOL,
    view: makeView(),
    index,
    position: null,
    playtest: false,
    busy: false,
    onSend: vi.fn(),
    onUpload: vi.fn(),
  };
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} env="test">
      {children}
    </AppProviders>
  );
  const rendered = render(<PlayerTools {...props} interrupted={interrupted} />, { wrapper });
  return {
    user: userEvent.setup(),
    interrupt: () => rendered.rerender(<PlayerTools {...props} interrupted />),
  };
}

describe('the player tool bar', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('shows every tool in the bar on a wide screen', () => {
    renderTools();
    const bar = screen.getByRole('toolbar', { name: 'Player tools' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Backpack', 'Skills', 'Tasks', 'Codes', 'Create', 'Around']);
  });

  it('keeps a phone’s bar to five buttons, the last one "More", a sheet with the rest', async () => {
    restore = onAPhone();
    const { user } = renderTools();
    const bar = screen.getByRole('toolbar', { name: 'Player tools' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Backpack', 'Skills', 'Tasks', 'Codes', 'More']);
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const more = await screen.findByRole('dialog', { name: 'More' });
    expect(within(more).getByRole('button', { name: 'Create' })).toBeVisible();
    await user.click(within(more).getByRole('button', { name: 'Around' }));
    expect(await screen.findByRole('dialog', { name: 'Around' })).toBeVisible();
  });

  it('closes an open sheet when a story dialog comes up, so the dialog is not hidden behind it', async () => {
    const { user, interrupt } = renderTools();
    await user.click(screen.getByRole('button', { name: 'Backpack' }));
    expect(await screen.findByRole('dialog', { name: 'Backpack' })).toBeVisible();
    interrupt();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Backpack' })).not.toBeInTheDocument());
  });
});
