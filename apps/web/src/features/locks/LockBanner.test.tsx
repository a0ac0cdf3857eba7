import { LOCK_MESSAGES } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LockBanner } from './LockBanner';
import type { EditLock } from './useEditLock';

function renderBanner(lock: Partial<EditLock>) {
  return render(
    <MantineProvider>
      <LockBanner lock={{ status: 'idle', holder: null, expiresAt: null, isHeld: false, ...lock }} />
    </MantineProvider>,
  );
}

describe('#locks.LockBanner', () => {
  it('names the holder with the spec message while someone else edits', () => {
    renderBanner({ status: 'refused', holder: { id: 'u9', name: 'Olga Owner' } });

    expect(screen.getByText('Being edited by Olga Owner')).toBeInTheDocument();
    expect(screen.getByText(LOCK_MESSAGES.heldByOther)).toBeInTheDocument();
  });

  it('tells the user to reload once the lock is lost', () => {
    renderBanner({ status: 'lost' });

    expect(screen.getByText(LOCK_MESSAGES.lost)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows nothing while the lock is held', () => {
    renderBanner({ status: 'held', isHeld: true });

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
