import { applyHidden, newItemDefaults, type DesignEntity, type ItemValues } from '@loci/domain';
import { Group, NumberInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { MediaPickerField } from '../../media';
import { EntityFormShell } from '../common/EntityFormShell';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { NameField } from '../common/NameField';
import { useEntityForm } from '../common/useEntityForm';
import '../common/locales';
import { useStoredValues } from '../../../components/forms';

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

  const market = workspace?.game.market ?? false;
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
      <RichTextEditor
        label={t('design.description')}
        value={values.description}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
        readOnly={readOnly}
        minHeight={120}
      />
      <MediaPickerField
        label={t('design.items.logo')}
        gameId={gameId}
        value={values.logoId}
        onChange={(id) => form.setFieldValue('logoId', id)}
        error={form.errors.logoId}
        disabled={readOnly}
      />
      <Stack gap="sm">
        <Switch
          label={t('design.items.hidden')}
          description={t('design.items.hiddenHint')}
          checked={values.hidden}
          onChange={(event) => handleHidden(event.currentTarget.checked)}
        />
        {!values.hidden && (
          <Switch
            label={t('design.items.notifyOnChange')}
            {...form.getInputProps('notifyOnChange', { type: 'checkbox' })}
          />
        )}
        {market && !values.hidden && (
          <>
            <Switch label={t('design.items.tradable')} {...form.getInputProps('tradable', { type: 'checkbox' })} />
            <Switch label={t('design.items.redeemable')} {...form.getInputProps('redeemable', { type: 'checkbox' })} />
            <NumberInput
              label={t('design.items.price', { currency })}
              min={0}
              allowNegative={false}
              maw={240}
              {...form.getInputProps('price')}
            />
          </>
        )}
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
