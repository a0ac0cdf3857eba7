import type { ScoreboardEntry } from '@loci/domain';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rankMoves, Scoreboard } from './Scoreboard';

const entry = (key: string, name: string, points: number, rank: number): ScoreboardEntry => ({
  key,
  rank,
  name,
  colour: '#1c6bb0',
  pictureId: null,
  points,
  reachedAt: null,
});

const owlsFirst = [entry('t0', 'Owls', 5, 1), entry('t1', 'Foxes', 2, 2)];
const foxesFirst = [entry('t1', 'Foxes', 7, 1), entry('t0', 'Owls', 5, 2)];

/** The names of the board's rows, top to bottom. */
const order = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('the wall’s scoreboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells how far each row moved', () => {
    expect(rankMoves(owlsFirst, foxesFirst)).toEqual(
      new Map([
        ['t1', 1],
        ['t0', -1],
      ]),
    );
    expect(rankMoves([], owlsFirst)).toEqual(
      new Map([
        ['t0', 0],
        ['t1', 0],
      ]),
    );
  });

  it('reorders when a team scores, says who moved, and slides the rows', () => {
    reducedMotion(false);
    const animate = vi.fn();
    HTMLElement.prototype.animate = animate as never;
    let top = 0;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      // Each row's place: its index among the rows, 50 px apart.
      top = [...(this.parentElement?.children ?? [])].indexOf(this) * 50;
      return { top, left: 0, right: 0, bottom: top + 50, width: 0, height: 50, x: 0, y: top, toJSON: () => ({}) };
    });
    const { rerender } = render(<Scoreboard entries={owlsFirst} scoredBy="teams" pointsName="Points" />);
    expect(screen.getByRole('table', { name: 'Scoreboard' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
    expect(order()).toEqual(['Owls', 'Foxes']);
    rerender(<Scoreboard entries={foxesFirst} scoredBy="teams" pointsName="Points" />);
    expect(order()).toEqual(['Foxes ▲1Moved up 1', 'Owls ▼1Moved down 1']);
    expect(screen.getByText('Moved up 1')).toBeInTheDocument();
    expect(animate).toHaveBeenCalledTimes(2);
  });

  it('does not move anything for who prefers reduced motion', () => {
    reducedMotion(true);
    const animate = vi.fn();
    HTMLElement.prototype.animate = animate as never;
    const { rerender } = render(<Scoreboard entries={owlsFirst} scoredBy="players" pointsName="" />);
    expect(screen.getByRole('columnheader', { name: 'Player' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    rerender(<Scoreboard entries={foxesFirst} scoredBy="players" pointsName="" />);
    expect(screen.getByText('Moved up 1')).toBeInTheDocument();
    expect(animate).not.toHaveBeenCalled();
  });

  it('shows a team’s picture beside its name, as decoration: the row reads the name', () => {
    const owls = { ...entry('t0', 'Owls', 5, 1), pictureId: 'p-owls' };
    render(<Scoreboard entries={[owls, entry('t1', 'Foxes', 2, 2)]} scoredBy="teams" pointsName="" />);
    const [, first, second] = screen.getAllByRole('row');
    const picture = first!.querySelector('img')!;
    expect(picture).toHaveAttribute('alt', '');
    expect(picture.getAttribute('src')).toContain('/design/medias/thumb/p-owls');
    expect(within(first!).getAllByRole('cell')[1]).toHaveTextContent('Owls');
    expect(second!.querySelector('img')).toBeNull();
  });

  it('says so when nobody has started', () => {
    render(<Scoreboard entries={[]} scoredBy="teams" pointsName="" />);
    expect(screen.getByText('Nobody has started yet')).toBeInTheDocument();
  });
});
