import { DEBUG_MESSAGES } from '@loci/domain';
import { Alert, Button, Checkbox, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { applyServerFieldErrors } from '../../components/form-errors';
import { PlaygroundMap } from '../../components/map';
import { notifyError } from '../../components/notify';
import { coordinateOf, debugEventOf, type DebugEventValues } from './debug-event';
import { useSendDebugEvent } from './queries';
import './locales';
import { LatitudeField, LongitudeField } from '../../components/forms';
import { domainText } from '../../i18n/domain';

/** Spec 3 §9: the debug map is 800 px high; maps without a place look at latitude 39, longitude 22. */
const MAP_HEIGHT = 800;
const DEFAULT_POSITION = { lat: 39, lng: 22 };

/** Where the page starts: ?lat=&lng= (a game's place, when opened from the game), else spec 3's default. */
function startPosition(search: URLSearchParams): { lat: number; lng: number } {
  const lat = coordinateOf(search.get('lat') ?? '', 90);
  const lng = coordinateOf(search.get('lng') ?? '', 180);
  return lat !== null && lng !== null && search.has('lat') && search.has('lng') ? { lat, lng } : DEFAULT_POSITION;
}
const SERVER_FIELDS = {
  message: 'message',
  room: 'room',
  'payload.location.coords.latitude': 'latitude',
  'payload.location.coords.longitude': 'longitude',
};

/**
 * The debugging tools (spec 3 §2): sends a fake realtime event — by default
 * LOCATION_UPDATE with a position — to a room, by default the signed-in user's
 * own, where their web player listens. The pin and the coordinates follow each
 * other; with 'Send event on pin drop', dropping the pin sends at once.
 */
export function DebuggingToolsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ownId = user?.id ?? '';
  const [search] = useSearchParams();
  const [start] = useState(() => startPosition(search));
  const [invalid, setInvalid] = useState(false);
  const [sendOnDrop, setSendOnDrop] = useState(false);
  const send = useSendDebugEvent();

  const form = useForm<DebugEventValues>({
    initialValues: {
      message: DEBUG_MESSAGES.defaultMessage,
      room: ownId,
      latitude: start.lat,
      longitude: start.lng,
    },
  });

  // The pin stays at the last valid position while a coordinate is being typed or is out of range.
  const [pin, setPin] = useState(start);
  const lat = coordinateOf(form.values.latitude, 90);
  const lng = coordinateOf(form.values.longitude, 180);
  if (lat !== null && lng !== null && (lat !== pin.lat || lng !== pin.lng)) setPin({ lat, lng });

  const handleSend = (values: DebugEventValues) => {
    const event = debugEventOf(values);
    if (!event.ok) {
      form.setErrors(event.errors);
      setInvalid(true);
      return;
    }
    form.clearErrors();
    setInvalid(false);
    send.mutate(event.body, {
      onError: (error) => {
        if (isApiError(error) && error.status === 400) {
          applyServerFieldErrors(form, error, SERVER_FIELDS);
          setInvalid(true);
        } else {
          notifyError(t('debug.sendFailed'), error);
        }
      },
    });
  };

  const handlePinDrop = (latitude: number, longitude: number) => {
    form.setValues({ latitude, longitude });
    if (sendOnDrop) handleSend({ ...form.getValues(), latitude, longitude });
  };

  const room = form.values.room.trim();
  const roomHint =
    ownId && (room === ownId || room === `user:${ownId}`)
      ? t('debug.ownRoomHint', { id: ownId })
      : t('debug.roomHint', { id: room && !room.includes(':') ? room : '{id}' });

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('debug.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('debug.intro')}
          </Text>
        </div>
        {invalid && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {domainText(t, 'DEBUG_MESSAGES', 'payloadValidation')}
          </Alert>
        )}
        <form onSubmit={form.onSubmit(handleSend)} noValidate>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label={t('debug.message')} withAsterisk {...form.getInputProps('message')} />
              <TextInput label={t('debug.room')} description={roomHint} withAsterisk {...form.getInputProps('room')} />
            </Group>
            <Group grow align="flex-start">
              <LatitudeField
                label={t('debug.latitude')}
                clampBehavior="none"
                withAsterisk
                {...form.getInputProps('latitude')}
              />
              <LongitudeField label={t('debug.longitude')} clampBehavior="none" {...form.getInputProps('longitude')} />
            </Group>
            <Group justify="space-between">
              <Checkbox
                label={t('debug.sendOnDrop')}
                checked={sendOnDrop}
                onChange={(event) => setSendOnDrop(event.currentTarget.checked)}
              />
              <Button type="submit" leftSection={<IconSend size={18} />} loading={send.isPending}>
                {t('debug.send')}
              </Button>
            </Group>
          </Stack>
        </form>
        <PlaygroundMap
          lat={pin.lat}
          lng={pin.lng}
          radius={0}
          height={MAP_HEIGHT}
          label={t('debug.map')}
          onMove={handlePinDrop}
        />
      </Stack>
    </Container>
  );
}
