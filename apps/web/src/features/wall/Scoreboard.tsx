import type { ScoreboardEntry } from '@loci/domain';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaIconUrl } from '../../api/play';
import './locales';

/** Whether the viewer asked for less motion (the rows then jump to their places). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** How many places each row moved since the previous board (positive: up), by key; rows new to the board: 0. */
export function rankMoves(previous: readonly ScoreboardEntry[], next: readonly ScoreboardEntry[]): Map<string, number> {
  const before = new Map(previous.map((entry, index) => [entry.key, index]));
  return new Map(next.map((entry, index) => [entry.key, before.has(entry.key) ? before.get(entry.key)! - index : 0]));
}

/**
 * The wall's scoreboard: rank, name (in the team's colour), points. When the order changes the rows glide to
 * their new places (FLIP: each row starts where it was and slides; nothing moves with prefers-reduced-motion)
 * and a moved row says how far, in words for screen readers too.
 */
export function Scoreboard({
  entries,
  scoredBy,
  pointsName,
}: {
  entries: readonly ScoreboardEntry[];
  scoredBy: 'teams' | 'players';
  pointsName: string;
}) {
  const { t } = useTranslation();
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const tops = useRef(new Map<string, number>());
  const previous = useRef<readonly ScoreboardEntry[]>(entries);
  const moves = useRef(new Map<string, number>());
  if (previous.current !== entries) {
    const changed = rankMoves(previous.current, entries);
    // A move is shown until the next change of order.
    if ([...changed.values()].some((move) => move !== 0)) moves.current = changed;
    previous.current = entries;
  }

  useLayoutEffect(() => {
    const reduced = prefersReducedMotion();
    for (const [key, row] of rows.current) {
      const top = row.getBoundingClientRect().top;
      const was = tops.current.get(key);
      tops.current.set(key, top);
      if (reduced || was === undefined || was === top || typeof row.animate !== 'function') continue;
      row.animate([{ transform: `translateY(${was - top}px)` }, { transform: 'translateY(0)' }], {
        duration: 600,
        easing: 'ease-out',
      });
    }
  }, [entries]);

  if (entries.length === 0) return <p className="wall-empty">{t('wall.nobody')}</p>;
  return (
    <table className="wall-scoreboard">
      <caption className="wall-visually-hidden">{t('wall.scoreboard')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('wall.rank')}</th>
          <th scope="col">{scoredBy === 'teams' ? t('wall.team') : t('wall.player')}</th>
          <th scope="col">{pointsName || t('wall.points')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const move = moves.current.get(entry.key) ?? 0;
          return (
            <tr
              key={entry.key}
              data-key={entry.key}
              ref={(row) => {
                if (row) rows.current.set(entry.key, row);
                else rows.current.delete(entry.key);
              }}
            >
              <td className="wall-rank">{entry.rank}</td>
              <td className="wall-name">
                <span
                  className="wall-swatch"
                  aria-hidden="true"
                  style={{ background: entry.colour ?? 'var(--mantine-color-gray-6)' }}
                />
                {/* A team's picture, beside its name: decorative. */}
                {entry.pictureId ? (
                  <img
                    className="wall-picture"
                    src={mediaIconUrl(entry.pictureId, 100)}
                    alt=""
                    style={{ borderColor: entry.colour ?? 'transparent' }}
                  />
                ) : null}
                {entry.name}
                {move !== 0 && (
                  <span className={move > 0 ? 'wall-up' : 'wall-down'}>
                    <span aria-hidden="true">{move > 0 ? ` ▲${move}` : ` ▼${-move}`}</span>
                    <span className="wall-visually-hidden">
                      {move > 0 ? t('wall.movedUp', { count: move }) : t('wall.movedDown', { count: -move })}
                    </span>
                  </span>
                )}
              </td>
              <td className="wall-points">{entry.points}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
