import { SEARCH_MIN_LENGTH_EXCLUSIVE, type GalleryItem, type GamesPageSize } from '@loci/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPins, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { latLngBounds } from 'leaflet';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Tooltip, useMap } from 'react-leaflet';
import { gameQueryKeys, gamesApi, type GalleryParams } from '../../api/games';
import { MapFrame } from '../../components/map/MapFrame';
import { MapTiles } from '../../components/map/MapTiles';
import { RelocateModal } from '../bundles';
import { GameLogo } from './GameCard';
import './locales';
import { domainText } from '../../i18n/domain';

const PAGE_SIZE = 20 satisfies GamesPageSize;
const SEARCH_DEBOUNCE_MS = 300;
// SVG attributes cannot read CSS variables: Mantine's blue 6.
const MARKER = { color: '#228be6', weight: 2, fillOpacity: 0.4 };

function FitGames({ games }: { games: GalleryItem[] }) {
  const map = useMap();
  useEffect(() => {
    if (games.length === 0) return;
    map.fitBounds(latLngBounds(games.map((g) => [g.place.lat, g.place.lng] as [number, number])).pad(0.2), {
      maxZoom: 12,
    });
  }, [map, games]);
  return null;
}

/** One marker per game of the page, at the centre of its playground. */
function GalleryMap({ games, label }: { games: GalleryItem[]; label: string }) {
  return (
    <MapFrame h={360} label={label}>
      <MapContainer center={[0, 0]} zoom={2} style={{ height: '100%', width: '100%' }}>
        <MapTiles />
        {games.map((game) => (
          <CircleMarker key={game.id} center={[game.place.lat, game.place.lng]} radius={7} pathOptions={MARKER}>
            <Tooltip>{game.title}</Tooltip>
          </CircleMarker>
        ))}
        <FitGames games={games} />
      </MapContainer>
    </MapFrame>
  );
}

function GalleryCard({ game, onCloneTo }: { game: GalleryItem; onCloneTo: () => void }) {
  const { t } = useTranslation();
  const title = game.title || t('games.list.untitled');
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={title}>
      <Card.Section>
        <GameLogo game={game} title={title} />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={3} fz="lg" lineClamp={2}>
          {title}
        </Title>
        {game.ownerName && (
          <Text size="sm" c="dimmed">
            {t('games.list.owner', { name: game.ownerName })}
          </Text>
        )}
        <Group gap={6}>
          <Badge variant="light">{t(`games.gallery.language.${game.language}`)}</Badge>
          <Badge variant="default">{t('games.gallery.scenes', { count: game.size.scenes })}</Badge>
          <Badge variant="default">{t('games.gallery.locations', { count: game.size.locations })}</Badge>
          <Badge variant="default">{t('games.gallery.interactions', { count: game.size.interactions })}</Badge>
        </Group>
        {game.canClone ? (
          <Button variant="light" leftSection={<IconMapPins size={16} />} onClick={onCloneTo} mt="xs">
            {t('bundles.cloneTo')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" mt="xs">
            {t('games.gallery.viewOnly')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /gallery: the public library — games whose owners opened them, on cards and on a map, to clone elsewhere. */
export function GalleryPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const q = debounced.length > SEARCH_MIN_LENGTH_EXCLUSIVE ? debounced : '';
  const [pageState, setPageState] = useState({ q, page: 1 });
  // A new search starts again from the first page.
  const page = pageState.q === q ? pageState.page : 1;
  const params: GalleryParams = { q, page, pageSize: PAGE_SIZE };
  const { data, error, isPending } = useQuery({
    queryKey: gameQueryKeys.gallery(params),
    queryFn: ({ signal }) => gamesApi.gallery(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: domainText(t, 'GAME_TEXTS', 'errorRetrievingGames') },
  });
  const [cloning, setCloning] = useState<GalleryItem | null>(null);
  const games = data?.games ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('games.gallery.title')}
          </Title>
          <Text c="dimmed">{t('games.gallery.intro')}</Text>
        </Stack>
        <TextInput
          label={t('games.gallery.search')}
          placeholder={t('games.gallery.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
        />
        {cloning && <RelocateModal game={cloning} mode="clone" onClose={() => setCloning(null)} />}
        {isPending ? (
          <Loader aria-label={t('games.gallery.title')} />
        ) : error ? (
          <Alert color="red">{domainText(t, 'GAME_TEXTS', 'errorRetrievingGames')}</Alert>
        ) : games.length === 0 ? (
          <Text c="dimmed">{q ? t('games.list.noMatch', { q }) : t('games.gallery.empty')}</Text>
        ) : (
          <>
            <GalleryMap games={games} label={t('games.gallery.map')} />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {games.map((game) => (
                <GalleryCard key={game.id} game={game} onCloneTo={() => setCloning(game)} />
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => setPageState({ q, page: next })}
                aria-label={t('games.gallery.pagination')}
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
