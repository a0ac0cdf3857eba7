import type { SubmissionItem } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewQueue } from './ReviewQueue';

const item = (id: string, playerName: string, extra: Partial<SubmissionItem> = {}): SubmissionItem => ({
  id,
  playerId: `p-${id}`,
  playerName,
  memberName: null,
  missionTitle: 'Photo at the pier',
  missionId: 'm1',
  mediaId: `media-${id}`,
  mediaType: 'image/png',
  text: null,
  status: 'pending',
  points: 0,
  reason: null,
  judgedByName: null,
  judgedAt: null,
  createdAt: '2030-06-01T07:00:00.000Z',
  ...extra,
});

/** The queue as the page uses it: a verdict takes the submission out of the (waiting) list. */
function Harness({ onVerdict }: { onVerdict: (id: string, body: unknown) => void }) {
  const [items, setItems] = useState([item('a', 'Owls'), item('b', 'Foxes'), item('c', 'Bears')]);
  return (
    <MantineProvider env="test">
      <ReviewQueue
        items={items}
        onVerdict={async (id, body) => {
          onVerdict(id, body);
          setItems((now) => now.filter((one) => one.id !== id));
        }}
        onBulkApprove={async () => undefined}
      />
    </MantineProvider>
  );
}

describe('the review queue from the keyboard', { timeout: 30_000 }, () => {
  it('moves with the arrows, approves with A, rejects with R and a typed reason (Enter sends)', async () => {
    const onVerdict = vi.fn();
    const user = userEvent.setup();
    render(<Harness onVerdict={onVerdict} />);
    expect(screen.getByText(/A approve · R reject/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Owls/ })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: /Foxes/ })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: /Owls/ })).toBeInTheDocument();

    await user.keyboard('a');
    expect(onVerdict).toHaveBeenLastCalledWith('a', { verdict: 'approved', points: 1 });
    // The next one comes up.
    expect(await screen.findByRole('img', { name: /Foxes/ })).toBeInTheDocument();

    // R with no reason yet puts the focus in the reason field; typing there is not a shortcut.
    await user.keyboard('r');
    const reason = screen.getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveFocus();
    expect(onVerdict).toHaveBeenCalledTimes(1);
    await user.keyboard('Too dark, try again{Enter}');
    expect(onVerdict).toHaveBeenLastCalledWith('b', { verdict: 'rejected', reason: 'Too dark, try again' });
    expect(await screen.findByRole('img', { name: /Bears/ })).toBeInTheDocument();
  });

  it('fills the reason from a quick reason, editable before sending', async () => {
    const onVerdict = vi.fn();
    const user = userEvent.setup();
    render(<Harness onVerdict={onVerdict} />);
    await user.click(screen.getByRole('button', { name: 'The photo is blurred, take it again' }));
    const reason = screen.getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveValue('The photo is blurred, take it again');
    await user.type(reason, '!');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onVerdict).toHaveBeenLastCalledWith('a', {
      verdict: 'rejected',
      reason: 'The photo is blurred, take it again!',
    });
  });
});

describe('the review queue a page at a time', { timeout: 30_000 }, () => {
  /** The page: twelve read, more on the server; each load adds the next six. */
  function Paged({ onLoadMore }: { onLoadMore: () => void }) {
    const [items, setItems] = useState(() => Array.from({ length: 12 }, (_, n) => item(`s${n}`, `Team ${n}`)));
    return (
      <MantineProvider env="test">
        <ReviewQueue
          items={items}
          hasMore={items.length < 18}
          onLoadMore={() => {
            onLoadMore();
            setItems((now) => [...now, ...Array.from({ length: 6 }, (_, n) => item(`t${n}`, `Late ${n}`))]);
          }}
          onVerdict={async () => undefined}
          onBulkApprove={async () => undefined}
        />
      </MantineProvider>
    );
  }

  it('reads the next page as the organiser nears the end with →, and offers Show more meanwhile', async () => {
    const onLoadMore = vi.fn();
    const user = userEvent.setup();
    render(<Paged onLoadMore={onLoadMore} />);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    for (let n = 0; n < 6; n += 1) await user.keyboard('{ArrowRight}');
    expect(onLoadMore).not.toHaveBeenCalled();
    await user.keyboard('{ArrowRight}');
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Submission 8 of 18')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
