import {
  ICON_SIZE_STEP,
  LOCATION_CONTACT,
  LOCATION_PERCEPTION_LABELS,
  LOCATION_VISIBILITY,
  locationPerceptionOptions,
  newLocationDefaults,
  type DesignEntity,
  type LocationValues,
} from '@loci/domain';
import { Group, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MediaPickerField } from '../../media';
import { ConditionBlocksEditor, type ConditionBlockValue } from '../conditions';
import type { Workspace } from '../../../api/design';
import { EntityFormShell } from '../common/EntityFormShell';
import { EntityPicker } from '../common/EntityPicker';
import { NameTitleFields, NotesField } from '../common/DesignFields';
import { findEntity, gameCenter } from '../common/workspace-data';
import { useDesignEntityForm } from '../common/useDesignEntityForm';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { PlaceFields } from '../common/PlaceFields';
import { spotOf } from '../overview/scene-geometry';
import { vocabulary } from '../common/vocabulary';

/** The location form's values: the domain's, numbers as a NumberInput holds them, conditions as the editor holds them. */
export type LocationFormValues = Omit<
  LocationValues,
  'iconSize' | 'lat' | 'lng' | 'radius' | 'dwell' | 'visible' | 'contactable' | 'if'
> & {
  iconSize: NumberFieldValue;
  dwell: NumberFieldValue;
  lat: NumberFieldValue;
  lng: NumberFieldValue;
  radius: NumberFieldValue;
  visible: string;
  contactable: string;
  if: ConditionBlockValue[];
};

function toFormValues(location: LocationValues): LocationFormValues {
  return {
    ...location,
    iconSize: toNumberField(location.iconSize),
    lat: toNumberField(location.lat),
    lng: toNumberField(location.lng),
    radius: toNumberField(location.radius),
    dwell: toNumberField(location.dwell ?? 0),
    if: location.if as ConditionBlockValue[],
  };
}

// The perception fields whose rules depend on each other (spec 2 §5).
const PERCEPTION_FIELDS = ['visible', 'contactable'] as const;

export interface LocationFormProps {
  entityId?: string;
  /** The scene of a new location (e.g. from the scene page's New place). */
  sceneId?: string;
  /** In a modal: called with the created or saved location, or nothing on cancel and delete. */
  onDone?: (entity?: DesignEntity) => void;
}

/**
 * The location (place) form (spec 2 §3–5): name, title, scene, map icon and
 * its size (step 2), the place (lat, lng, radius 50 m by default) on a map,
 * trackable / visible / contactable with the option sets and messages of
 * §5, and the conditions under which it exists (`if`).
 */
/** Where a new place starts: its scene's centre, else the game's place. */
function centerOf(workspace: Workspace | undefined, sceneId: string | undefined) {
  const scene = findEntity(workspace, 'scene', sceneId);
  return (scene ? spotOf(scene) : null) ?? gameCenter(workspace);
}

export function LocationForm({ entityId, sceneId, onDone }: LocationFormProps) {
  const { t } = useTranslation();
  const { entityForm, form } = useDesignEntityForm('location', entityId, {
    onDone,
    sceneId,
    initialValues: ({ workspace }) => toFormValues(newLocationDefaults(sceneId ?? null, centerOf(workspace, sceneId))),
    fromEntity: (entity, { workspace }) =>
      toFormValues(valuesFrom(newLocationDefaults(null, centerOf(workspace, sceneId)), entity)),
  });
  const { readOnly, gameId, workspace } = entityForm;
  const center = centerOf(workspace, sceneId);
  const { values } = form;
  const offered = locationPerceptionOptions({ trackable: values.trackable, visible: values.visible });

  /** Re-checks visible and contactable after any of the three perception fields changed. */
  const changePerception = (patch: Partial<Pick<LocationFormValues, 'trackable' | 'visible' | 'contactable'>>) => {
    const next = { ...form.getValues(), ...patch };
    form.setValues(patch);
    const errors = entityForm.validate(next);
    for (const field of PERCEPTION_FIELDS) form.setFieldError(field, errors[field] ?? null);
  };

  const perceptionData = (all: readonly string[], allowed: readonly string[]) =>
    all.map((value) => ({
      value,
      label:
        value in LOCATION_PERCEPTION_LABELS
          ? vocabulary.perception(t, value as keyof typeof LOCATION_PERCEPTION_LABELS)
          : value,
      disabled: !allowed.includes(value),
    }));

  return (
    <EntityFormShell entityForm={entityForm} form={form} label={t('design.locations.formLabel')}>
      <NameTitleFields form={form} entityForm={entityForm} />
      <EntityPicker
        gameId={gameId}
        kind="scene"
        label={t('design.kinds.scene')}
        value={values.sceneId}
        onChange={(id) => form.setFieldValue('sceneId', id)}
        error={form.errors.sceneId}
        disabled={readOnly}
      />
      <Group align="flex-end" gap="lg">
        <MediaPickerField
          label={t('design.locations.icon')}
          gameId={gameId}
          value={values.logoId}
          onChange={(id) => form.setFieldValue('logoId', id)}
          error={form.errors.logoId}
          disabled={readOnly}
        />
        <NumberInput
          label={t('design.locations.iconSize')}
          step={ICON_SIZE_STEP}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          maw={160}
          {...form.getInputProps('iconSize')}
        />
      </Group>
      <PlaceFields form={form} readOnly={readOnly} fallback={center} mapLabel={t('design.locations.placeMap')} />
      <Stack gap="sm">
        <Switch
          label={t('design.locations.trackable')}
          description={t('design.locations.trackableHint')}
          checked={values.trackable}
          onChange={(event) => changePerception({ trackable: event.currentTarget.checked })}
        />
        {values.trackable && (
          <NumberInput
            label={t('design.locations.dwell')}
            description={t('design.locations.dwellHint')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            suffix=" s"
            maw={360}
            {...form.getInputProps('dwell')}
          />
        )}
        <Group grow align="flex-start">
          <Select
            label={t('design.locations.visible')}
            data={perceptionData(LOCATION_VISIBILITY, offered.visible)}
            value={values.visible || null}
            onChange={(value) => changePerception({ visible: value ?? '' })}
            error={form.errors.visible}
            allowDeselect={false}
            withAsterisk
          />
          <Select
            label={t('design.locations.contactable')}
            data={perceptionData(LOCATION_CONTACT, offered.contactable)}
            value={values.contactable || null}
            onChange={(value) => changePerception({ contactable: value ?? '' })}
            error={form.errors.contactable}
            allowDeselect={false}
            withAsterisk
          />
        </Group>
      </Stack>
      <ConditionBlocksEditor
        label={t('design.locations.conditions')}
        description={t('design.locations.conditionsHint')}
        value={values.if}
        onChange={(next) => form.setFieldValue('if', next)}
        errors={form.errors}
        errorPath="if"
        readOnly={readOnly}
        gameId={gameId}
      />
      <NotesField {...form.getInputProps('notes')} />
    </EntityFormShell>
  );
}

/** locations/create/0, locations/create/0/:sceneId and locations/edit/:entityId. */
export function LocationFormPage() {
  const { entityId, sceneId } = useParams();
  return <LocationForm key={`${entityId ?? 'new'}:${sceneId ?? ''}`} entityId={entityId} sceneId={sceneId} />;
}
