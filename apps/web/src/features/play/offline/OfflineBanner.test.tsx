import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-support';
import { EMPTY_STATUS } from './event-queue';
import { OfflineBanner } from './OfflineBanner';

const ready = { bytes: 2.4 * 1024 * 1024, tiles: 120, media: 3 };

describe('OfflineBanner', () => {
  it('counts the moves waiting without network, in place of the ready state', () => {
    renderWithProviders(<OfflineBanner queue={{ ...EMPTY_STATUS, offline: true, waiting: 3 }} ready={ready} />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline — 3 moves waiting');
    expect(screen.queryByText(/Ready offline/)).not.toBeInTheDocument();
  });

  it('says one move, and that moves are being sent while the queue catches up', () => {
    const first = renderWithProviders(
      <OfflineBanner queue={{ ...EMPTY_STATUS, offline: true, waiting: 1 }} ready={undefined} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Offline — 1 move waiting');
    first.unmount();
    renderWithProviders(<OfflineBanner queue={{ ...EMPTY_STATUS, sending: true, waiting: 3 }} ready={undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Sending 3 moves…');
  });

  it('shows nothing before the game is ready offline', () => {
    renderWithProviders(<OfflineBanner queue={EMPTY_STATUS} ready={undefined} />);
    expect(screen.queryByTestId('offline-ready')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    [2.4 * 1024 * 1024, 'Ready offline · 2.4 MB'],
    [340 * 1024, 'Ready offline · 340 kB'],
  ])('shows the size kept on the device (%i bytes) once the game is ready offline', (bytes, text) => {
    renderWithProviders(<OfflineBanner queue={EMPTY_STATUS} ready={{ ...ready, bytes }} />);
    expect(screen.getByTestId('offline-ready')).toHaveTextContent(text);
  });
});
