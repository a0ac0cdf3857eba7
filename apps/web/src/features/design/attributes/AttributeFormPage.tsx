import { applyHidden, newAttributeDefaults, type AttributeValues, type DesignEntity } from '@loci/domain';
import { Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityFormShell } from '../common/EntityFormShell';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { NameField } from '../common/NameField';
import { useEntityForm } from '../common/useEntityForm';
import '../common/locales';
import { DescriptionLogoFields, HiddenMarketFields, useStoredValues } from '../../../components/forms';

/** The attribute form's values: the domain's, the price as a NumberInput holds it. */
export type AttributeFormValues = Omit<AttributeValues, 'price'> & { price: NumberFieldValue };

function toFormValues(attribute: AttributeValues): AttributeFormValues {
  return { ...attribute, price: toNumberField(attribute.price) };
}

const fromEntity = (entity: DesignEntity) => toFormValues(valuesFrom(newAttributeDefaults(), entity));

/**
 * The attribute (skill) form (spec 2 §3–5): name, title, description, logo
 * (required); notify on change when not hidden; tradable, redeemable and price
 * (in the game's currency) only with a market and when not hidden.
 */
export function AttributeForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  const { t } = useTranslation();
  const entityForm = useEntityForm('attribute', entityId, { onDone });
  const { readOnly, gameId, workspace } = entityForm;
  const form = useForm<AttributeFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(newAttributeDefaults()),
    validate: (values) => entityForm.validate(values),
  });
  useStoredValues(form, entityForm.entity, fromEntity);

  const market = workspace?.game.market ?? false;
  const currency = workspace?.game.currencyName || t('design.items.currency');
  const { values } = form;
  const handleHidden = (hidden: boolean) => form.setValues(applyHidden({ ...form.getValues(), hidden }));

  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={
        entityForm.isNew ? t('design.newOf', { label: t('design.kinds.attribute') }) : (entityForm.entity?.name ?? '')
      }
      label={t('design.attributes.formLabel')}
      onSubmit={(submitted) => void entityForm.submit(submitted, form)}
    >
      <Group grow align="flex-start">
        <NameField form={form} entityForm={entityForm} />
        <TextInput label={t('design.title')} withAsterisk {...form.getInputProps('title')} />
      </Group>
      <DescriptionLogoFields
        gameId={gameId}
        description={values.description}
        logoId={values.logoId}
        onDescriptionChange={(html) => form.setFieldValue('description', html)}
        onLogoChange={(id) => form.setFieldValue('logoId', id)}
        errors={form.errors}
        logoLabel={t('design.attributes.logo')}
        logoRequired
        readOnly={readOnly}
      />
      <Stack gap="sm">
        <HiddenMarketFields
          hidden={values.hidden}
          onHiddenChange={handleHidden}
          market={market}
          currency={currency}
          switchProps={(field) => form.getInputProps(field, { type: 'checkbox' })}
          priceProps={form.getInputProps('price')}
        />
      </Stack>
      <Textarea
        label={t('design.notes')}
        description={t('design.notesHint')}
        autosize
        minRows={2}
        {...form.getInputProps('notes')}
      />
    </EntityFormShell>
  );
}

/** attributes/create/0 and attributes/edit/:entityId. */
export function AttributeFormPage() {
  const { entityId } = useParams();
  return <AttributeForm key={entityId ?? 'new'} entityId={entityId} />;
}
