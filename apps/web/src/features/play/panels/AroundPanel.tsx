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
      {sight.inside ? (
        <Text size="sm" c="dimmed">
          {t('play.map.inside')}
        </Text>
      ) : (
        <Direction from={from} to={sight.to} heading={heading} distance={sight.distance} />
      )}
    </Group>
  );
}

/**
 * What the map shows, as a list (for whoever cannot see the map well, or reads with a screen reader): the places
 * and things the player perceives that have a position, nearest first, each with its distance and direction in
 * words. With the game's seeDirections capability it also names the target — the nearest place the player is not
 * in yet — and the arrows turn with the phone's compass (on iOS the compass needs the player's permission, asked
 * on a tap).
 */
export function AroundPanel({
  view,
  index,
  position,
  heading,
  needsPermission,
  onAskCompass,
  directions,
}: {
  view: PlayerView;
  index: SpecIndex;
  position: LatLng | null;
  heading: number | null;
  needsPermission: boolean;
  onAskCompass: () => void;
  /** The game's seeDirections: the target and the compass. */
  directions: boolean;
}) {
  const { t } = useTranslation();
  if (!position) return <Text size="sm">{t('play.things.none')}</Text>;
  const sights = sightsFrom(view, index, position);
  const target = directions ? sights.find((sight) => !sight.inside && index.location(sight.id)) : undefined;
  const turning = directions ? heading : null;
  return (
    <Stack gap="sm">
      {directions && needsPermission && (
        <Button variant="light" leftSection={<IconCompass size={16} />} onClick={onAskCompass}>
          {t('play.direction.compass')}
        </Button>
      )}
      {target && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600} id="around-target">
            {t('play.direction.target')}
          </Text>
          <Stack gap={4} role="list" aria-labelledby="around-target">
            <SightRow sight={target} from={position} heading={turning} />
          </Stack>
        </Stack>
      )}
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} id="around-all">
          {t('play.direction.around')}
        </Text>
        {sights.length === 0 ? (
          <Text size="sm">{t('play.things.none')}</Text>
        ) : (
          <Stack gap={4} role="list" aria-labelledby="around-all">
            {sights.map((sight) => (
              <SightRow key={sight.id} sight={sight} from={position} heading={turning} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
