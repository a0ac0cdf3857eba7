import { RADIUS_STEP } from '@loci/domain';
import { Group, NumberInput, Stack } from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaygroundMap } from '../../../components/map';
import { WorkspaceContext } from '../shell/workspace-context';
import { numberOf, type NumberFieldValue } from './form-values';
import './locales';
import { LatitudeField, LongitudeField } from '../../../components/forms';

/** The part of a Mantine form PlaceFields uses: its values have lat, lng and radius. */
interface PlaceForm {
  values: { lat: NumberFieldValue; lng: NumberFieldValue; radius: NumberFieldValue };
  errors: FormErrors;
  getInputProps: (path: 'lat' | 'lng' | 'radius') => GetInputPropsReturnType;
  setFieldValue: (path: 'lat' | 'lng', value: number) => void;
}

export interface PlaceFieldsProps {
  form: PlaceForm;
  readOnly: boolean;
  /** Where the map looks when the fields are empty (the game's centre). */
  fallback: { lat: number; lng: number };
  /** Names the map for assistive technology. */
  mapLabel: string;
  mapHeight?: number;
}

/**
 * Latitude, longitude and radius (steps 0.001, 0.001 and 10, spec 2 §9) with a
 * map: a draggable marker (or a click) moves the place; the circle shows the radius.
 */
export function PlaceFields({ form, readOnly, fallback, mapLabel, mapHeight = 400 }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const mapType = useContext(WorkspaceContext)?.workspace.game.pg.mapType;
  const lat = numberOf(form.values.lat, fallback.lat);
  const lng = numberOf(form.values.lng, fallback.lng);
  const radius = numberOf(form.values.radius, 0);
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <LatitudeField label={t('design.place.lat')} {...form.getInputProps('lat')} />
        <LongitudeField label={t('design.place.lng')} {...form.getInputProps('lng')} />
        <NumberInput
          label={t('design.place.radius')}
          step={RADIUS_STEP}
          min={1}
          allowNegative={false}
          withAsterisk
          {...form.getInputProps('radius')}
        />
      </Group>
      <PlaygroundMap
        lat={lat}
        lng={lng}
        radius={radius}
        readOnly={readOnly}
        height={mapHeight}
        label={mapLabel}
        mapType={mapType}
        onMove={(nextLat, nextLng) => {
          form.setFieldValue('lat', nextLat);
          form.setFieldValue('lng', nextLng);
        }}
      />
    </Stack>
  );
}
