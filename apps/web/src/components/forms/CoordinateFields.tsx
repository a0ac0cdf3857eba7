import { LAT_LNG_STEP } from '@loci/domain';
import { NumberInput, type NumberInputProps } from '@mantine/core';

// The number fields of a place on the map, with the steps and bounds of spec 2 §9.

/** A latitude: -90 to 90 in steps of 0.001, six decimals. */
export function LatitudeField(props: NumberInputProps) {
  return <NumberInput step={LAT_LNG_STEP} decimalScale={6} min={-90} max={90} {...props} />;
}

/** A longitude: -180 to 180 in steps of 0.001, six decimals. */
export function LongitudeField(props: NumberInputProps) {
  return <NumberInput step={LAT_LNG_STEP} decimalScale={6} min={-180} max={180} {...props} />;
}
