import type { MemberContribution, RankingsAnswer } from '@loci/domain';
import type { TFunction } from 'i18next';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './locales';

/** Minutes and seconds of a completion time. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What a team's member did for it: actions, then answers (how many correct) and missions when there were any. */
function memberLine(t: TFunction, member: MemberContribution): string {
  const parts = [t('rankings.memberActions', { name: member.name, count: member.actions })];
  if (member.answered) {
    parts.push(t('rankings.memberAnswers', { count: member.answered, correct: member.correct ?? 0 }));
  }
  if (member.missions) parts.push(t('rankings.memberMissions', { count: member.missions }));
  return parts.join(', ');
}

/** Who a board's rows are: players, teams (a game played in teams), or both (a player of such a game alone). */
function rowsOf(board: RankingsAnswer | undefined): 'players' | 'teams' | 'mixed' {
  const teams = board?.entries.filter((entry) => entry.members !== undefined).length ?? 0;
  if (teams === 0) return 'players';
  return teams === board!.entries.length ? 'teams' : 'mixed';
}

/** How the board is ranked, said of its rows: players, teams, or both. */
export function RankingsOrder({ board }: { board: RankingsAnswer | undefined }) {
  const { t } = useTranslation();
  const key = { players: 'rankings.order', teams: 'rankings.orderTeams', mixed: 'rankings.orderMixed' }[rowsOf(board)];
  return (
    <Text size="sm" c="dimmed">
      {t(key)}
    </Text>
  );
}

/** A leaderboard (spec 1 §3 rankings): the player's sheet and the Gameplay page show it. */
export function RankingsTable({ board }: { board: RankingsAnswer }) {
  const { t } = useTranslation();
  if (board.entries.length === 0) return <Text c="dimmed">{t('rankings.empty')}</Text>;
  const who = { players: 'rankings.player', teams: 'rankings.team', mixed: 'rankings.teamOrPlayer' }[rowsOf(board)];
  return (
    <Table striped aria-label={t('rankings.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>{t(who)}</Table.Th>
          <Table.Th ta="right">{board.currencyName || t('rankings.currency')}</Table.Th>
          <Table.Th ta="right">{t('rankings.milestones')}</Table.Th>
          <Table.Th ta="right">{t('rankings.time')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {board.entries.map((entry, position) => (
          <Table.Tr key={position} fw={entry.you ? 700 : undefined} data-testid="ranking-row">
            <Table.Td>{entry.rank}</Table.Td>
            <Table.Td>
              {entry.name || t('rankings.anonymous')}
              {entry.you && ` (${t('rankings.you')})`}
              {entry.members && entry.members.length > 0 ? (
                // A team: its members, each with what they did for it (games played in teams).
                <Text size="xs" c="dimmed" fw={400} data-testid="ranking-members">
                  {entry.members.map((member) => memberLine(t, member)).join(' · ')}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right">{entry.currency}</Table.Td>
            <Table.Td ta="right">{entry.milestones}</Table.Td>
            <Table.Td ta="right">{entry.completedInMs === null ? '—' : duration(entry.completedInMs)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
