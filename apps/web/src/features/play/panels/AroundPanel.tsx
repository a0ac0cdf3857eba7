import type { PlayerView } from '@loci/engine';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Direction } from '../gps/Direction';
import type { LatLng } from '../gps/geolocation';
import { proximityFrom } from '../gps/proximity';
import { definitionOf, thingTitle, type SpecIndex } from '../spec-index';
import '../gps/locales';

interface Sight {
  id: string;
  title: string;
  to: LatLng;
  distance: number;
  inside: boolean;
}

/** The places and things the player perceives that have a position, nearest first. */
export function sightsFrom(view: PlayerView, index: SpecIndex, position: LatLng): Sight[] {
  const sights: Sight[] = [];
  for (const perceived of view.perceived.locations) {
    const location = index.location(perceived.id);
    if (!location || !Number.isFinite(location.lat) || !Number.isFinite(location.lng)) continue;
    const to = { lat: location.lat, lng: location.lng };
    const { distance } = proximityFrom(
      position,
      { location: { latitude: to.lat, longitude: to.lng } },
      undefined,
      true,
    );
    sights.push({
      id: location.id,
      title: location.title || location.name,
      to,
      distance: distance ?? 0,
      inside: perceived.inside,
    });
  }
  for (const thing of [...view.perceived.objects, ...view.perceived.offers]) {
    if (!thing.location) continue;
    const { distance } = proximityFrom(position, thing, definitionOf(index, thing), true);
    const to = { lat: thing.location.latitude, lng: thing.location.longitude };
    sights.push({ id: thing.id, title: thingTitle(index, thing), to, distance: distance ?? 0, inside: false });
  }
  return sights.sort((a, b) => a.distance - b.distance);
}

function SightRow({ sight, from, heading }: { sight: Sight; from: LatLng; heading: number | null }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" role="listitem">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {sight.title}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {sight.inside ? t('play.map.inside') : `${Math.round(sight.distance)} m`}
        </Text>
        {!sight.inside && <Direction from={from} to={sight.to} heading={heading} />}
      </Group>
    </Group>
  );
}

/**
 * Orientation (the seeDirections capability): distance and direction to the
 * target — the nearest place the player is not in yet — and to everything in
 * sight, nearest first. With a compass the arrows turn with the phone; on
 * iOS the compass needs the player's permission, asked on a tap.
 */
export function AroundPanel({
  view,
  index,
  position,
  heading,
  needsPermission,
  onAskCompass,
}: {
  view: PlayerView;
  index: SpecIndex;
  position: LatLng | null;
  heading: number | null;
  needsPermission: boolean;
  onAskCompass: () => void;
}) {
  const { t } = useTranslation();
  if (!position) return <Text size="sm">{t('play.things.none')}</Text>;
  const sights = sightsFrom(view, index, position);
  const target = sights.find((sight) => !sight.inside && index.location(sight.id));
  return (
    <Stack gap="sm">
      {needsPermission && (
        <Button variant="light" leftSection={<IconCompass size={16} />} onClick={onAskCompass}>
          {t('play.direction.compass')}
        </Button>
      )}
      {target && (
        <Stack gap={4} role="list" aria-label={t('play.direction.target')}>
          <Text size="xs" c="dimmed" fw={600}>
            {t('play.direction.target')}
          </Text>
          <SightRow sight={target} from={position} heading={heading} />
        </Stack>
      )}
      <Stack gap={4} role="list" aria-label={t('play.direction.around')}>
        <Text size="xs" c="dimmed" fw={600}>
          {t('play.direction.around')}
        </Text>
        {sights.length === 0 && <Text size="sm">{t('play.things.none')}</Text>}
        {sights.map((sight) => (
          <SightRow key={sight.id} sight={sight} from={position} heading={heading} />
        ))}
      </Stack>
    </Stack>
  );
}
