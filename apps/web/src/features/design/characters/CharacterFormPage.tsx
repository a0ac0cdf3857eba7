import { CHARACTER_GENDERS, newCharacterDefaults, type CharacterValues, type DesignEntity } from '@loci/domain';
import { Group, NumberInput, SegmentedControl, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MediaPickerField } from '../../media';
import { EntityFormShell } from '../common/EntityFormShell';
import { NameTitleFields, NotesField } from '../common/DesignFields';
import { useDesignEntityForm } from '../common/useDesignEntityForm';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';

/** The character form's values: the domain's, the age as a NumberInput holds it. */
export type CharacterFormValues = Omit<CharacterValues, 'age'> & { age: NumberFieldValue };

function toFormValues(character: CharacterValues): CharacterFormValues {
  return { ...character, age: toNumberField(character.age) };
}

const fromEntity = (entity: DesignEntity) => toFormValues(valuesFrom(newCharacterDefaults(), entity));

/** The character form (spec 2 §3–5): name, title (required), age, gender (m by default), avatar. */
export function CharacterForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  const { t } = useTranslation();
  const { entityForm, form } = useDesignEntityForm('character', entityId, {
    onDone,
    initialValues: () => toFormValues(newCharacterDefaults()),
    fromEntity,
  });
  const { readOnly, gameId } = entityForm;
  const { values } = form;

  return (
    <EntityFormShell entityForm={entityForm} form={form} label={t('design.characters.formLabel')}>
      <NameTitleFields form={form} entityForm={entityForm} />
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
      <NotesField {...form.getInputProps('notes')} />
    </EntityFormShell>
  );
}

/** characters/create/0 and characters/edit/:entityId. */
export function CharacterFormPage() {
  const { entityId } = useParams();
  return <CharacterForm key={entityId ?? 'new'} entityId={entityId} />;
}
