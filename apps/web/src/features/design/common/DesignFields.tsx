import { Button, Stack, TextInput, Textarea, type TextareaProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '../useWorkspace';
import { uniqueName } from '../rules/quick-rules';
import { NameField, type NameFieldProps } from './NameField';
import { entitiesOf } from './workspace-data';
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

/** What the name-from-title hook needs of a Mantine form (useForm). */
export interface NamedForm {
  getValues: () => object;
  setFieldValue: (path: 'name', value: string) => void;
  errors: Record<string, unknown>;
}

/**
 * One name per thing (issue 30): the system name follows the title the
 * designer types — generated from it, unique among the names of its kind —
 * for as long as it is empty or still the one generated from the title
 * before; a name the designer changed under 'Advanced' stays.
 */
export function useNameFromTitle(
  form: NamedForm,
  entityForm: Pick<NameFieldProps['entityForm'], 'gameId' | 'kind' | 'entityId'>,
  title: string,
) {
  const { data: workspace } = useWorkspace(entityForm.gameId);
  const taken = entitiesOf(workspace, entityForm.kind)
    .filter((entity) => entity.id !== entityForm.entityId)
    .map((entity) => entity.name);
  const generate = (from: string) => (from.trim() ? uniqueName(from, taken) : '');
  const before = useRef(title);
  useEffect(() => {
    const previous = before.current;
    before.current = title;
    if (previous === title) return;
    const name = String((form.getValues() as { name?: unknown }).name ?? '');
    if (name === '' || name === generate(previous) || name === previous.trim()) {
      form.setFieldValue('name', generate(title));
    }
    // Only a change of the title moves the name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title]);
}

/**
 * 'Advanced': the system name (and other names for the app) folded away
 * under the fields a teacher reads; opens by itself when one of them has an error.
 */
export function AdvancedNames({ children, hasError }: { children: ReactNode; hasError?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const id = useId();
  const open = opened || Boolean(hasError);
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        color="gray"
        w="fit-content"
        leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpened(!open)}
      >
        {t('design.advanced')}
      </Button>
      {open && (
        <Stack gap="sm" id={id}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The title the players read, then 'Advanced' with the system name (checked
 * on blur) generated from the title: the first row of most design forms.
 */
export function NameTitleFields({
  form,
  advanced,
  ...nameProps
}: Omit<NameFieldProps, 'form'> & { form: NameTitleForm & NamedForm; advanced?: ReactNode }) {
  const { t } = useTranslation();
  const titleProps = form.getInputProps('title');
  useNameFromTitle(form, nameProps.entityForm, String(titleProps.value ?? ''));
  return (
    <>
      <TextInput label={t('design.title')} withAsterisk {...titleProps} />
      <AdvancedNames hasError={Boolean(form.errors.name)}>
        <NameField form={form} {...nameProps} />
        {advanced}
      </AdvancedNames>
    </>
  );
}
