import type { PlayerView } from '@loci/engine';
import { Badge, Box, Button, Card, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PerceivedThing } from './PlayMap';
import { thingTitle, type SpecIndex } from '../spec-index';
import '../locales';

/**
 * Image games (no location services): the scene's (or game's) background
 * image, with the places and things the player perceives as a list to tap.
 */
export function ImageBoard({
  imageUrl,
  index,
  view,
  onThing,
  onTapLocation,
}: {
  imageUrl: string | null;
  index: SpecIndex;
  view: PlayerView;
  onThing: (thing: PerceivedThing) => void;
  onTapLocation: (locationId: string) => void;
}) {
  const { t } = useTranslation();
  const things: PerceivedThing[] = [...view.perceived.objects, ...view.perceived.offers];
  const places = view.perceived.locations.filter((place) => index.location(place.id)?.contactable !== 'never');
  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        style={{
          flex: 1,
          minHeight: 160,
          background: imageUrl ? `center / contain no-repeat url("${imageUrl}")` : 'var(--mantine-color-gray-1)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
        role="img"
        aria-label={t('play.map.label')}
      >
        {!imageUrl && <Text c="dimmed">{t('play.map.noBackground')}</Text>}
      </Box>
      <ScrollArea.Autosize mah="40%" type="auto">
        <Stack gap="xs" p="sm">
          {places.length > 0 && (
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {t('play.bar.places')}
            </Text>
          )}
          {places.map((place) => {
            const location = index.location(place.id);
            return (
              <Button
                key={place.id}
                variant={place.inside ? 'filled' : 'light'}
                onClick={() => onTapLocation(place.id)}
              >
                {location?.title || place.name}
              </Button>
            );
          })}
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t('play.bar.things')}
          </Text>
          {things.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('play.things.none')}
            </Text>
          )}
          {things.map((thing) => (
            <Card
              key={thing.id}
              withBorder
              padding="xs"
              component="button"
              onClick={() => onThing(thing)}
              style={{ textAlign: 'left', cursor: 'pointer' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{thingTitle(index, thing)}</Text>
                {thing.type === 'offer' && thing.quantity !== null && <Badge variant="light">{thing.quantity}</Badge>}
              </Group>
            </Card>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Box>
  );
}
