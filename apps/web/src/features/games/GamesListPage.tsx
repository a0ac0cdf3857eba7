import {
  GAMES_PAGE_SIZES,
  SEARCH_MIN_LENGTH_EXCLUSIVE,
  cardControls,
  gamesListFiltersFor,
  type CardControl,
  type GamesListFilter,
  type GamesListItem,
  type GamesPageSize,
} from '@loci/domain';
import {
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useSessionStorage } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBooks, IconFileImport, IconMapPinPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { useAuth } from '../../auth/auth-context';
import { bundlesApi } from '../../api/bundles';
import { notifyError, notifySuccess } from '../../components/notify';
import { ImportBundleModal, RelocateModal, SampleGames } from '../bundles';
import { GameCard, type BundleAction } from './GameCard';
import { useGameOperation, useGamesList, type GameOperation } from './queries';
import './locales';
import { domainText } from '../../i18n/domain';

const SEARCH_DEBOUNCE_MS = 300;
/** The size selector shows only when there is more than one smallest page of games. */
const SMALLEST_PAGE = 10;

const OPERATION_CONTROLS: Record<GameOperation, CardControl> = {
  clone: 'Clone',
  unpublish: 'Unpublish',
  archive: 'Archive',
  delete: 'Delete',
};

function parsePageSize(value: string | null): GamesPageSize {
  const found = GAMES_PAGE_SIZES.find((size) => String(size) === value);
  return found ?? 10;
}

function LoadingCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="lg">
          <Card.Section>
            <Skeleton h={140} radius={0} />
          </Card.Section>
          <Skeleton h={18} w="70%" mt="md" />
          <Skeleton h={12} w="40%" mt="xs" />
          <Skeleton h={48} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The games list of designers and admins (spec 1 §2). */
export function GamesListPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const filters = gamesListFiltersFor(user?.role ?? 'designer');
  const [storedFilter, setFilter] = useSessionStorage<GamesListFilter>({
    key: 'lociGamesFilter',
    defaultValue: 'mine',
    getInitialValueInEffect: false,
  });
  const filter = filters.includes(storedFilter) ? storedFilter : 'mine';
  const [storedPageSize, setPageSize] = useSessionStorage<string>({
    key: 'lociGamesPageSize',
    defaultValue: '10',
    getInitialValueInEffect: false,
  });
  const pageSize = parsePageSize(storedPageSize);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The search starts only once the text is longer than 3 characters (spec 1 §5).
  const q = debouncedSearch.length > SEARCH_MIN_LENGTH_EXCLUSIVE ? debouncedSearch : '';

  // Any change of filter, search or size goes back to the first page.
  const pageScope = `${filter}|${q}|${pageSize}`;
  const [pageState, setPageState] = useState({ scope: pageScope, page: 1 });
  const page = pageState.scope === pageScope ? pageState.page : 1;

  const { data, error, isPending, isFetching } = useGamesList({ filter, q, page, pageSize });
  const operation = useGameOperation();
  const [importing, setImporting] = useState(false);
  const [moving, setMoving] = useState<{ game: GamesListItem; mode: 'relocate' | 'clone' } | null>(null);

  const handleBundleAction = (action: BundleAction, game: GamesListItem) => {
    if (action === 'export') {
      bundlesApi.download(game.id).then(
        () => notifySuccess(t('bundles.exported')),
        (failure: unknown) => notifyError(t('bundles.exportFailed'), failure),
      );
    } else {
      setMoving({ game, mode: action === 'cloneTo' ? 'clone' : 'relocate' });
    }
  };

  const confirmOperation = (kind: GameOperation, game: GamesListItem) => {
    const title = game.title || t('games.list.untitled');
    modals.openConfirmModal({
      title: t(`games.list.confirmTitles.${kind}`, { title }),
      centered: true,
      children: (
        <Text size="sm">
          {kind === 'delete'
            ? domainText(t, 'GAME_TEXTS', 'confirmDelete')
            : domainText(t, 'GAME_TEXTS', 'confirmIrreversible')}
        </Text>
      ),
      labels: {
        confirm: t(`games.list.controls.${OPERATION_CONTROLS[kind]}`),
        cancel: t('games.list.cancel'),
      },
      confirmProps: { color: kind === 'clone' ? undefined : 'red' },
      onConfirm: () => operation.mutate({ operation: kind, game }),
    });
  };

  const games = (data?.games ?? []).filter(
    (game) => cardControls(game.rights, { published: game.publicVersionId !== null }).length > 0,
  );
  const total = data?.total ?? 0;
  const pages = pageSize === 'all' ? 1 : Math.max(1, Math.ceil(total / pageSize));

  let content;
  if (isPending) content = <LoadingCards />;
  else if (error && !data) content = <GeneralErrorBox error={error} />;
  else if (games.length === 0) {
    const hint = q
      ? t('games.list.noMatch', { q })
      : filter === 'mine'
        ? t('games.emptyHint')
        : filter === 'shared'
          ? t('games.list.emptyShared')
          : filter === 'public'
            ? t('games.list.emptyPublic')
            : undefined;
    content = (
      <Stack gap="lg">
        <Card withBorder radius="md" py={48}>
          <EmptyState
            icon={<IconMapPinPlus size={28} />}
            withIndicatorBackground
            title={domainText(t, 'GAME_TEXTS', 'emptyGamesList')}
            description={hint}
          />
        </Card>
        {filter === 'mine' && !q && <SampleGames />}
      </Stack>
    );
  } else {
    content = (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="lg"
        style={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}
        // Dimmed while the list is read again (a search, a page): assistive technology is told it is busy.
        aria-busy={isFetching}
        data-testid="games-grid"
      >
        {games.map((game) => (
          <GameCard key={game.id} game={game} onOperation={confirmOperation} onBundleAction={handleBundleAction} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} fz="h2">
            {t('games.title')}
          </Title>
          <Group gap="xs">
            <Button component={Link} to="/gallery" variant="default" leftSection={<IconBooks size={18} />}>
              {t('games.gallery.link')}
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
              {t('bundles.import')}
            </Button>
            <Button component={Link} to="/games/new" leftSection={<IconPlus size={18} />}>
              {t('games.newGame')}
            </Button>
          </Group>
        </Group>
        <ImportBundleModal opened={importing} onClose={() => setImporting(false)} />
        {moving && <RelocateModal game={moving.game} mode={moving.mode} onClose={() => setMoving(null)} />}

        <Group justify="space-between" align="flex-end" gap="md">
          <Tabs value={filter} onChange={(value) => value && setFilter(value as GamesListFilter)} variant="pills">
            <Tabs.List aria-label={t('games.list.filterLabel')}>
              {filters.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(`games.list.filters.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <TextInput
            type="search"
            aria-label={t('games.list.search')}
            placeholder={t('games.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            description={
              search.trim() && search.trim().length <= SEARCH_MIN_LENGTH_EXCLUSIVE
                ? t('games.list.searchHint', { min: SEARCH_MIN_LENGTH_EXCLUSIVE + 1 })
                : undefined
            }
            inputWrapperOrder={['input', 'description']}
            w={{ base: '100%', sm: 320 }}
            size="sm"
          />
        </Group>

        {content}

        {data && total > 0 && (
          <Group justify="space-between" gap="md">
            <Text size="sm" c="dimmed">
              {t('games.list.count', { count: total })}
            </Text>
            <Group gap="md">
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={(next) => setPageState({ scope: pageScope, page: next })}
                  aria-label={t('games.list.pagination')}
                />
              )}
              {total > SMALLEST_PAGE && (
                <Select
                  aria-label={t('games.list.pageSize')}
                  value={String(pageSize)}
                  onChange={(value) => setPageSize(String(parsePageSize(value)))}
                  data={GAMES_PAGE_SIZES.map((size) => ({
                    value: String(size),
                    label: size === 'all' ? t('games.list.pageSizeAll') : String(size),
                  }))}
                  allowDeselect={false}
                  w={90}
                  size="sm"
                />
              )}
            </Group>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
