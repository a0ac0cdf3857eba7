import { applyHidden, newItemDefaults, type DesignEntity, type ItemValues } from '@loci/domain';
import { Alert, NumberInput, Stack, Switch } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityFormShell } from '../common/EntityFormShell';
import { NameTitleFields, NotesField } from '../common/DesignFields';
import { useDesignEntityForm } from '../common/useDesignEntityForm';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { DescriptionLogoFields, HiddenMarketFields } from '../../../components/forms';

/** The item form's values: the domain's, numbers as a NumberInput holds them. */
export type ItemFormValues = Omit<ItemValues, 'price' | 'maxItems'> & {
  price: NumberFieldValue;
  maxItems: NumberFieldValue;
};

function toFormValues(item: ItemValues): ItemFormValues {
  return { ...item, price: toNumberField(item.price), maxItems: toNumberField(item.maxItems) };
}

const fromEntity = (entity: DesignEntity) => toFormValues(valuesFrom(newItemDefaults(), entity));

/**
 * The item form (spec 2 §3–5): name, title, description, logo; tradable,
 * redeemable and price only with a market and when not hidden; notify on
 * change only when not hidden; hiding clears them; limited → max items.
 */
export function ItemForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  const { t } = useTranslation();
  const { entityForm, form } = useDesignEntityForm('item', entityId, {
    onDone,
    initialValues: () => toFormValues(newItemDefaults()),
    fromEntity,
  });
  const { readOnly, gameId, workspace } = entityForm;

  // The market's currency (chosen in the game's settings) is what prices are paid in: it has no price itself.
  const isMarketCurrency = Boolean(entityId) && workspace?.game.currencyItemId === entityId;
  const market = (workspace?.game.market ?? false) && !isMarketCurrency;
  const currency = workspace?.game.currencyName || t('design.items.currency');
  const { values } = form;

  const handleHidden = (hidden: boolean) => form.setValues(applyHidden({ ...form.getValues(), hidden }));

  return (
    <EntityFormShell entityForm={entityForm} form={form} label={t('design.items.formLabel')}>
      <NameTitleFields form={form} entityForm={entityForm} />
      <DescriptionLogoFields
        gameId={gameId}
        description={values.description}
        logoId={values.logoId}
        onDescriptionChange={(html) => form.setFieldValue('description', html)}
        onLogoChange={(id) => form.setFieldValue('logoId', id)}
        errors={form.errors}
        logoLabel={t('design.items.logo')}
        readOnly={readOnly}
      />
      {isMarketCurrency && (
        <Alert variant="light" color="yellow" icon={<IconCoin size={18} />}>
          {t('design.items.isMarketCurrency')}
        </Alert>
      )}
      <Stack gap="sm">
        <HiddenMarketFields
          hidden={values.hidden}
          onHiddenChange={handleHidden}
          market={market}
          currency={currency}
          switchProps={(field) => form.getInputProps(field, { type: 'checkbox' })}
          priceProps={form.getInputProps('price')}
        />
        <Switch label={t('design.items.limited')} {...form.getInputProps('limited', { type: 'checkbox' })} />
        {values.limited && (
          <NumberInput
            label={t('design.items.maxItems')}
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            maw={240}
            {...form.getInputProps('maxItems')}
          />
        )}
      </Stack>
      <NotesField {...form.getInputProps('notes')} />
    </EntityFormShell>
  );
}

/** items/create/0 and items/edit/:entityId. */
export function ItemFormPage() {
  const { entityId } = useParams();
  return <ItemForm key={entityId ?? 'new'} entityId={entityId} />;
}
