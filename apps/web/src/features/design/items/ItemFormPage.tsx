import { applyHidden, newItemDefaults, type DesignEntity, type ItemValues } from '@loci/domain';
import { Alert, Group, NumberInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityFormShell } from '../common/EntityFormShell';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { NameField } from '../common/NameField';
import { useEntityForm } from '../common/useEntityForm';
import '../common/locales';
import { DescriptionLogoFields, HiddenMarketFields, useStoredValues } from '../../../components/forms';

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
  const entityForm = useEntityForm('item', entityId, { onDone });
  const { readOnly, gameId, workspace } = entityForm;
  const form = useForm<ItemFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(newItemDefaults()),
    validate: (values) => entityForm.validate(values),
  });
  useStoredValues(form, entityForm.entity, fromEntity);

  // The market's currency (chosen in the game's settings) is what prices are paid in: it has no price itself.
  const isMarketCurrency = Boolean(entityId) && workspace?.game.currencyItemId === entityId;
  const market = (workspace?.game.market ?? false) && !isMarketCurrency;
  const currency = workspace?.game.currencyName || t('design.items.currency');
  const { values } = form;

  const handleHidden = (hidden: boolean) => form.setValues(applyHidden({ ...form.getValues(), hidden }));

  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={entityForm.isNew ? t('design.newOf', { label: t('design.kinds.item') }) : (entityForm.entity?.name ?? '')}
      label={t('design.items.formLabel')}
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

/** items/create/0 and items/edit/:entityId. */
export function ItemFormPage() {
  const { entityId } = useParams();
  return <ItemForm key={entityId ?? 'new'} entityId={entityId} />;
}
