import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mediaFileUrl, type PlayEvent } from '../../../api/play';
import type { PerceivedThing } from '../board/PlayMap';
import { RichText } from '../RichText';
import { definitionOf, thingTitle, type SpecIndex } from '../spec-index';
import '../locales';

function payloadEntries(thing: PerceivedThing, index: SpecIndex) {
  const spec = definitionOf(index, thing)?.payloadSpec ?? {};
  return Object.entries(spec)
    .filter(([key, field]) => !field.hidden && !field.objectTitle && thing.payload?.[key] !== undefined)
    .map(([key, field]) => ({ key, field, value: thing.payload[key] }));
}

/** An object or offer the player tapped: what it is, how far, and what they can do with it. */
export function ThingSheet({
  thing,
  index,
  busy,
  onSend,
}: {
  thing: PerceivedThing;
  index: SpecIndex;
  busy?: boolean;
  onSend: (event: PlayEvent) => void;
}) {
  const { t } = useTranslation();
  const definition = definitionOf(index, thing);
  const isOffer = thing.type === 'offer';
  const objectId = thing.id;
  const hasAct = Boolean(definition?.actionLabelAct || definition?.sideeffectsAct?.length);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="lg">
          {thingTitle(index, thing)}
        </Text>
        <Badge color={thing.inRange ? 'teal' : 'gray'} variant="light">
          {thing.inRange ? t('play.map.inRange') : t('play.map.outOfRange')}
        </Badge>
      </Group>
      {thing.distance !== null && (
        <Text size="sm" c="dimmed">
          {t('play.things.distance', { metres: Math.round(thing.distance) })}
        </Text>
      )}
      {isOffer && thing.quantity !== null && (
        <Text size="sm">{t('play.things.quantity', { count: thing.quantity })}</Text>
      )}
      {definition?.description && <RichText html={definition.description} />}
      {payloadEntries(thing, index).map(({ key, field, value }) =>
        field.type === 'image' && value && typeof value === 'object' && 'id' in value ? (
          <Image key={key} src={mediaFileUrl(String((value as { id: unknown }).id))} alt={field.label} radius="sm" />
        ) : (
          <Text key={key} size="sm">
            {!field.hideLabel && <strong>{field.label || key}: </strong>}
            {String(value)}
          </Text>
        ),
      )}
      <Group gap="xs">
        <Button loading={busy} onClick={() => onSend({ type: 'contact', objectId })}>
          {definition?.actionLabelContact || t('play.things.contact')}
        </Button>
        {hasAct && (
          <Button variant="light" loading={busy} onClick={() => onSend({ type: 'act', objectId })}>
            {definition?.actionLabelAct || t('play.things.act')}
          </Button>
        )}
        {!isOffer && definition?.pickable && (
          <Button variant="light" loading={busy} onClick={() => onSend({ type: 'pick', objectId })}>
            {t('play.things.pick')}
          </Button>
        )}
        {isOffer && definition?.pickable !== false && (
          <Button variant="light" loading={busy} onClick={() => onSend({ type: 'offer', objectId, action: 'pick' })}>
            {t('play.things.take')}
          </Button>
        )}
        {!isOffer && definition?.destroyable && (
          <Button variant="light" color="red" loading={busy} onClick={() => onSend({ type: 'destroy', objectId })}>
            {t('play.things.destroy')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
