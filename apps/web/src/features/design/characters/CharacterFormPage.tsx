import { CHARACTER_GENDERS, newCharacterDefaults, type CharacterValues, type DesignEntity } from '@loci/domain';
import { Group, NumberInput, SegmentedControl, Input, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MediaPickerField } from '../../media';
import { EntityFormShell } from '../common/EntityFormShell';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import { NameField } from '../common/NameField';
import { useEntityForm } from '../common/useEntityForm';
import '../common/locales';
import { useStoredValues } from '../../../components/forms';

/** The character form's values: the domain's, the age as a NumberInput holds it. */
export type CharacterFormValues = Omit<CharacterValues, 'age'> & { age: NumberFieldValue };

function toFormValues(character: CharacterValues): CharacterFormValues {
  return { ...character, age: toNumberField(character.age) };
}

const fromEntity = (entity: DesignEntity) => toFormValues(valuesFrom(newCharacterDefaults(), entity));

/** The character form (spec 2 §3–5): name, title (required), age, gender (m by default), avatar. */
export function CharacterForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  const { t } = useTranslation();
  const entityForm = useEntityForm('character', entityId, { onDone });
  const { readOnly, gameId } = entityForm;
  const form = useForm<CharacterFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(newCharacterDefaults()),
    validate: (values) => entityForm.validate(values),
  });
  useStoredValues(form, entityForm.entity, fromEntity);
  const { values } = form;

  return (
    <EntityFormShell
      entityForm={entityForm}
      form={form}
      title={
        entityForm.isNew ? t('design.newOf', { label: t('design.kinds.character') }) : (entityForm.entity?.name ?? '')
      }
      label={t('design.characters.formLabel')}
      onSubmit={(submitted) => void entityForm.submit(submitted, form)}
    >
      <Group grow align="flex-start">
        <NameField form={form} entityForm={entityForm} />
        <TextInput label={t('design.title')} withAsterisk {...form.getInputProps('title')} />
      </Group>
      <Group align="flex-start" gap="lg">
        <NumberInput
          label={t('design.characters.age')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          maw={160}
          {...form.getInputProps('age')}
        />
        <Input.Wrapper label={t('design.characters.gender')} error={form.errors.gender}>
          <SegmentedControl
            display="flex"
            mt={4}
            disabled={readOnly}
            data={CHARACTER_GENDERS.map((gender) => ({
              value: gender,
              label: t(`design.characters.genders.${gender}`),
            }))}
            value={values.gender}
            onChange={(gender) => form.setFieldValue('gender', gender as CharacterValues['gender'])}
            aria-label={t('design.characters.gender')}
          />
        </Input.Wrapper>
      </Group>
      <MediaPickerField
        label={t('design.characters.avatar')}
        gameId={gameId}
        value={values.mediaId}
        onChange={(id) => form.setFieldValue('mediaId', id)}
        error={form.errors.mediaId}
        disabled={readOnly}
      />
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

/** characters/create/0 and characters/edit/:entityId. */
export function CharacterFormPage() {
  const { entityId } = useParams();
  return <CharacterForm key={entityId ?? 'new'} entityId={entityId} />;
}
