import type { GameSpec } from '@loci/domain';
import type { LatLng } from '@loci/engine';
import {
  botSeeds,
  runBot,
  summarize,
  type AnswerPolicy,
  type BotOptions,
  type GpsNoise,
  type SimulationSummary,
} from '@loci/engine/simulate';
import { Alert, Badge, Button, Checkbox, Group, List, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';

const BOT_POLICIES: AnswerPolicy[] = ['correct', 'first', 'wrong'];

/** Game time as m:ss (or h:mm:ss). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Runs the players one by one, yielding to the page between two, so it stays responsive. */
async function runPlayers(spec: GameSpec, options: BotOptions, count: number, seed: number) {
  const results = [];
  for (const [i, botSeed] of botSeeds(seed, count).entries()) {
    results.push(runBot(spec, options, botSeed, `bot-${i + 1}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return summarize(seed, results);
}

function Summary({ summary, spec }: { summary: SimulationSummary; spec: GameSpec | undefined }) {
  const { t } = useTranslation();
  const sceneTitle = (id: string) => {
    const scene = spec?.entities.scene.find((entity) => entity.id === id);
    return scene?.title || scene?.name || '—';
  };
  const time = summary.timeToComplete;
  return (
    <Stack gap={4} role="region" aria-label={t('play.simulate.result')}>
      <Group gap="xs">
        <Badge color="green" variant="light">
          {t('play.simulate.completed', { count: summary.completed, players: summary.players })}
        </Badge>
        <Badge color={summary.stuck > 0 ? 'red' : 'gray'} variant="light">
          {t('play.simulate.stuck', { count: summary.stuck })}
        </Badge>
        {summary.ended > 0 && (
          <Badge color="gray" variant="light">
            {t('play.simulate.ended', { count: summary.ended })}
          </Badge>
        )}
      </Group>
      {time && (
        <Text size="sm">
          {t('play.simulate.time', {
            median: formatDuration(time.medianMs),
            min: formatDuration(time.minMs),
            max: formatDuration(time.maxMs),
          })}
        </Text>
      )}
      {summary.walkedIn.map((walked) => (
        <Alert key={walked.sceneId} color="orange" variant="light" p="xs">
          <Text size="sm">
            {t('play.simulate.walkedIn', { count: walked.count, scene: sceneTitle(walked.sceneId) })}
          </Text>
        </Alert>
      ))}
      {summary.stuckPlaces.length > 0 && (
        <List size="sm" spacing={4}>
          {summary.stuckPlaces.map((place) => (
            <List.Item key={place.playerIds.join()}>
              <Text size="sm" span fw={600}>
                {t('play.simulate.stuckAt', { count: place.count, scene: place.sceneName ?? '—' })}
              </Text>{' '}
              <Text size="sm" span>
                {t(`play.simulate.reasons.${place.reason}`)}
                {' · '}
                {t('play.simulate.lastRule', { rule: place.lastRule?.name ?? '—' })}
                {place.openDialogs.length > 0 &&
                  ` · ${t('play.simulate.openDialogs', {
                    dialogs: place.openDialogs.map((d) => d.name ?? d.interactionId ?? d.action).join(', '),
                  })}`}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** "Run N simulated players" on the working version, in the browser: who completes, how fast, where the others get stuck. */
export function SimulatedPlayers({
  spec,
  route,
  noise,
  clockRate = 1,
}: {
  spec: GameSpec | undefined;
  route: LatLng[];
  noise: GpsNoise | null;
  /** The playtest's clock speed (issue 28): the bots' clocks run as fast. */
  clockRate?: number;
}) {
  const { t } = useTranslation();
  const [count, setCount] = useState(10);
  const [seed, setSeed] = useState(1);
  const [policy, setPolicy] = useState<AnswerPolicy>('correct');
  const [ownRoute, setOwnRoute] = useState(false);
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<SimulationSummary | null>(null);

  const start = async () => {
    if (!spec) return;
    setRunning(true);
    try {
      const options: BotOptions = { policy, noise, route: ownRoute && route.length > 1 ? route : null, clockRate };
      setSummary(await runPlayers(spec, options, count, seed));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group grow gap="xs">
        <NumberInput
          size="xs"
          label={t('play.simulate.count')}
          min={1}
          max={200}
          value={count}
          onChange={(value) => setCount(Math.max(1, Math.min(200, Number(value) || 1)))}
        />
        <NumberInput
          size="xs"
          label={t('play.simulate.seed')}
          min={0}
          value={seed}
          onChange={(value) => setSeed(Number(value) || 0)}
        />
      </Group>
      <Select
        size="xs"
        label={t('play.simulate.botPolicy')}
        value={policy}
        allowDeselect={false}
        onChange={(value) => value && setPolicy(value as AnswerPolicy)}
        data={BOT_POLICIES.map((value) => ({ value, label: t(`play.simulate.policies.${value}`) }))}
      />
      <Checkbox
        size="xs"
        label={t('play.simulate.ownRoute')}
        disabled={route.length < 2}
        checked={ownRoute && route.length > 1}
        onChange={(event) => setOwnRoute(event.currentTarget.checked)}
      />
      <Button
        size="xs"
        leftSection={<IconUsersGroup size={14} />}
        loading={running}
        disabled={!spec}
        onClick={() => void start()}
      >
        {t('play.simulate.run', { count })}
      </Button>
      {summary && <Summary summary={summary} spec={spec} />}
    </Stack>
  );
}
