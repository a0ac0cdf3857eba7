import {
  DESIGN_TEXTS,
  FORM_ERROR_MESSAGE,
  LAT_LNG_STEP,
  TEXT_CODE_EVENT_TYPE,
  directContactEventName,
  type WorldEntry,
  type WorldEntryType,
  type WorldEntryValues,
} from '@loci/domain';
import {
  Alert,
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDeviceFloppy, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
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
}: WorldEntryFormProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [qrOpened, setQrOpened] = useState(false);
  const specsRef = useRef(specs);
  useEffect(() => {
    specsRef.current = specs;
  });

  const initialValues = useMemo(() => {
    const values = toFormValues(type, value);
    const place = startingPlace(specs);
    if (!value?.location && place) values.location = { ...place };
    return values;
    // A new stored value (or a new entry to create) starts the form again; specs only give the starting place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, JSON.stringify(value)]);

  const form = useForm<WorldEntryFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateWorldEntry(type, values, specsRef.current),
  });

  useEffect(() => {
    form.setInitialValues(initialValues);
    form.setValues(initialValues);
    form.resetDirty(initialValues);
    form.clearErrors();
    // Only new initial values reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialValues]);

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

  const handleSceneChange = (sceneId: string | null) => {
    setFieldValue('sceneId', sceneId ?? '');
    const center = specs.scenes.find((scene) => scene.id === sceneId)?.center;
    if (center) setFieldValue('location', { latitude: center.latitude, longitude: center.longitude });
  };

  const handleTypeChange = (nextTypeId: string | null) => {
    setFieldValue(typeField, nextTypeId ?? '');
    setFieldValue('payload', emptyPayload(specs, type, nextTypeId ?? ''));
  };

  const handleDrop = useCallback(
    (latitude: number, longitude: number) => {
      setFieldValue('location', { latitude, longitude });
      setFieldValue('sceneId', sceneContaining(specsRef.current.scenes, latitude, longitude));
    },
    [setFieldValue],
  );

  const handleSubmit = form.onSubmit(async (submitted) => {
    const body = toWorldEntryBody(type, submitted, specs);
    setSaving(true);
    try {
      await onSubmit(body);
      form.resetDirty();
    } catch (error) {
      const errors = isApiError(error) ? error.body?.errors : undefined;
      if (errors && Object.keys(errors).length > 0) form.setErrors(errors);
    } finally {
      setSaving(false);
    }
  });

  const handleDelete = () => {
    if (!onDelete) return;
    modals.openConfirmModal({
      title: t('design.world.deleteTitle', { name: value?.name ?? '' }),
      centered: true,
      children: <Text size="sm">{DESIGN_TEXTS.confirmDelete}</Text>,
      labels: { confirm: t('design.world.remove'), cancel: t('design.world.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setDeleting(true);
        try {
          await onDelete();
        } catch {
          // The caller toasts the failure.
        } finally {
          setDeleting(false);
        }
      },
    });
  };

  const hasErrors = Object.values(form.errors).some(Boolean);
  const entityForm = {
    gameId,
    kind: type === 'object' ? ('archetype' as const) : ('offer' as const),
    entityId: storedId,
    readOnly,
  };

  return (
    <form
      onSubmit={(event) => {
        // React events bubble through portals: keep a modal form's submit to itself.
        event.stopPropagation();
        handleSubmit(event);
      }}
      noValidate
      aria-label={
        storedId
          ? t('design.world.editEntry', { name: value?.name ?? '' })
          : type === 'object'
            ? t('design.world.newObject')
            : t('design.world.newOffer')
      }
    >
      <Stack gap="md">
        {hasErrors && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={FORM_ERROR_MESSAGE}
          >
            {form.errors.generalError ? <Text size="sm">{String(form.errors.generalError)}</Text> : null}
          </Alert>
        )}
        <Fieldset disabled={readOnly} variant="unstyled" p={0} m={0}>
          <Stack gap="md">
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
              <NumberInput
                label={t('design.world.latitude')}
                step={LAT_LNG_STEP}
                decimalScale={6}
                min={-90}
                max={90}
                {...form.getInputProps('location.latitude')}
              />
              <NumberInput
                label={t('design.world.longitude')}
                step={LAT_LNG_STEP}
                decimalScale={6}
                min={-180}
                max={180}
                {...form.getInputProps('location.longitude')}
              />
            </SimpleGrid>
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
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('design.world.cancel')}
            </Button>
          )}
          {type === 'object' && storedId && values.archetypeId && (
            <Button variant="light" leftSection={<IconQrcode size={16} />} onClick={() => setQrOpened(true)}>
              {t('design.world.qrCode')}
            </Button>
          )}
          {onDelete && storedId && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={handleDelete}
              disabled={readOnly}
              loading={deleting}
            >
              {t('design.world.delete')}
            </Button>
          )}
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} disabled={readOnly} loading={saving}>
            {t('design.world.save')}
          </Button>
        </Group>
      </Stack>
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
    </form>
  );
}
