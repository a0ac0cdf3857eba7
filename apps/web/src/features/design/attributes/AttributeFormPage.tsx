import { applyHidden, newAttributeDefaults, type AttributeValues, type DesignEntity } from '@loci/domain';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityFormShell } from '../common/EntityFormShell';
import { NameTitleFields, NotesField } from '../common/DesignFields';
import { useDesignEntityForm } from '../common/useDesignEntityForm';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { DescriptionLogoFields, HiddenMarketFields } from '../../../components/forms';

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
  const { entityForm, form } = useDesignEntityForm('attribute', entityId, {
    onDone,
    initialValues: () => toFormValues(newAttributeDefaults()),
    fromEntity,
  });
  const { readOnly, gameId, workspace } = entityForm;

  const market = workspace?.game.market ?? false;
  const currency = workspace?.game.currencyName || t('design.items.currency');
  const { values } = form;
  const handleHidden = (hidden: boolean) => form.setValues(applyHidden({ ...form.getValues(), hidden }));

  return (
    <EntityFormShell entityForm={entityForm} form={form} label={t('design.attributes.formLabel')}>
      <NameTitleFields form={form} entityForm={entityForm} />
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
      <NotesField {...form.getInputProps('notes')} />
    </EntityFormShell>
  );
}

/** attributes/create/0 and attributes/edit/:entityId. */
export function AttributeFormPage() {
  const { entityId } = useParams();
  return <AttributeForm key={entityId ?? 'new'} entityId={entityId} />;
}
