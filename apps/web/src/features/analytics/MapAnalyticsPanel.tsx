import type { FunnelStep, MapAnalytics } from '@loci/domain';
import { MAP_ANALYTICS_MAX_PLAYERS } from '@loci/domain';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Button, Group, Loader, MultiSelect, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconPhoto } from '@tabler/icons-react';
import { toPng } from 'html-to-image';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import { MapFrame } from '../../components/map/MapFrame';
import { MapTiles } from '../../components/map/MapTiles';
import '../../components/map/leaflet-setup';
import { dayStartIn, formatTime } from '../../i18n/time';
import { StatsPanel } from './AnalyticsPanels';
import { answerColour, answersCsv, formatDuration, funnelCsv, geofencesCsv, heatCsv, titleOf } from './map-stats';
import { useMapAnalytics } from './queries';
import './map-locales';

const TRACK_COLOURS = ['#1971c2', '#9c36b5', '#0c8599', '#e8590c', '#2f9e44', '#c2255c'];

/** Leaflet.heat draws on a canvas; a browser without one (a test's jsdom) shows the map without the heat. */
function canDrawCanvas(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

/** Leaflet.heat is a classic plugin that extends the global `L`: it is loaded, once, when the first heat layer is drawn. */
let heatPlugin: Promise<typeof L> | null = null;
function loadHeatPlugin(): Promise<typeof L> {
  (globalThis as unknown as { L: typeof L }).L = L;
  heatPlugin ??= import('leaflet.heat').then(() => L);
  return heatPlugin;
}

/** The heat layer of the binned positions (each cell weighted by its share of the busiest cell). */
function HeatLayer({ cells }: { cells: MapAnalytics['heat']['cells'] }) {
  const map = useMap();
  useEffect(() => {
    if (cells.length === 0 || !canDrawCanvas()) return;
    let layer: L.Layer | null = null;
    let cancelled = false;
    const busiest = Math.max(...cells.map((cell) => cell.count));
    void loadHeatPlugin().then((leaflet) => {
      if (cancelled) return;
      const points = cells.map((cell): [number, number, number] => [
        cell.latitude,
        cell.longitude,
        cell.count / busiest,
      ]);
      layer = leaflet.heatLayer(points, { radius: 20, blur: 15, max: 1, minOpacity: 0.3 }).addTo(map);
    });
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map, cells]);
  return null;
}

/** The bounds of everything drawn (positions and geofences); null when nothing is. */
function boundsOf(data: MapAnalytics): L.LatLngBounds | null {
  const points: Array<[number, number]> = [
    ...data.heat.cells.map((cell): [number, number] => [cell.latitude, cell.longitude]),
    ...data.locations.map((location): [number, number] => [location.latitude, location.longitude]),
  ];
  return points.length > 0 ? L.latLngBounds(points).pad(0.1) : null;
}

/** Downloads the picture of `node` as a PNG named `fileName`. */
async function downloadPng(node: HTMLElement, fileName: string): Promise<void> {
  const url = await toPng(node, { cacheBust: true, backgroundColor: '#ffffff' });
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function PngButton({ target, fileName }: { target: RefObject<HTMLElement | null>; fileName: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      leftSection={<IconPhoto size={14} />}
      aria-label={t('analytics.map.exportPngOf', { file: fileName })}
      onClick={() => {
        if (!target.current) return;
        setBusy(true);
        void downloadPng(target.current, fileName).finally(() => setBusy(false));
      }}
    >
      {t('analytics.map.exportPng')}
    </Button>
  );
}

/** A title with the system name under it, dimmed. */
function Titled({ title, name }: { title: string; name: string }) {
  return (
    <>
      <Text size="sm">{title || name}</Text>
      {title && title !== name && (
        <Text size="xs" c="dimmed">
          {name}
        </Text>
      )}
    </>
  );
}

function GeofenceTable({ locations }: { locations: MapAnalytics['locations'] }) {
  const { t } = useTranslation();
  return (
    <StatsPanel title={t('analytics.map.geofences')} csv={geofencesCsv(locations)}>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('analytics.map.location')}</Table.Th>
              <Table.Th>{t('analytics.map.visits')}</Table.Th>
              <Table.Th>{t('analytics.map.uniquePlayers')}</Table.Th>
              <Table.Th>{t('analytics.map.medianInside')}</Table.Th>
              <Table.Th>{t('analytics.map.dropOff')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((location) => (
              <Table.Tr key={location.id}>
                <Table.Td>
                  <Titled title={location.title} name={location.name} />
                </Table.Td>
                <Table.Td>{location.visits}</Table.Td>
                <Table.Td>{location.players}</Table.Td>
                <Table.Td>{formatDuration(location.medianSecondsInside)}</Table.Td>
                <Table.Td>{location.dropOff}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        {t('analytics.map.dropOffHint')}
      </Text>
    </StatsPanel>
  );
}

function FunnelTable({ label, steps }: { label: string; steps: readonly FunnelStep[] }) {
  const { t } = useTranslation();
  const chart = steps.map((step) => ({ step: titleOf(step), reached: step.reached }));
  return (
    <Stack gap="xs" aria-label={label} component="section">
      <Text fw={600}>{label}</Text>
      {steps.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('analytics.map.noSteps')}
        </Text>
      ) : (
        <>
          <BarChart
            h={Math.max(120, steps.length * 36)}
            data={chart}
            dataKey="step"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            series={[{ name: 'reached', label: t('analytics.map.reached'), color: 'teal.6' }]}
          />
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.map.step')}</Table.Th>
                <Table.Th>{t('analytics.map.reached')}</Table.Th>
                <Table.Th>{t('analytics.map.medianBetween')}</Table.Th>
                <Table.Th>{t('analytics.map.gaveUp')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {steps.map((step) => (
                <Table.Tr key={step.id}>
                  <Table.Td>
                    <Titled title={step.title} name={step.name} />
                  </Table.Td>
                  <Table.Td>{step.reached}</Table.Td>
                  <Table.Td>{formatDuration(step.medianSeconds)}</Table.Td>
                  <Table.Td>{step.gaveUp ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

function FunnelPanel({ funnel }: { funnel: MapAnalytics['funnel'] }) {
  const { t } = useTranslation();
  const picture = useRef<HTMLDivElement>(null);
  return (
    <StatsPanel title={t('analytics.map.funnel')} csv={funnelCsv(funnel)}>
      <Group justify="flex-end">
        <PngButton target={picture} fileName="MapFunnel.png" />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} ref={picture}>
        <FunnelTable label={t('analytics.map.milestones')} steps={funnel.milestones} />
        <FunnelTable label={t('analytics.map.scenes')} steps={funnel.scenes} />
      </SimpleGrid>
    </StatsPanel>
  );
}

function QuestionsTable({ questions }: { questions: MapAnalytics['questions'] }) {
  const { t } = useTranslation();
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('analytics.map.question')}</Table.Th>
          <Table.Th>{t('analytics.map.right')}</Table.Th>
          <Table.Th>{t('analytics.map.wrong')}</Table.Th>
          <Table.Th>{t('analytics.map.unplaced')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {questions.map((question) => (
          <Table.Tr key={`${question.interactionId} ${question.questionId}`}>
            <Table.Td>
              <Titled
                title={[question.title, question.questionTitle].filter(Boolean).join(' — ')}
                name={question.name}
              />
            </Table.Td>
            <Table.Td>{question.right}</Table.Td>
            <Table.Td>{question.wrong}</Table.Td>
            <Table.Td>{question.unplaced}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface MapLayersProps {
  data: MapAnalytics;
  question: MapAnalytics['questions'][number] | null;
  zone: string | null;
}

function MapLayers({ data, question, zone }: MapLayersProps) {
  const { t } = useTranslation();
  return (
    <>
      <MapTiles />
      <HeatLayer cells={data.heat.cells} />
      {data.locations.map((location) => (
        <Circle
          key={location.id}
          center={[location.latitude, location.longitude]}
          radius={location.radius}
          pathOptions={{ color: '#495057', weight: 2, fillOpacity: 0.05 }}
        >
          <Tooltip>
            {titleOf(location)}: {t('analytics.map.visitsOf', { count: location.visits })},{' '}
            {t('analytics.map.playersOf', { count: location.players })}
          </Tooltip>
        </Circle>
      ))}
      {data.tracks.map((track, index) => (
        <Polyline
          key={`${track.instanceId} ${track.playerId}`}
          positions={track.points.map((point): [number, number] => [point.latitude, point.longitude])}
          pathOptions={{ color: TRACK_COLOURS[index % TRACK_COLOURS.length], weight: 3 }}
        >
          <Tooltip sticky>
            {track.name}: {formatTime(track.points[0]?.when, { zone })} –{' '}
            {formatTime(track.points.at(-1)?.when, { zone })}
          </Tooltip>
        </Polyline>
      ))}
      {question?.places.map((place) => (
        <CircleMarker
          key={`${place.latitude} ${place.longitude}`}
          center={[place.latitude, place.longitude]}
          radius={6 + Math.min(10, Math.sqrt(place.right + place.wrong) * 2)}
          pathOptions={{ color: answerColour(place), fillOpacity: 0.8 }}
        >
          <Tooltip>{t('analytics.map.rightWrong', { right: place.right, wrong: place.wrong })}</Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  );
}

export interface MapAnalyticsPanelProps {
  versionId: string;
  includeAbandoned: boolean;
  /** The game's timezone: the date range is days of it, and times are shown in it. */
  zone: string | null;
}

/**
 * The map analytics of a version (issue 16 §4): a date range (days in the
 * game's timezone), the heatmap with the geofences, the tracks of the players
 * chosen and the places where a question was answered right or wrong; then the
 * geofence table and the milestone and scene funnels, each exportable.
 */
export function MapAnalyticsPanel({ versionId, includeAbandoned, zone }: MapAnalyticsPanelProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [playerIds, setPlayerIds] = useState<string[]>([]);
  const [questionKey, setQuestionKey] = useState<string | null>(null);
  const selection = useMemo(
    () => ({
      includeAbandoned,
      from: range[0] ? dayStartIn(range[0].slice(0, 10), zone) : null,
      to: range[1] ? dayStartIn(range[1].slice(0, 10), zone, 1) : null,
      playerIds,
    }),
    [includeAbandoned, range, zone, playerIds],
  );
  const { data, isPending, isFetching } = useMapAnalytics(versionId, selection);
  const mapPicture = useRef<HTMLDivElement>(null);
  const bounds = useMemo(() => (data ? boundsOf(data) : null), [data]);

  if (isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!data) return <Text c="dimmed">{t('analytics.nothingToShow')}</Text>;
  const questionOptions = data.questions.map((question) => ({
    value: `${question.interactionId} ${question.questionId}`,
    label: [question.title || question.name, question.questionTitle].filter(Boolean).join(' — '),
  }));
  const question = data.questions.find((found) => `${found.interactionId} ${found.questionId}` === questionKey) ?? null;
  const playerOptions = [...new Map(data.players.map((player) => [player.playerId, player.name])).entries()].map(
    ([value, label]) => ({ value, label }),
  );
  const fixes = data.heat.cells.reduce((sum, cell) => sum + cell.count, 0);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <DatePickerInput
          type="range"
          label={t('analytics.map.dates', { zone: zone ?? t('analytics.map.browserZone') })}
          placeholder={t('analytics.map.allDates')}
          valueFormat="DD/MM/YYYY"
          value={range}
          onChange={(value) => setRange([value[0] ? String(value[0]) : null, value[1] ? String(value[1]) : null])}
          clearable
          w={{ base: '100%', sm: 260 }}
        />
        <MultiSelect
          label={t('analytics.map.tracks')}
          placeholder={t('analytics.map.tracksPlaceholder')}
          data={playerOptions}
          value={playerIds}
          onChange={setPlayerIds}
          maxValues={MAP_ANALYTICS_MAX_PLAYERS}
          searchable
          clearable
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('analytics.map.answersOf')}
          placeholder={t('analytics.map.questionPlaceholder')}
          data={questionOptions}
          value={questionKey}
          onChange={setQuestionKey}
          clearable
          w={{ base: '100%', sm: 300 }}
        />
        {isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
      </Group>
      <StatsPanel title={t('analytics.map.heatmap')} csv={heatCsv(data.heat)}>
        <Group justify="space-between">
          <Group gap="xl">
            <Figure label={t('analytics.map.players')}>{data.players.length}</Figure>
            <Figure label={t('analytics.map.positions')}>{fixes}</Figure>
          </Group>
          <PngButton target={mapPicture} fileName="MapHeat.png" />
        </Group>
        <div ref={mapPicture}>
          <MapFrame h={460} label={t('analytics.map.mapLabel')}>
            <MapContainer
              key={bounds ? bounds.toBBoxString() : 'world'}
              bounds={bounds ?? undefined}
              center={bounds ? undefined : [0, 0]}
              zoom={bounds ? undefined : 2}
              style={{ height: '100%' }}
            >
              <MapLayers data={data} question={question} zone={zone} />
            </MapContainer>
          </MapFrame>
        </div>
      </StatsPanel>
      <GeofenceTable locations={data.locations} />
      <FunnelPanel funnel={data.funnel} />
      <StatsPanel title={t('analytics.map.answers')} csv={answersCsv(data.questions)}>
        <Group gap="xs">
          <ExportLegend colour={answerColour({ right: 1, wrong: 0 })} label={t('analytics.map.allRight')} />
          <ExportLegend colour={answerColour({ right: 0, wrong: 1 })} label={t('analytics.map.allWrong')} />
          <ExportLegend colour={answerColour({ right: 1, wrong: 1 })} label={t('analytics.map.both')} />
        </Group>
        <QuestionsTable questions={data.questions} />
      </StatsPanel>
    </Stack>
  );
}

function ExportLegend({ colour, label }: { colour: string; label: string }) {
  return (
    <Group gap={4}>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: colour }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

export default MapAnalyticsPanel;
