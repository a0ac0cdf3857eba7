import { Group, TextInput, Textarea, type TextareaProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameField, type NameFieldProps } from './NameField';
import './locales';

/** The designer's private notes of every design form (spec 2 §3): never shown to players. */
export function NotesField(props: TextareaProps) {
  const { t } = useTranslation();
  return <Textarea label={t('design.notes')} description={t('design.notesHint')} autosize minRows={2} {...props} />;
}

/** A form whose values have a system name and a title. */
export interface NameTitleForm extends Omit<NameFieldProps['form'], 'getInputProps'> {
  getInputProps: (path: 'name' | 'title') => GetInputPropsReturnType;
}

/** The system name (checked on blur) beside the title the players read: the first row of most design forms. */
export function NameTitleFields({ form, ...nameProps }: Omit<NameFieldProps, 'form'> & { form: NameTitleForm }) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <NameField form={form} {...nameProps} />
      <TextInput label={t('design.title')} withAsterisk {...form.getInputProps('title')} />
    </Group>
  );
}
