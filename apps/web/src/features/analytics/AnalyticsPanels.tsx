import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  List,
  Modal,
  Pagination,
  Paper,
  Popover,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { capturedMediaUrl } from '../../api/analytics';
import { mediaThumbUrl } from '../../api/media';
import { EntityName } from '../../components/EntityName';
import { formatTime } from '../../i18n/time';
import { languageName } from '../design/translations/coverage';
import { JudgingStatsTable } from '../judging/JudgingStatsPanel';
import { downloadCsv } from './download';
import { useJudgingAnalytics } from './queries';
import {
  conversationsCsv,
  GAME_MASTER,
  infosCsv,
  missionsCsv,
  questionsCsv,
  quizCsv,
  scenesCsv,
  type AnswerRow,
  type LanguageShare,
  type ChatLine,
  type ConversationStat,
  type CsvTable,
  type MissionStat,
  type OfferStat,
  type QuestionStat,
  type QuizStat,
  type VisitStat,
} from './stats';

// The panels of the analytics page (spec 3 §2). The page renders a panel only
// when its list has entries; each takes the statistics computed by stats.ts.

/** The game's timezone: the panels show every time in it, the zone named (i18n/time.ts). */
export const AnalyticsZone = createContext<string | null>(null);

/** Writes a record's time as the console does, in the game's zone. */
function useWhen(): (when: string | null | undefined) => string {
  const zone = useContext(AnalyticsZone);
  return useCallback((when) => formatTime(when, { zone }), [zone]);
}

export function ExportButton({ table }: { table: CsvTable }) {
  const { t } = useTranslation();
  const zone = useContext(AnalyticsZone);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      onClick={() => downloadCsv(table, zone)}
      aria-label={t('analytics.exportCsvOf', { file: table.fileName })}
    >
      {t('analytics.exportCsv')}
    </Button>
  );
}

export function StatsPanel({ title, csv, children }: { title: string; csv?: CsvTable; children: ReactNode }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {title}
          </Title>
          {csv && <ExportButton table={csv} />}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A 'Details' button opening the drill-down of one row in a modal. */
function DrillDown({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const title = t('analytics.detailsOf', { name });
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconListDetails size={14} />}
        onClick={() => setOpened(true)}
        aria-label={title}
      >
        {t('analytics.details')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} size="lg">
        {opened && children}
      </Modal>
    </>
  );
}

/** A drill-down shows this many rows at a time. */
export const DRILL_DOWN_PAGE_SIZE = 50;

/**
 * The rows of a drill-down a page at a time, with the pager to show under them
 * (none when they fit one page): a question of a game of 5,000 players has tens
 * of thousands of answers, and a table of all of them took the browser 17 s to
 * draw (bench/operators-ui.bench.mjs).
 */
function usePaged<T>(items: readonly T[]): { shown: readonly T[]; offset: number; pager: ReactNode } {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / DRILL_DOWN_PAGE_SIZE));
  const current = Math.min(page, pages);
  const offset = (current - 1) * DRILL_DOWN_PAGE_SIZE;
  const shown = items.slice(offset, offset + DRILL_DOWN_PAGE_SIZE);
  const pager =
    pages > 1 ? (
      <Group justify="space-between" mt="xs">
        <Text size="sm" c="dimmed">
          {t('analytics.rowsShown', { from: offset + 1, to: offset + shown.length, count: items.length })}
        </Text>
        <Pagination size="sm" total={pages} value={current} onChange={setPage} />
      </Group>
    ) : null;
  return { shown, offset, pager };
}

/** A count whose popover lists the players behind it. */
function PlayersCount({ count, names, of }: { count: number; names: readonly string[]; of: string }) {
  const { t } = useTranslation();
  const distinct = [...new Set(names)];
  return (
    <Popover position="bottom" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={t('analytics.playersOf', { name: of })} td="underline dotted">
          {count}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {/* Thousands of names in a game of thousands of players: the list scrolls within the popover. */}
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <List size="sm">
            {distinct.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function HeaderRow({ columns }: { columns: string[] }) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{t(`analytics.columns.${column}`)}</Table.Th>
        ))}
        <Table.Th>
          <VisuallyHidden>{t('analytics.details')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function StatsTable({ children }: { children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs">
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A drill-down's rows a page at a time: a header of `columns` (their names under analytics.columns) and, for each
 * row shown, its `cells` in that order.
 */
function PagedTable<T>({
  rows,
  columns,
  cells,
}: {
  rows: readonly T[];
  columns: readonly string[];
  cells: (row: T) => ReactNode[];
}) {
  const { t } = useTranslation();
  const { shown, offset, pager } = usePaged(rows);
  return (
    <>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`analytics.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row, index) => (
            <Table.Tr key={offset + index}>
              {cells(row).map((cell, column) => (
                <Table.Td key={columns[column]}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pager}
    </>
  );
}

/** A content language's name in the console's language (issue 31). */
function useLanguageName() {
  const { i18n } = useTranslation();
  return (code: string) => languageName(code, i18n.language);
}

/** The answers of a game in several languages name the language each was given in (issue 31). */
function AnswersTable({ rows, withLanguage }: { rows: readonly AnswerRow[]; withLanguage: boolean }) {
  const { t } = useTranslation();
  const when = useWhen();
  const name = useLanguageName();
  return (
    <PagedTable
      rows={rows}
      columns={
        withLanguage ? ['player', 'answer', 'correct', 'language', 'date'] : ['player', 'answer', 'correct', 'date']
      }
      cells={(row) => [
        row.player,
        row.answer,
        <Badge color={row.correct ? 'teal' : 'red'} variant="light">
          {t(row.correct ? 'analytics.summary.yes' : 'analytics.summary.no')}
        </Badge>,
        ...(withLanguage ? [name(row.language)] : []),
        when(row.when),
      ]}
    />
  );
}

/** A question's answers per language: "German: 3 (67 % correct)", the most answered first. */
function LanguageShares({ shares }: { shares: readonly LanguageShare[] }) {
  const { t } = useTranslation();
  const name = useLanguageName();
  return (
    <Stack gap={0}>
      {shares.map((share) => (
        <Text key={share.language} size="sm">
          {t('analytics.languageShare', {
            language: name(share.language),
            count: share.answers,
            percent: share.percentCorrect,
          })}
        </Text>
      ))}
    </Stack>
  );
}

function QuestionRows({
  stats,
  column,
  multilingual,
}: {
  stats: readonly QuestionStat[];
  column: string;
  /** The game has other languages: each question's answers per language, and each answer's (issue 31). */
  multilingual: boolean;
}) {
  const columns = [column, 'answers', 'players', 'passed', 'percentCorrect', ...(multilingual ? ['languages'] : [])];
  return (
    <StatsTable>
      <HeaderRow columns={columns} />
      <Table.Tbody>
        {stats.map((stat) => (
          <Table.Tr key={`${stat.interactionId}/${stat.questionId}`}>
            <Table.Td>
              <EntityName title={stat.title} name={stat.name} />
            </Table.Td>
            <Table.Td>{stat.answers}</Table.Td>
            <Table.Td>
              <PlayersCount count={stat.players} names={stat.rows.map((row) => row.player)} of={stat.title} />
            </Table.Td>
            <Table.Td>{stat.passed}</Table.Td>
            <Table.Td>{stat.percentCorrect}%</Table.Td>
            {multilingual && (
              <Table.Td>
                <LanguageShares shares={stat.byLanguage} />
              </Table.Td>
            )}
            <Table.Td>
              <DrillDown name={stat.title}>
                <AnswersTable rows={stat.rows} withLanguage={multilingual} />
              </DrillDown>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StatsTable>
  );
}

export function QuestionsPanel({ stats, multilingual }: { stats: readonly QuestionStat[]; multilingual: boolean }) {
  const { t } = useTranslation();
  return (
    <StatsPanel title={t('analytics.panels.questions')} csv={questionsCsv(stats)}>
      <QuestionRows stats={stats} column="question" multilingual={multilingual} />
    </StatsPanel>
  );
}

export function QuizzesPanel({ stats, multilingual }: { stats: readonly QuizStat[]; multilingual: boolean }) {
  const { t } = useTranslation();
  return (
    <StatsPanel title={t('analytics.panels.quizzes')}>
      {stats.map((quiz) => (
        <Paper key={quiz.interactionId} withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <div>
                <Text fw={600}>
                  <EntityName title={quiz.title} name={quiz.name} />
                </Text>
                <Text size="sm" c="dimmed">
                  {t('analytics.quizSummary', {
                    players: quiz.players,
                    completed: quiz.completed,
                    passed: quiz.passed,
                  })}
                </Text>
              </div>
              <ExportButton table={quizCsv(quiz)} />
            </Group>
            <QuestionRows stats={quiz.questions} column="question" multilingual={multilingual} />
          </Stack>
        </Paper>
      ))}
    </StatsPanel>
  );
}

function Captures({ gameId, stat }: { gameId: string; stat: MissionStat }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <Stack gap="sm">
      {stat.subMissions.length > 0 && (
        <div>
          <Text fw={600}>{t('analytics.subMissions')}</Text>
          <List size="sm">
            {stat.subMissions.map((sub) => (
              <List.Item key={sub.id}>
                {sub.title}: {sub.completed}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {stat.captures.length > 0 && (
        <div>
          <Text fw={600}>{t('analytics.captured')}</Text>
          <PagedTable
            rows={stat.captures}
            columns={['player', 'subMission', 'message', 'media', 'date']}
            cells={(capture) => [
              capture.player,
              capture.subMission,
              <>
                {capture.message}
                {capture.kind === 'share' && (
                  <Badge ml="xs" size="xs" variant="light">
                    {t('analytics.shared')}
                  </Badge>
                )}
              </>,
              capture.mediaId && (
                <Anchor
                  href={capturedMediaUrl(capture.mediaId)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('analytics.openMedia')}
                >
                  <Image src={mediaThumbUrl(gameId, capture.mediaId, { width: 64 })} w={48} h={48} alt="" />
                </Anchor>
              ),
              when(capture.when),
            ]}
          />
        </div>
      )}
    </Stack>
  );
}

export function MissionsPanel({ gameId, stats }: { gameId: string; stats: readonly MissionStat[] }) {
  const { t } = useTranslation();
  return (
    <StatsPanel title={t('analytics.panels.missions')} csv={missionsCsv(stats, capturedMediaUrl)}>
      <StatsTable>
        <HeaderRow columns={['mission', 'assigned', 'completed']} />
        <Table.Tbody>
          {stats.map((stat) => (
            <Table.Tr key={stat.missionId}>
              <Table.Td>
                <EntityName title={stat.title} name={stat.name} />
              </Table.Td>
              <Table.Td>{stat.assigned}</Table.Td>
              <Table.Td>{stat.completed}</Table.Td>
              <Table.Td>
                {(stat.subMissions.length > 0 || stat.captures.length > 0) && (
                  <DrillDown name={stat.title}>
                    <Captures gameId={gameId} stat={stat} />
                  </DrillDown>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StatsTable>
    </StatsPanel>
  );
}

export function OffersPanel({ stats }: { stats: readonly OfferStat[] }) {
  const { t } = useTranslation();
  return (
    <StatsPanel title={t('analytics.panels.offers')}>
      <StatsTable>
        <HeaderRow columns={['offer', 'picked', 'redeemed', 'players']} />
        <Table.Tbody>
          {stats.map((stat) => (
            <Table.Tr key={stat.offerId}>
              <Table.Td>
                <EntityName title={stat.title} name={stat.name} />
              </Table.Td>
              <Table.Td>{stat.picked}</Table.Td>
              <Table.Td>{stat.redeemed}</Table.Td>
              <Table.Td>{stat.players}</Table.Td>
              <Table.Td />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StatsTable>
    </StatsPanel>
  );
}

function VisitsPanel({
  title,
  column,
  countColumn,
  stats,
  csv,
}: {
  title: string;
  column: string;
  countColumn: string;
  stats: readonly VisitStat[];
  csv: CsvTable;
}) {
  return (
    <StatsPanel title={title} csv={csv}>
      <StatsTable>
        <HeaderRow columns={[column, countColumn, 'players']} />
        <Table.Tbody>
          {stats.map((stat) => (
            <Table.Tr key={stat.id}>
              <Table.Td>
                <EntityName title={stat.title} name={stat.name} />
              </Table.Td>
              <Table.Td>{stat.times}</Table.Td>
              <Table.Td>
                <PlayersCount count={stat.players} names={stat.rows.map((row) => row.player)} of={stat.title} />
              </Table.Td>
              <Table.Td>
                <DrillDown name={stat.title}>
                  <VisitsTable rows={stat.rows} />
                </DrillDown>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StatsTable>
    </StatsPanel>
  );
}

export function ScenesPanel({ stats }: { stats: readonly VisitStat[] }) {
  const { t } = useTranslation();
  return (
    <VisitsPanel
      title={t('analytics.panels.scenes')}
      column="scene"
      countColumn="entered"
      stats={stats}
      csv={scenesCsv(stats)}
    />
  );
}

export function InfosPanel({ stats }: { stats: readonly VisitStat[] }) {
  const { t } = useTranslation();
  return (
    <VisitsPanel
      title={t('analytics.panels.infos')}
      column="info"
      countColumn="seen"
      stats={stats}
      csv={infosCsv(stats)}
    />
  );
}

/** Who saw a scene or an info box, and when. */
export function VisitsTable({ rows }: { rows: VisitStat['rows'] }) {
  const when = useWhen();
  return <PagedTable rows={rows} columns={['player', 'date']} cells={(row) => [row.player, when(row.when)]} />;
}

function Replays({ replays }: { replays: ConversationStat['replays'] }) {
  const { t } = useTranslation();
  const when = useWhen();
  const { shown, offset, pager } = usePaged(replays);
  return (
    <Stack gap="lg">
      {shown.map((replay, index) => (
        <Stack key={offset + index} gap="xs">
          <Text fw={600}>{t('analytics.replayOf', { player: replay.player, date: when(replay.when) })}</Text>
          <ChatReplay lines={replay.lines} />
        </Stack>
      ))}
      {pager}
    </Stack>
  );
}

/** A chat replay: statements on the left, the player's replies on the right. */
function ChatReplay({ lines }: { lines: readonly ChatLine[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} role="log">
      {lines.map((line, index) => {
        const mine = line.from === 'player';
        return (
          <Paper
            key={index}
            p="xs"
            radius="md"
            maw="80%"
            bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
            style={{ alignSelf: mine ? 'flex-end' : 'flex-start' }}
          >
            <Text size="xs" fw={600} c="dimmed">
              {line.speaker === GAME_MASTER ? t('analytics.gameMaster') : line.speaker}
            </Text>
            <Text size="sm">{line.text}</Text>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function ConversationsPanel({ stats }: { stats: readonly ConversationStat[] }) {
  const { t } = useTranslation();
  return (
    <StatsPanel title={t('analytics.panels.conversations')} csv={conversationsCsv(stats)}>
      <StatsTable>
        <HeaderRow columns={['conversation', 'started', 'completed']} />
        <Table.Tbody>
          {stats.map((stat) => (
            <Table.Tr key={stat.interactionId}>
              <Table.Td>
                <EntityName title={stat.title} name={stat.name} />
              </Table.Td>
              <Table.Td>{stat.started}</Table.Td>
              <Table.Td>{stat.completed}</Table.Td>
              <Table.Td>
                <DrillDown name={stat.title}>
                  {stat.replays.length === 0 ? (
                    <Text size="sm">{t('analytics.noReplays')}</Text>
                  ) : (
                    <Replays replays={stat.replays} />
                  )}
                </DrillDown>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StatsTable>
    </StatsPanel>
  );
}

/**
 * Judged submissions of the version per mission (issue 29): the approval rate and the median time to judge;
 * shown only when the version has a judged mission with submissions.
 */
export function JudgingPanel({ versionId, includeAbandoned }: { versionId: string; includeAbandoned: boolean }) {
  const { t } = useTranslation();
  const { data } = useJudgingAnalytics(versionId, includeAbandoned);
  if (!data || data.missions.length === 0) return null;
  return (
    <StatsPanel title={t('analytics.panels.judging')}>
      <JudgingStatsTable stats={data} />
    </StatsPanel>
  );
}
