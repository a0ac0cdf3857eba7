import type { RelocationRequest } from '@loci/domain';
import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlaygroundMap } from '../../components/map';
import './locales';

interface Props {
  value: RelocationRequest;
  onChange: (value: RelocationRequest) => void;
  /** The radius drawn around the new centre: the game's playground. */
  radius: number;
  errors?: Partial<Record<keyof RelocationRequest, string>>;
}

const asNumber = (value: string | number, fallback: number) => (typeof value === 'number' ? value : fallback);

/** The new centre of a game, picked on the map or typed, and a rotation. */
export function RelocationFields({ value, onChange, radius, errors }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('bundles.relocateHint')}
      </Text>
      <PlaygroundMap
        lat={value.lat}
        lng={value.lng}
        radius={radius}
        height={320}
        label={t('bundles.newCentre')}
        onMove={(lat, lng) => onChange({ ...value, lat, lng })}
      />
      <Group grow>
        <NumberInput
          label={t('bundles.lat')}
          value={value.lat}
          decimalScale={6}
          min={-85}
          max={85}
          error={errors?.lat}
          onChange={(lat) => onChange({ ...value, lat: asNumber(lat, value.lat) })}
        />
        <NumberInput
          label={t('bundles.lng')}
          value={value.lng}
          decimalScale={6}
          min={-180}
          max={180}
          error={errors?.lng}
          onChange={(lng) => onChange({ ...value, lng: asNumber(lng, value.lng) })}
        />
        <NumberInput
          label={t('bundles.rotation')}
          value={value.rotation}
          min={-360}
          max={360}
          error={errors?.rotation}
          onChange={(rotation) => onChange({ ...value, rotation: asNumber(rotation, value.rotation) })}
        />
      </Group>
    </Stack>
  );
}
