import {
  DIRECT_CONTACT_EVENT_TYPE,
  ICON_SIZE_STEP,
  MIN_OBJECT_RADIUS,
  RADIUS_STEP,
  designSchemaFor,
  directContactEventName,
  hasLocationServices,
  type DesignEntity,
} from '@loci/domain';
import { Alert, Button, Divider, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle, IconQrcode } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { MediaPickerField } from '../../media';
import { ActionsEditor } from '../actions';
import { EntityFormShell, NameTitleFields, NotesField, schemaContextOf, useDesignEntityForm } from '../common';
import { ConditionBlocksEditor } from '../conditions';
import { QrCodeDialog } from '../qr/QrCodeDialog';
import { LimitFields } from './LimitFields';
import {
  defaultsOf,
  duplicateKeyErrors,
  fromEntity,
  payloadSpecOf,
  toBody,
  toFormErrors,
  toFormValues,
  type LimitField,
  type ObjectTypeFormValues,
  type ObjectTypeKind,
} from './object-type-values';
import { PayloadSpecEditor } from './PayloadSpecEditor';
import './locales';
import { domainText } from '../../../i18n/domain';

export interface ObjectTypeFormProps {
  kind: ObjectTypeKind;
  entityId?: string;
  onDone?: (entity?: DesignEntity) => void;
  /** The offer's own fields (the offer form puts them here). */
  renderOfferFields?: (props: OfferFieldsSlotProps) => ReactNode;
}

/** What the offer form's fields get from the shared form. */
export interface OfferFieldsSlotProps {
  form: UseFormReturnType<ObjectTypeFormValues>;
  gameId: string;
  readOnly: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Divider label={title} labelPosition="left" fw={600} />
      {children}
    </Stack>
  );
}

/**
 * The object type (archetype) and offer form (spec 2 §3–5): what an object is
 * (name, title, description, logo, icon size, moderation, its payload
 * properties), how players may handle it (behaviours with their limits and the
 * actions they need), when it is perceived, contacted and acted on (conditions,
 * effects and button labels), and its market fields. Validated by the domain's
 * schema for this game; the direct-contact QR code once stored.
 */
export function ObjectTypeForm({ kind, entityId, onDone, renderOfferFields }: ObjectTypeFormProps) {
  const { t } = useTranslation();
  const { entityForm, form } = useDesignEntityForm<ObjectTypeKind, ObjectTypeFormValues>(kind, entityId, {
    onDone,
    initialValues: () => toFormValues(defaultsOf(kind)),
    fromEntity: (entity) => fromEntity(kind, entity),
    validate: (values, { validate }) => ({
      ...toFormErrors(validate(toBody(kind, values)), values.payloadSpec),
      ...duplicateKeyErrors(values.payloadSpec, t('design.objectTypes.properties.duplicateKey')),
    }),
  });
  const { readOnly, gameId, workspace } = entityForm;
  const [qrOpened, setQrOpened] = useState(false);

  const { values, errors } = form;
  const market = workspace?.game.market ?? false;
  const currency = workspace?.game.currencyName || t('design.objectTypes.currency');
  const locationServices = workspace ? hasLocationServices(workspace.game) : true;
  const actionsContext = useMemo(() => ({ payloadSpec: payloadSpecOf(values.payloadSpec) }), [values.payloadSpec]);

  const handleSubmit = (submitted: ObjectTypeFormValues) => {
    const body = { ...designSchemaFor(kind, schemaContextOf(workspace)).parse(toBody(kind, submitted)) };
    void entityForm.submit(body, {
      setErrors: (serverErrors) =>
        form.setErrors(toFormErrors(serverErrors as Record<string, string>, submitted.payloadSpec)),
    });
  };

  const limit = (field: LimitField, label: string) => (
    <LimitFields
      field={field}
      label={label}
      value={values[field]}
      onChange={(next) => form.setFieldValue(field, next)}
      errors={errors}
      readOnly={readOnly}
    />
  );
  const conditions = (field: 'conditionCreation' | 'conditionPerception' | 'conditionContact' | 'conditionAct') => (
    <ConditionBlocksEditor
      label={t(`design.objectTypes.${field}`)}
      value={values[field]}
      onChange={(next) => form.setFieldValue(field, next)}
      errors={errors}
      errorPath={field}
      readOnly={readOnly}
      gameId={gameId}
    />
  );
  const effects = (
    field: 'sideeffectsContact' | 'sideeffectsElseContact' | 'sideeffectsAct' | 'sideeffectsElseAct',
  ) => (
    <ActionsEditor
      title={t(`design.objectTypes.${field}`)}
      value={values[field]}
      onChange={(next) => form.setFieldValue(field, next)}
      errors={errors}
      errorPath={field}
      readOnly={readOnly}
      gameId={gameId}
      context={actionsContext}
    />
  );
  const behaviour = (field: 'playerGenerated' | 'pickable' | 'redropable' | 'destroyable') => (
    <Switch
      label={t(`design.objectTypes.${field}`)}
      description={t(`design.objectTypes.${field}Hint`)}
      {...form.getInputProps(field, { type: 'checkbox' })}
    />
  );

  const kindLabel = t(`design.kinds.${kind}`);
  const stored = !entityForm.isNew && entityForm.entityId;
  const actEffects = values.sideeffectsAct.length > 0;

  return (
    <>
      <EntityFormShell
        entityForm={entityForm}
        form={form}
        title={
          entityForm.isNew ? t('design.newOf', { label: kindLabel, context: kind }) : (entityForm.entity?.name ?? '')
        }
        label={kind === 'offer' ? t('design.objectTypes.offerFormLabel') : t('design.objectTypes.archetypeFormLabel')}
        onSubmit={handleSubmit}
        extraActions={
          stored ? (
            <Button variant="light" leftSection={<IconQrcode size={16} />} onClick={() => setQrOpened(true)}>
              {t('design.objectTypes.qrCode')}
            </Button>
          ) : undefined
        }
      >
        {!locationServices && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {domainText(t, 'DESIGN_TEXTS', 'noLocationServices')}
          </Alert>
        )}

        <Section title={t('design.objectTypes.sections.general')}>
          <NameTitleFields form={form} entityForm={entityForm} />
          <RichTextEditor
            label={t('design.description')}
            value={values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={errors.description}
            readOnly={readOnly}
            minHeight={120}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MediaPickerField
              label={t('design.objectTypes.logo')}
              gameId={gameId}
              withAsterisk
              value={values.logoId}
              onChange={(id) => form.setFieldValue('logoId', id)}
              error={errors.logoId}
              disabled={readOnly}
            />
            <Stack gap="sm">
              <NumberInput
                label={t('design.objectTypes.iconSize')}
                min={1}
                step={ICON_SIZE_STEP}
                allowDecimal={false}
                allowNegative={false}
                maw={200}
                {...form.getInputProps('iconSize')}
              />
              <Switch
                label={t('design.objectTypes.moderated')}
                description={t('design.objectTypes.moderatedHint')}
                {...form.getInputProps('moderated', { type: 'checkbox' })}
              />
            </Stack>
          </SimpleGrid>
        </Section>

        {kind === 'offer' && renderOfferFields && (
          <Section title={t('design.objectTypes.sections.offer')}>
            {renderOfferFields({ form, gameId, readOnly })}
          </Section>
        )}

        <Section title={t('design.objectTypes.sections.properties')}>
          <PayloadSpecEditor
            value={values.payloadSpec}
            onChange={(rows) => form.setFieldValue('payloadSpec', rows)}
            errors={errors}
            readOnly={readOnly}
          />
        </Section>

        <Section title={t('design.objectTypes.sections.behaviour')}>
          {behaviour('playerGenerated')}
          {values.playerGenerated && (
            <Stack gap="sm" pl="xl">
              {limit('limitCreation', t('design.objectTypes.limit.creation'))}
              {conditions('conditionCreation')}
            </Stack>
          )}
          {behaviour('pickable')}
          {values.pickable && (
            <Stack gap="sm" pl="xl">
              {limit('limitPicks', t('design.objectTypes.limit.picks'))}
            </Stack>
          )}
          {behaviour('redropable')}
          {behaviour('destroyable')}
          {values.destroyable && (
            <Stack gap="sm" pl="xl">
              {limit('limitDestroys', t('design.objectTypes.limit.destroys'))}
            </Stack>
          )}
        </Section>

        <Section title={t('design.objectTypes.sections.perception')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Switch
              label={t('design.objectTypes.trackable')}
              description={t('design.objectTypes.trackableHint')}
              {...form.getInputProps('trackable', { type: 'checkbox' })}
            />
            <Switch label={t('design.objectTypes.visible')} {...form.getInputProps('visible', { type: 'checkbox' })} />
            {locationServices && (
              <>
                <Switch
                  label={t('design.objectTypes.inRangeOnlyContact')}
                  {...form.getInputProps('inRangeOnlyContact', { type: 'checkbox' })}
                />
                <Switch
                  label={t('design.objectTypes.inRangeOnlyAct')}
                  {...form.getInputProps('inRangeOnlyAct', { type: 'checkbox' })}
                />
              </>
            )}
            <Switch
              label={t('design.objectTypes.automaticContact')}
              {...form.getInputProps('automaticContact', { type: 'checkbox' })}
            />
            <Switch
              label={t('design.objectTypes.automaticAct')}
              {...form.getInputProps('automaticAct', { type: 'checkbox' })}
            />
          </SimpleGrid>
          {locationServices && (
            <NumberInput
              label={t('design.objectTypes.radius')}
              withAsterisk
              min={MIN_OBJECT_RADIUS}
              step={RADIUS_STEP}
              allowNegative={false}
              maw={240}
              {...form.getInputProps('radius')}
            />
          )}
          {conditions('conditionPerception')}
        </Section>

        <Section title={t('design.objectTypes.sections.contact')}>
          <TextInput
            label={t('design.objectTypes.actionLabelContact')}
            withAsterisk
            maw={400}
            {...form.getInputProps('actionLabelContact')}
          />
          {conditions('conditionContact')}
          {effects('sideeffectsContact')}
          {effects('sideeffectsElseContact')}
        </Section>

        <Section title={t('design.objectTypes.sections.act')}>
          <TextInput
            label={t('design.objectTypes.actionLabelAct')}
            description={t('design.objectTypes.actionLabelActHint')}
            withAsterisk={actEffects}
            maw={400}
            {...form.getInputProps('actionLabelAct')}
          />
          {conditions('conditionAct')}
          {effects('sideeffectsAct')}
          {effects('sideeffectsElseAct')}
        </Section>

        {market && (
          <Section title={t('design.objectTypes.sections.market')}>
            <Group gap="lg">
              <Switch
                label={t('design.objectTypes.tradable')}
                {...form.getInputProps('tradable', { type: 'checkbox' })}
              />
              <Switch
                label={t('design.objectTypes.redeemable')}
                {...form.getInputProps('redeemable', { type: 'checkbox' })}
              />
            </Group>
            <NumberInput
              label={t('design.objectTypes.price', { currency })}
              min={0}
              allowNegative={false}
              maw={240}
              {...form.getInputProps('price')}
            />
          </Section>
        )}

        <NotesField {...form.getInputProps('notes')} />
      </EntityFormShell>
      {stored && (
        <QrCodeDialog
          opened={qrOpened}
          onClose={() => setQrOpened(false)}
          gameId={gameId}
          eventType={DIRECT_CONTACT_EVENT_TYPE}
          eventName={directContactEventName(stored)}
          objectId={stored}
        />
      )}
    </>
  );
}
