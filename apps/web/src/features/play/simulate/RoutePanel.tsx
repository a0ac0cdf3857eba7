import type { LatLng } from '@loci/engine';
import { ANSWER_POLICIES, routeLength, type AnswerPolicy, type GpsNoise } from '@loci/engine/simulate';
import { Button, FileButton, Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconRoute, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GpxError, parseGpx } from './gpx';
import type { PlaybackStatus } from './useRoutePlayback';
import './locales';

export const SPEEDS = [1, 2, 5, 10, 20] as const;

export interface RouteSettings {
  route: LatLng[];
  speed: number;
  /** Null without noise. */
  noise: GpsNoise | null;
  policy: AnswerPolicy;
}

export const DEFAULT_NOISE: GpsNoise = { accuracy: 10, jitter: 5 };

export interface RoutePanelProps {
  settings: RouteSettings;
  onChange: (settings: RouteSettings) => void;
  drawing: boolean;
  onDrawing: (drawing: boolean) => void;
  status: PlaybackStatus;
  /** Metres walked of the route. */
  walked: number;
  onPlay: () => void;
  onStop: () => void;
}

const km = (metres: number) => (metres / 1000).toFixed(2);

/** The playtest's route: drawn by clicks on the map or read from a GPX file, played at a speed with GPS noise. */
export function RoutePanel({
  settings,
  onChange,
  drawing,
  onDrawing,
  status,
  walked,
  onPlay,
  onStop,
}: RoutePanelProps) {
  const { t } = useTranslation();
  const [gpxError, setGpxError] = useState<string | null>(null);
  const set = (patch: Partial<RouteSettings>) => onChange({ ...settings, ...patch });
  const length = settings.route.length > 1 ? routeLength(settings.route) : 0;
  const running = status === 'playing' || status === 'waiting';

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      set({ route: parseGpx(await file.text()) });
      setGpxError(null);
    } catch (error) {
      if (!(error instanceof GpxError)) throw error;
      setGpxError(t('play.simulate.gpxError', { name: file.name }));
    }
  };

  return (
    <Stack gap="xs" role="group" aria-label={t('play.simulate.route')}>
      <Group gap="xs">
        <Button
          size="xs"
          variant={drawing ? 'filled' : 'light'}
          leftSection={<IconRoute size={14} />}
          onClick={() => onDrawing(!drawing)}
          aria-pressed={drawing}
        >
          {drawing ? t('play.simulate.doneDrawing') : t('play.simulate.draw')}
        </Button>
        <FileButton onChange={(file) => void upload(file)} accept=".gpx,application/gpx+xml,application/xml,text/xml">
          {(props) => (
            <Button size="xs" variant="light" leftSection={<IconUpload size={14} />} {...props}>
              {t('play.simulate.gpx')}
            </Button>
          )}
        </FileButton>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={settings.route.length === 0}
          onClick={() => set({ route: [] })}
        >
          {t('play.simulate.clear')}
        </Button>
      </Group>
      {gpxError && (
        <Text size="sm" c="red" role="alert">
          {gpxError}
        </Text>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {drawing && settings.route.length === 0
          ? t('play.simulate.drawHint')
          : t('play.simulate.points', { count: settings.route.length, km: km(length) })}
      </Text>
      <div>
        <Text size="sm" fw={500} id="simulate-speed">
          {t('play.simulate.speed')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="simulate-speed"
          value={String(settings.speed)}
          onChange={(value) => set({ speed: Number(value) })}
          data={SPEEDS.map((speed) => ({ value: String(speed), label: `${speed}×` }))}
        />
      </div>
      <Switch
        size="sm"
        label={t('play.simulate.noise')}
        checked={settings.noise !== null}
        onChange={(event) => set({ noise: event.currentTarget.checked ? DEFAULT_NOISE : null })}
      />
      {settings.noise && (
        <Group grow gap="xs">
          <NumberInput
            size="xs"
            label={t('play.simulate.accuracy')}
            min={0}
            max={200}
            value={settings.noise.accuracy}
            onChange={(value) => set({ noise: { ...settings.noise!, accuracy: Number(value) || 0 } })}
          />
          <NumberInput
            size="xs"
            label={t('play.simulate.jitter')}
            min={0}
            max={200}
            value={settings.noise.jitter}
            onChange={(value) => set({ noise: { ...settings.noise!, jitter: Number(value) || 0 } })}
          />
        </Group>
      )}
      <Select
        size="xs"
        label={t('play.simulate.policy')}
        value={settings.policy}
        allowDeselect={false}
        onChange={(value) => value && set({ policy: value as AnswerPolicy })}
        data={ANSWER_POLICIES.map((policy) => ({ value: policy, label: t(`play.simulate.policies.${policy}`) }))}
      />
      <Group gap="xs">
        {running ? (
          <Button size="xs" color="red" leftSection={<IconPlayerStop size={14} />} onClick={onStop}>
            {t('play.simulate.stop')}
          </Button>
        ) : (
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={settings.route.length < 2 || drawing}
            onClick={onPlay}
          >
            {t('play.simulate.play', { speed: settings.speed })}
          </Button>
        )}
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(`play.simulate.status.${status}`, { walked: km(walked), km: km(length) })}
        </Text>
      </Group>
    </Stack>
  );
}
