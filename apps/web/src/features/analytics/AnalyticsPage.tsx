import { gameLanguagesOf, hasRight } from '@loci/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AnalyticsPlayer } from '../../api/analytics';
import { isApiError } from '../../api/client';
import { designApi, designQueryKeys, type GameVersionSummary, type Workspace } from '../../api/design';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { formatTime } from '../../i18n/time';
import {
  AnalyticsZone,
  ConversationsPanel,
  InfosPanel,
  JudgingPanel,
  MissionsPanel,
  OffersPanel,
  QuestionsPanel,
  QuizzesPanel,
  ScenesPanel,
} from './AnalyticsPanels';
import { useAnalytics, useGameVersions } from './queries';
import {
  analyticsDesignOf,
  conversationStats,
  infoStats,
  missionStats,
  newestVersion,
  offerStats,
  questionStats,
  quizStats,
  sceneStats,
  totalPlayers,
  type AnswerWords,
} from './stats';
import './locales';
import './map-locales';
import { GameTabs } from '../design/shell/GameTabs';
import { domainText } from '../../i18n/domain';

// The map analytics bring Leaflet.heat, the charts and the PNG export: their own chunk, loaded when the tab opens.
const MapAnalyticsPanel = lazy(() => import('./MapAnalyticsPanel'));

type NumberedVersion = GameVersionSummary & { version?: number };

/** The game's timezone: analytics show their times in it. */
const zoneOf = (workspace: Workspace) => workspace.game.playingPeriod?.timezone ?? null;

/** 'Working version (live only)' or 'Version {n} of {date} (published only)', marked when archived. */
function versionLabel(version: NumberedVersion, t: TFunction, zone: string | null): string {
  const label = version.isLiveSpec
    ? t('analytics.liveVersion')
    : t('analytics.publishedVersion', {
        version: typeof version.version === 'number' ? version.version : '',
        date: formatTime(version.createdAt, { zone }),
      });
  return version.isArchived ? t('analytics.archivedVersion', { label }) : label;
}

function Summary({ workspace, players }: { workspace: Workspace; players: readonly AnalyticsPlayer[] }) {
  const { t } = useTranslation();
  const items = [
    {
      label: t('analytics.summary.createdAt'),
      value: formatTime(workspace.game.createdAt, { zone: zoneOf(workspace) }),
    },
    {
      label: t('analytics.summary.multiplayer'),
      value: t(workspace.game.multiplayer ? 'analytics.summary.yes' : 'analytics.summary.no'),
    },
    { label: t('analytics.summary.totalPlayers'), value: String(totalPlayers(players)) },
  ];
  return (
    <Card withBorder radius="md" component="section" aria-label={t('analytics.summary.title')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {items.map((item) => (
          <div key={item.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {item.label}
            </Text>
            <Text size="lg" fw={600}>
              {item.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

type RecordStats = ReturnType<typeof recordStatsOf>;

function recordStatsOf(players: readonly AnalyticsPlayer[], workspace: Workspace, words: AnswerWords) {
  const design = analyticsDesignOf(workspace);
  return {
    questions: questionStats(players, design, words),
    quizzes: quizStats(players, design, words),
    missions: missionStats(players, design),
    offers: offerStats(players, design),
    // Spec 3 §2: scenes only matter in a game of more than one scene.
    scenes: design.scenes.length > 1 ? sceneStats(players, design) : [],
    infos: infoStats(players, design),
    conversations: conversationStats(players, design),
  };
}

/** One version's analytics: its records' panels, and its map. */
function VersionAnalytics({
  gameId,
  workspace,
  versionId,
  includeAbandoned,
}: {
  gameId: string;
  workspace: Workspace;
  versionId: string;
  includeAbandoned: boolean;
}) {
  const { t } = useTranslation();
  const { data, isPending } = useAnalytics(versionId, includeAbandoned);
  const players = useMemo(() => data?.analytics ?? [], [data]);
  const yes = t('analytics.summary.yes');
  const no = t('analytics.summary.no');
  const stats = useMemo(() => recordStatsOf(players, workspace, { yes, no }), [players, workspace, yes, no]);

  if (isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!data) return <Text c="dimmed">{t('analytics.nothingToShow')}</Text>;
  return (
    <Tabs defaultValue="records" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="records">{t('analytics.tabs.records')}</Tabs.Tab>
        <Tabs.Tab value="map">{t('analytics.tabs.map')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="records">
        <Stack gap="md">
          <RecordPanels gameId={gameId} workspace={workspace} players={players} stats={stats} />
          <JudgingPanel versionId={versionId} includeAbandoned={includeAbandoned} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="map">
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          <MapAnalyticsPanel versionId={versionId} includeAbandoned={includeAbandoned} zone={zoneOf(workspace)} />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The per-record panels of the version (spec 3 §2); a panel shows only when it has data. */
function RecordPanels({
  gameId,
  workspace,
  players,
  stats,
}: {
  gameId: string;
  workspace: Workspace;
  players: readonly AnalyticsPlayer[];
  stats: RecordStats;
}) {
  const { t } = useTranslation();
  // Answers per language (issue 31): in a game of several languages, or once answers came in more than one.
  const multilingual =
    gameLanguagesOf(workspace.game).others.length > 0 ||
    [...stats.questions, ...stats.quizzes.flatMap((quiz) => quiz.questions)].some((stat) => stat.byLanguage.length > 1);
  return (
    <AnalyticsZone.Provider value={zoneOf(workspace)}>
      <Stack gap="md">
        <Summary workspace={workspace} players={players} />
        {players.length === 0 && <Text c="dimmed">{t('analytics.noPlayers')}</Text>}
        {stats.questions.length > 0 && <QuestionsPanel stats={stats.questions} multilingual={multilingual} />}
        {stats.quizzes.length > 0 && <QuizzesPanel stats={stats.quizzes} multilingual={multilingual} />}
        {stats.missions.length > 0 && <MissionsPanel gameId={gameId} stats={stats.missions} />}
        {stats.offers.length > 0 && <OffersPanel stats={stats.offers} />}
        {stats.scenes.length > 0 && <ScenesPanel stats={stats.scenes} />}
        {stats.infos.length > 0 && <InfosPanel stats={stats.infos} />}
        {stats.conversations.length > 0 && <ConversationsPanel stats={stats.conversations} />}
      </Stack>
    </AnalyticsZone.Provider>
  );
}

function AnalyticsContent({ gameId, workspace }: { gameId: string; workspace: Workspace }) {
  const { t } = useTranslation();
  const versions = useGameVersions(gameId, true);
  // undefined: nothing chosen yet, so the newest version; null: the selector was cleared.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const [includeAbandoned, setIncludeAbandoned] = useState(false);

  const zone = zoneOf(workspace);
  const list = useMemo(() => {
    const all = (versions.data ?? []) as NumberedVersion[];
    const newest = newestVersion(all);
    const ordered = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      newest,
      options: ordered.map((version) => ({ value: version.id, label: versionLabel(version, t, zone) })),
    };
  }, [versions.data, t, zone]);
  const selected = chosen === undefined ? (list.newest?.id ?? null) : chosen;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="lg">
        <Select
          label={t('analytics.showData')}
          placeholder={t('analytics.versionPlaceholder')}
          data={list.options}
          value={selected}
          onChange={setChosen}
          // Picking the selected version again keeps it (only the clear button empties the page).
          allowDeselect={false}
          clearable
          disabled={versions.isPending}
          w={{ base: '100%', sm: 360 }}
        />
        <Switch
          label={t('analytics.includeAbandoned')}
          checked={includeAbandoned}
          onChange={(event) => setIncludeAbandoned(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {versions.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : selected ? (
        <VersionAnalytics
          gameId={gameId}
          workspace={workspace}
          versionId={selected}
          includeAbandoned={includeAbandoned}
        />
      ) : (
        <Text c="dimmed">{t('analytics.nothingToShow')}</Text>
      )}
    </Stack>
  );
}

function NotAllowedNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
      {t('analytics.notAllowed')}
    </Alert>
  );
}

/**
 * /analytics/:activeGameId (spec 3 §2): the analytics of a game's versions for
 * its designers (edit right). The game and its design come from the design
 * workspace (names of questions, missions, scenes, characters …); the records
 * from GET /api/analytics/{versionId}.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { activeGameId: gameId = '' } = useParams();
  const {
    data: workspace,
    error,
    isPending,
  } = useQuery({
    queryKey: designQueryKeys.workspace(gameId),
    queryFn: ({ signal }) => designApi.workspace(gameId, signal),
    enabled: Boolean(gameId),
  });

  let content;
  if (isPending) content = <PageLoader label={domainText(t, 'GAME_TEXTS', 'loadingGame')} />;
  else if (!workspace) {
    if (isApiError(error) && error.status === 404)
      content = <Alert color="gray" variant="light" title={domainText(t, 'GAME_TEXTS', 'gameNotFound')} />;
    else if (isApiError(error) && error.status === 403) content = <NotAllowedNotice />;
    else content = <GeneralErrorBox error={error} />;
  } else if (!hasRight(workspace.game.rights, 'edit')) content = <NotAllowedNotice />;
  else if (workspace.game.isArchived)
    content = (
      <Alert color="orange" variant="light" title={domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').title} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').body}</Text>
          <Button component={Link} to="/" variant="light" size="xs" leftSection={<IconArrowLeft size={14} />}>
            {t('analytics.goBack')}
          </Button>
        </Stack>
      </Alert>
    );
  else
    content = (
      <Stack gap="md">
        <GameTabs gameId={gameId} rights={workspace.game.rights} active="analytics" />
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2}>{t('analytics.title')}</Title>
            <Text c="dimmed">{workspace.game.title}</Text>
          </div>
          <Anchor component={Link} to={`/games/${gameId}`} size="sm">
            {t('analytics.backToDesign')}
          </Anchor>
        </Group>
        <AnalyticsContent key={gameId} gameId={gameId} workspace={workspace} />
      </Stack>
    );

  return (
    <Container size="lg" py="md">
      {content}
    </Container>
  );
}
