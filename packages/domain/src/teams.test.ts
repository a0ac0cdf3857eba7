import { describe, expect, it } from 'vitest';
import { dealIntoTeams, readClassList, teamsSettingsOf, DEFAULT_TEAMS_SETTINGS } from './index.js';

describe('#teams class list', () => {
  it('reads names, emails and groups, skips a heading and empty rows, and reports each bad row by its number', () => {
    const { entries, problems } = readClassList([
      ['Name', 'Email', 'Class'],
      ['Maria Pappa', 'Maria@Example.com', 'A'],
      ['', '', ''],
      ['Nikos', '', ''],
      ['', 'x@example.com'],
      ['Eleni', 'eleni@'],
      ['Sofia', 'maria@example.com'],
    ]);
    expect(entries).toEqual([
      { name: 'Maria Pappa', email: 'maria@example.com', group: 'A' },
      { name: 'Nikos', email: null, group: null },
    ]);
    expect(problems).toEqual([
      { row: 5, message: 'Row 5: the name is missing' },
      { row: 6, message: 'Row 6: the email is not an email address' },
      { row: 7, message: 'Row 7: the same email is on an earlier row' },
    ]);
  });
});

describe('#teams dealing', () => {
  const people = (groups: string[]) => groups.map((group) => ({ group }));
  const sizes = (teams: number[], count: number) =>
    Array.from({ length: count }, (_, team) => teams.filter((t) => t === team).length);

  it('makes 8 teams of 30 whose sizes differ by one at most, at random and balanced', () => {
    const class30 = people(Array.from({ length: 30 }, (_, i) => (i < 16 ? 'girls' : 'boys')));
    for (const mode of ['random', 'balanced'] as const) {
      const dealt = dealIntoTeams(class30, 8, mode);
      const counts = sizes(dealt, 8);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      expect(counts.reduce((a, b) => a + b)).toBe(30);
    }
  });

  it('balanced spreads every group evenly over the teams', () => {
    const dealt = dealIntoTeams(people(['A', 'A', 'A', 'A', 'B', 'B', 'B', 'B']), 2, 'balanced');
    for (const team of [0, 1]) {
      const groups = dealt.flatMap((t, i) => (t === team ? [i < 4 ? 'A' : 'B'] : []));
      expect(groups.sort()).toEqual(['A', 'A', 'B', 'B']);
    }
  });

  it('random depends only on the random numbers it is given', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const first = dealIntoTeams(people(['', '', '', '', '', '']), 2, 'random', random);
    seed = 1;
    expect(dealIntoTeams(people(['', '', '', '', '', '']), 2, 'random', random)).toEqual(first);
  });
});

describe('#teams setting', () => {
  it('reads as not in teams on games saved before it existed', () => {
    expect(teamsSettingsOf({})).toEqual(DEFAULT_TEAMS_SETTINGS);
    expect(DEFAULT_TEAMS_SETTINGS.enabled).toBe(false);
  });
});
