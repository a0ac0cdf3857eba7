import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mediaFileUrl, type PlayEvent } from '../../../api/play';
import type { PerceivedThing } from '../board/PlayMap';
import { Direction } from '../gps/Direction';
import type { LatLng } from '../gps/geolocation';
import { proximityFrom } from '../gps/proximity';
import { RichText } from '../RichText';
import { definitionOf, thingTitle, type SpecIndex } from '../spec-index';
import '../locales';

function payloadEntries(thing: PerceivedThing, index: SpecIndex) {
  const spec = definitionOf(index, thing)?.payloadSpec ?? {};
  return Object.entries(spec)
    .filter(([key, field]) => !field.hidden && !field.objectTitle && thing.payload?.[key] !== undefined)
    .map(([key, field]) => ({ key, field, value: thing.payload[key] }));
}

const PICK_ACTIONS = ['pickObject', 'pickObjectClone'];
const DESTROY_ACTIONS = ['destroyObject'];

/** Whether contacting or acting on the thing already runs one of `actions` (then it needs no button of its own). */
function doneByContactOrAct(definition: ReturnType<typeof definitionOf>, actions: string[]): boolean {
  const effects = [...effectsOf(definition, 'sideeffectsContact'), ...effectsOf(definition, 'sideeffectsAct')];
  return effects.some((effect) => typeof effect.actionName === 'string' && actions.includes(effect.actionName));
}

/**
 * The side effects of a definition where it carries them: a player-safe spec leaves them out
 * (they decide the game), a playtest's full design keeps them.
 */
function effectsOf(
  definition: ReturnType<typeof definitionOf>,
  key: 'sideeffectsContact' | 'sideeffectsAct',
): Array<{ actionName?: unknown }> {
  const effects: unknown = definition?.[key];
  return Array.isArray(effects)
    ? effects.filter((effect): effect is { actionName?: unknown } => effect !== null && typeof effect === 'object')
    : [];
}

/**
 * An object or offer the player tapped: what it is, how far and which way,
 * and what they can do with it — one button per action: a pick or destroy
 * that the contact or act button already does gets no button of its own.
 * "In range" is judged from the player's dot by the engine's rule.
 */
export function ThingSheet({
  thing,
  index,
  busy,
  position = null,
  mapGame = true,
  heading = null,
  onSend,
}: {
  thing: PerceivedThing;
  index: SpecIndex;
  busy?: boolean;
  /** The player's dot; without it, the view's own proximity is shown. */
  position?: LatLng | null;
  mapGame?: boolean;
  /** The device's compass heading, when it has one. */
  heading?: number | null;
  onSend: (event: PlayEvent) => void;
}) {
  const { t } = useTranslation();
  const definition = definitionOf(index, thing);
  const isOffer = thing.type === 'offer';
  const objectId = thing.id;
  const hasAct = Boolean(definition?.actionLabelAct || effectsOf(definition, 'sideeffectsAct').length);
  const { inRange, distance } = position ? proximityFrom(position, thing, definition, mapGame) : thing;
  const showPick = !isOffer && definition?.pickable && !doneByContactOrAct(definition, PICK_ACTIONS);
  const showDestroy = !isOffer && definition?.destroyable && !doneByContactOrAct(definition, DESTROY_ACTIONS);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="lg">
          {thingTitle(index, thing)}
        </Text>
        <Badge color={inRange ? 'teal' : 'gray'} variant="light">
          {inRange ? t('play.map.inRange') : t('play.map.outOfRange')}
        </Badge>
      </Group>
      {distance !== null && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('play.things.distance', { metres: Math.round(distance) })}
          </Text>
          {position && thing.location && (
            <Direction
              from={position}
              to={{ lat: thing.location.latitude, lng: thing.location.longitude }}
              heading={heading}
            />
          )}
        </Group>
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
        {showPick && (
          <Button variant="light" loading={busy} onClick={() => onSend({ type: 'pick', objectId })}>
            {t('play.things.pick')}
          </Button>
        )}
        {isOffer && definition?.pickable !== false && (
          <Button variant="light" loading={busy} onClick={() => onSend({ type: 'offer', objectId, action: 'pick' })}>
            {t('play.things.take')}
          </Button>
        )}
        {showDestroy && (
          <Button variant="light" color="red" loading={busy} onClick={() => onSend({ type: 'destroy', objectId })}>
            {t('play.things.destroy')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
