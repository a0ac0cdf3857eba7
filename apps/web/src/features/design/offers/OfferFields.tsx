import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { MediaPickerField } from '../../media';
import type { OfferFieldsSlotProps } from '../archetypes/ObjectTypeForm';
import '../archetypes/locales';

/** The offer's own fields (spec 2 §3): quantity, the offeror, the offer's text, terms and images. */
export function OfferFields({ form, gameId, readOnly }: OfferFieldsSlotProps) {
  const { t } = useTranslation();
  const { values, errors } = form;
  return (
    <Stack gap="md">
      <NumberInput
        label={t('design.objectTypes.offer.quantity')}
        min={0}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        maw={240}
        {...form.getInputProps('quantity')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label={t('design.objectTypes.offer.offerorName')} {...form.getInputProps('offerorName')} />
        <TextInput label={t('design.objectTypes.offer.offerorAddress')} {...form.getInputProps('offerorAddress')} />
        <TextInput label={t('design.objectTypes.offer.offerorUrl')} type="url" {...form.getInputProps('offerorUrl')} />
      </SimpleGrid>
      <RichTextEditor
        label={t('design.objectTypes.offer.offerText')}
        value={values.offerText}
        onChange={(html) => form.setFieldValue('offerText', html)}
        error={errors.offerText}
        readOnly={readOnly}
        minHeight={120}
      />
      <RichTextEditor
        label={t('design.objectTypes.offer.offerTerms')}
        value={values.offerTerms}
        onChange={(html) => form.setFieldValue('offerTerms', html)}
        error={errors.offerTerms}
        readOnly={readOnly}
        minHeight={120}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MediaPickerField
          label={t('design.objectTypes.offer.offerCover')}
          gameId={gameId}
          value={values.offerCover}
          onChange={(id) => form.setFieldValue('offerCover', id)}
          error={errors.offerCover}
          disabled={readOnly}
        />
        <MediaPickerField
          label={t('design.objectTypes.offer.offerorLogo')}
          gameId={gameId}
          value={values.offerorLogo}
          onChange={(id) => form.setFieldValue('offerorLogo', id)}
          error={errors.offerorLogo}
          disabled={readOnly}
        />
      </SimpleGrid>
    </Stack>
  );
}
