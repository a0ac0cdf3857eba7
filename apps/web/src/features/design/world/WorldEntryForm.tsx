import {
  TEXT_CODE_EVENT_TYPE,
  directContactEventName,
  type WorldEntry,
  type WorldEntryType,
  type WorldEntryValues,
} from '@loci/domain';
import { Alert, Button, Divider, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconQrcode } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormShell,
  LatitudeField,
  LongitudeField,
  serverFieldErrors,
  useStoredValues,
  type LeavePermit,
} from '../../../components/forms';
import { NameField } from '../common';
import { QrCodeDialog } from '../qr/QrCodeDialog';
import { PayloadFields } from './PayloadFields';
import { WorldEntryMap } from './WorldEntryMap';
import {
  emptyPayload,
  findType,
  labelOf,
  payloadFieldsOf,
  sceneContaining,
  sceneHolds,
  toFormValues,
  toWorldEntryBody,
  typeIdField,
  typeIdOf,
  typesOf,
  validateWorldEntry,
  type WorldEntryFormValues,
  type WorldSpecs,
} from './world-values';
import './locales';
import './placement-locales';
import { domainText } from '../../../i18n/domain';

export interface WorldEntryFormProps {
  gameId: string;
  type: WorldEntryType;
  /** The stored entry (edit), or what a new one starts with (e.g. its type); nothing for a blank new one. */
  value?: Partial<WorldEntry>;
  /** The scenes, object types and offers to pick from (GET …/initialStateSpecs). */
  specs: WorldSpecs;
  readOnly: boolean;
  /**
   * Save: called with the body the domain schema makes of the values (spec 3 §7).
   * A rejection carrying the server's field errors puts them under their fields.
   */
  onSubmit: (values: WorldEntryValues) => unknown;
  /** Delete, for a stored entry; the form asks 'Are you really sure?' first. */
  onDelete?: () => unknown;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /** The page's own navigation (after save, delete, Cancel) passes the unsaved-changes guard with it. */
  permit?: LeavePermit;
}

/** Height of the marker map of the form. */
const MAP_HEIGHT = 400;

function asNumber(value: number | string): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
}

/** Where a new entry's marker starts: the first scene (not the universe) that has a centre. */
function startingPlace(specs: WorldSpecs) {
  const scene =
    specs.scenes.find((candidate) => candidate.center && !candidate.universe) ??
    specs.scenes.find((candidate) => candidate.center);
  return scene?.center ?? undefined;
}

/**
 * The world object / offer form (spec 3 §2–5): system name, scene (its change
 * moves the marker to the scene's centre), object type or offer (its change
 * resets the payload), a marker to drag (it sets the place and the scene that
 * holds it), latitude and longitude, approval for moderated types, and the
 * payload by the type's payloadSpec. Validated by the domain's schema.
 */
export function WorldEntryForm({
  gameId,
  type,
  value,
  specs,
  readOnly,
  onSubmit,
  onDelete,
  onCancel,
  permit,
}: WorldEntryFormProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [qrOpened, setQrOpened] = useState(false);
  const specsRef = useRef(specs);
  useEffect(() => {
    specsRef.current = specs;
  });

  // Where the form starts: the stored entry, or a new one (placed at the first scene's centre).
  const startFrom = useCallback(
    (entry: Partial<WorldEntry> | undefined) => {
      const values = toFormValues(type, entry);
      const place = startingPlace(specsRef.current);
      if (!entry?.location && place) values.location = { ...place };
      return values;
    },
    [type],
  );
  const [initialValues] = useState(() => startFrom(value));
  const form = useForm<WorldEntryFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateWorldEntry(type, values, specsRef.current),
  });
  // A new stored value, or a new entry to create, starts the form again.
  useStoredValues(form, { type, value }, (next) => startFrom(next.value), { force: true });

  const { values, setFieldValue } = form;
  const typeField = typeIdField(type);
  const typeId = typeIdOf(type, values);
  const chosenType = findType(specs, type, typeId);
  const fields = useMemo(() => payloadFieldsOf(chosenType?.payloadSpec), [chosenType]);
  const moderated = type === 'object' && (chosenType as { moderated?: boolean } | undefined)?.moderated === true;
  const storedId = value?.id;

  const sceneOptions = specs.scenes.map((scene) => ({
    value: scene.id,
    label: scene.universe ? `${labelOf(scene)} (${t('design.world.universe')})` : labelOf(scene),
  }));
  const typeOptions = typesOf(specs, type).map((candidate) => ({ value: candidate.id, label: labelOf(candidate) }));

  // Choosing a scene (each time, spec 3 §4) moves the marker to its centre when the marker lies outside it, and
  // keeps a position already inside it; a marker typed outside its scene afterwards is warned about below.
  const handleSceneChange = (sceneId: string | null) => {
    setFieldValue('sceneId', sceneId ?? '');
    const scene = specs.scenes.find((candidate) => candidate.id === sceneId);
    const { latitude, longitude } = form.getValues().location;
    if (scene?.center && !sceneHolds(scene, asNumber(latitude), asNumber(longitude))) {
      setFieldValue('location', { latitude: scene.center.latitude, longitude: scene.center.longitude });
    }
  };
  const chosenScene = specs.scenes.find((scene) => scene.id === values.sceneId);
  const outsideScene =
    chosenScene !== undefined &&
    !sceneHolds(chosenScene, asNumber(values.location.latitude), asNumber(values.location.longitude));

  const handleTypeChange = (nextTypeId: string | null) => {
    setFieldValue(typeField, nextTypeId ?? '');
    setFieldValue('payload', emptyPayload(specs, type, nextTypeId ?? ''));
  };

  const handleDrop = useCallback(
    (latitude: number, longitude: number) => {
      setFieldValue('location', { latitude, longitude });
      // Dropped inside a scene: that scene; outside every one: the scene stays (and the warning shows).
      const holding = sceneContaining(specsRef.current.scenes, latitude, longitude);
      if (holding) setFieldValue('sceneId', holding);
    },
    [setFieldValue],
  );

  const handleSubmit = async (submitted: WorldEntryFormValues) => {
    const body = toWorldEntryBody(type, submitted, specs);
    setSaving(true);
    try {
      await onSubmit(body);
      form.resetDirty();
    } catch (error) {
      const errors = serverFieldErrors(error);
      if (errors) form.setErrors(errors);
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async () => {
    if (!onDelete) return;
    setDeleting(true);
    try {
      await onDelete();
    } catch {
      // The caller toasts the failure.
    } finally {
      setDeleting(false);
    }
  };

  const entityForm = {
    gameId,
    kind: type === 'object' ? ('archetype' as const) : ('offer' as const),
    entityId: storedId,
    readOnly,
  };

  return (
    <FormShell
      form={form}
      onSubmit={handleSubmit}
      label={
        storedId
          ? t('design.world.editEntry', { name: value?.name ?? '' })
          : type === 'object'
            ? t('design.world.newObject')
            : t('design.world.newOffer')
      }
      // The page shows the heading, the lock and the read-only note.
      canEdit
      readOnlyNote={null}
      readOnly={readOnly}
      onCancel={onCancel}
      deletion={
        onDelete && storedId
          ? {
              title: t('design.world.deleteTitle', { name: value?.name ?? '' }),
              text: domainText(t, 'DESIGN_TEXTS', 'confirmDelete'),
              confirmLabel: t('design.world.remove'),
              onConfirm: handleDelete,
              loading: deleting,
            }
          : undefined
      }
      extraActions={
        type === 'object' &&
        storedId &&
        values.archetypeId && (
          <Button variant="light" leftSection={<IconQrcode size={16} />} onClick={() => setQrOpened(true)}>
            {t('design.world.qrCode')}
          </Button>
        )
      }
      saving={saving}
      permit={permit}
    >
      <NameField form={form} entityForm={entityForm} activeForm={type === 'object' ? 'object' : 'offerObject'} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('design.world.scene')}
          placeholder={t('design.world.pickPlaceholder')}
          withAsterisk
          searchable
          allowDeselect={false}
          data={sceneOptions}
          value={values.sceneId || null}
          onChange={handleSceneChange}
          error={form.errors.sceneId}
          disabled={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={type === 'object' ? t('design.world.objectType') : t('design.world.offer')}
          placeholder={t('design.world.pickPlaceholder')}
          withAsterisk
          searchable
          allowDeselect={false}
          data={typeOptions}
          value={typeId || null}
          onChange={handleTypeChange}
          error={form.errors[typeField]}
          disabled={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('design.world.entryMap')}
        </Text>
        {!readOnly && (
          <Text size="xs" c="dimmed">
            {t('design.world.entryMapHint')}
          </Text>
        )}
        <WorldEntryMap
          label={t('design.world.entryMap')}
          latitude={asNumber(values.location.latitude)}
          longitude={asNumber(values.location.longitude)}
          scenes={specs.scenes}
          iconUri={chosenType?.iconUri}
          onDrop={handleDrop}
          readOnly={readOnly}
          height={MAP_HEIGHT}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LatitudeField label={t('design.world.latitude')} {...form.getInputProps('location.latitude')} />
        <LongitudeField label={t('design.world.longitude')} {...form.getInputProps('location.longitude')} />
      </SimpleGrid>
      {outsideScene && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
          {t('design.world.outsideScene', { scene: labelOf(chosenScene) })}
        </Alert>
      )}
      {moderated && (
        <Switch
          label={t('design.world.approved')}
          description={t('design.world.approvedHint')}
          {...form.getInputProps('approved', { type: 'checkbox' })}
        />
      )}
      {type === 'offer' && (
        <NumberInput
          label={t('design.world.quantity')}
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          maw={240}
          {...form.getInputProps('quantity')}
        />
      )}
      <Divider label={t('design.world.payload')} labelPosition="left" />
      <PayloadFields
        gameId={gameId}
        type={type}
        fields={fields}
        value={values.payload}
        onChange={(key, next) => setFieldValue('payload', { ...form.getValues().payload, [key]: next })}
        errors={form.errors}
        readOnly={readOnly}
      />
      {type === 'object' && storedId && (
        <QrCodeDialog
          opened={qrOpened}
          onClose={() => setQrOpened(false)}
          gameId={gameId}
          sceneId={value?.sceneId}
          // An object's own code: event type 'do', the one with an in-app text code too.
          eventType={TEXT_CODE_EVENT_TYPE}
          eventName={directContactEventName(values.archetypeId)}
          objectId={storedId}
        />
      )}
    </FormShell>
  );
}
