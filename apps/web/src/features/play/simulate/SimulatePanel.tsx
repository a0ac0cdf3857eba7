import type { Output, PlayEvent } from '@loci/domain';
import { compileSpec, type LatLng } from '@loci/engine';
import { Box, Button, Collapse, Divider, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockSpeed } from '../clock/ClockSpeed';
import { RoutePanel, type RouteSettings } from './RoutePanel';
import { SimulatedPlayers } from './SimulatedPlayers';
import { useWorkingSpec } from './simulate-api';
import { useRoutePlayback } from './useRoutePlayback';
import './locales';

export interface SimulatePanelProps {
  gameId: string;
  /** The playtest's instance (its clock's speed is set on it); null before the start. */
  instanceId: string | null;
  /** The speed of the instance's clock as the last view said (1–20×). */
  clockRate: number;
  /** What waits for the player's answer now. */
  dialog: Output | null | undefined;
  busy: boolean;
  /** The game is over for the player (a simulated walk stops). */
  ended: boolean;
  send: (event: PlayEvent) => void;
  /** The player's own position (the walker's): the simulated fixes go through it. */
  moveTo: (lat: number, lng: number, accuracy?: number) => void;
  /** Set while the designer draws a route: the map's clicks add its points instead of walking. */
  drawer: { current: ((lat: number, lng: number) => void) | null };
  /** Told the route whenever it changes (the map draws it). */
  onRoute?: (route: readonly LatLng[]) => void;
  /** The trace, under the simulation's controls. */
  children: ReactNode;
}

/** The playtest's side column: simulated routes and players above the trace. Loaded only in a playtest. */
export default function SimulatePanel({
  gameId,
  instanceId,
  clockRate,
  dialog,
  busy,
  ended,
  send,
  moveTo,
  drawer,
  onRoute,
  children,
}: SimulatePanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [settings, setSettings] = useState<RouteSettings>({ route: [], speed: 5, noise: null, policy: 'stop' });
  const [rate, setRate] = useState(clockRate);
  // A restart is a new instance, at 1× until the designer chooses again.
  useEffect(() => setRate(clockRate), [clockRate, instanceId]);
  const spec = useWorkingSpec(gameId);
  const compiled = useMemo(() => (spec.data ? compileSpec(spec.data) : null), [spec.data]);
  const playback = useRoutePlayback({ ...settings, seed: 1, compiled, dialog, busy, ended, moveTo, send });

  useEffect(() => onRoute?.(settings.route), [settings.route, onRoute]);
  useEffect(() => {
    drawer.current = drawing
      ? (lat, lng) => setSettings((now) => ({ ...now, route: [...now.route, { latitude: lat, longitude: lng }] }))
      : null;
    return () => {
      drawer.current = null;
    };
  }, [drawing, drawer]);

  return (
    <Stack h="100%" gap={0} style={{ minHeight: 0 }}>
      <Button
        variant="subtle"
        justify="space-between"
        fullWidth
        radius={0}
        rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
      >
        {t('play.simulate.title')}
      </Button>
      <Collapse expanded={open}>
        <ScrollArea.Autosize mah="55dvh" type="auto">
          <Stack gap="sm" p="sm" role="region" aria-label={t('play.simulate.title')}>
            <ClockSpeed instanceId={instanceId} rate={rate} onRate={setRate} />
            <Divider />
            <RoutePanel
              settings={settings}
              onChange={setSettings}
              drawing={drawing}
              onDrawing={setDrawing}
              status={playback.status}
              walked={playback.walked}
              onPlay={playback.play}
              onStop={playback.stop}
            />
            <Divider />
            <Title order={3} size="h6">
              {t('play.simulate.players')}
            </Title>
            {spec.error && (
              <Text size="sm" c="red">
                {t('play.simulate.specError')}
              </Text>
            )}
            <SimulatedPlayers spec={spec.data} route={settings.route} noise={settings.noise} clockRate={rate} />
          </Stack>
        </ScrollArea.Autosize>
      </Collapse>
      <Divider />
      <Box style={{ flex: 1, minHeight: 0 }}>{children}</Box>
    </Stack>
  );
}
