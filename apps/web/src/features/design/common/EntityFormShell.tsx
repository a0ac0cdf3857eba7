import { DESIGN_TEXTS, FORM_ERROR_MESSAGE } from '@loci/domain';
import { Alert, Anchor, Button, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDeviceFloppy, IconEye, IconTrash } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { LockBanner } from '../../locks';
import type { EntityFormState } from './useEntityForm';
import './locales';

/** The part of a Mantine form (useForm) the shell uses. */
export interface ShellForm<V> {
  onSubmit: (
    handleSubmit: (values: V) => void,
    handleValidationFailure?: (errors: FormErrors) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  errors: FormErrors;
  isDirty: () => boolean;
}

export interface EntityFormShellProps<V> {
  /** From useEntityForm(kind, entityId): entity, lock, rights, submit/remove/cancel. */
  entityForm: EntityFormState;
  /** The Mantine form (useForm) holding the values; its `validate` should call entityForm.validate. */
  form: ShellForm<V>;
  /** The heading, e.g. 'New item' or the entity's name. */
  title: ReactNode;
  /** Called with valid values on Save; usually `(values) => entityForm.submit(toBody(values), form)`. */
  onSubmit: (values: V) => void;
  /** The fields. They sit in a disabled fieldset when read-only; pass `entityForm.readOnly` to rich text and maps. */
  children: ReactNode;
  /** Shows the Delete button for a stored entity (default true). */
  deletable?: boolean;
  /** What the delete confirmation names (default: the entity's name). */
  deleteName?: string;
  /** More buttons beside Save (e.g. 'Archive'). */
  extraActions?: ReactNode;
  /** Text under the heading. */
  description?: ReactNode;
  /** aria-label of the <form> (default: the title when it is a string). */
  label?: string;
}

/**
 * The frame of every design form (spec 2 §2, §4–6): heading, lock banner (the
 * lock itself is taken by useEntityForm), read-only note without the edit
 * right, 'Please correct the errors in the form', and the Save / Delete /
 * Cancel bar, Delete asking 'Are you really sure?'. Loading and not-found
 * states show instead of the form. The breadcrumb is the workspace shell's.
 * In a modal (useEntityForm's onDone) the submit event stays inside the modal,
 * so an enclosing form (e.g. the rule form) is not submitted with it.
 */
export function EntityFormShell<V>({
  entityForm,
  form,
  title,
  onSubmit,
  children,
  deletable = true,
  deleteName,
  extraActions,
  description,
  label,
}: EntityFormShellProps<V>) {
  const { t } = useTranslation();
  const { entity, isNew, readOnly, canEdit, lock, inModal } = entityForm;

  if (entityForm.isLoading) return <PageLoader label={DESIGN_TEXTS.loading} />;
  if (entityForm.notFound) {
    return (
      <Alert color="gray" variant="light" title={t('design.unknownPage')}>
        <Anchor component={Link} to={`/games/${entityForm.gameId}`}>
          {t('design.goBack')}
        </Anchor>
      </Alert>
    );
  }

  const errorEntries = Object.entries(form.errors).filter(([, error]) => Boolean(error));
  const hasErrors = errorEntries.length > 0;
  // A server's generalError (or message) has no field to sit under.
  const otherErrors = errorEntries.filter(([path]) => path === 'generalError' || path === 'message');

  const submitHandler = form.onSubmit((values) => onSubmit(values));
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // React events bubble through portals: keep a modal form's submit to itself.
    event.stopPropagation();
    submitHandler(event);
  };

  const handleDelete = () => {
    modals.openConfirmModal({
      title: t('design.deleteTitle', { name: deleteName ?? entity?.name ?? '' }),
      centered: true,
      children: <Text size="sm">{DESIGN_TEXTS.confirmDelete}</Text>,
      labels: { confirm: t('design.delete'), cancel: t('design.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void entityForm.remove(),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label ?? (typeof title === 'string' ? title : undefined)}>
      <Stack gap="md">
        {!inModal && (
          <Stack gap={4}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        )}
        {lock && <LockBanner lock={lock} />}
        {!canEdit && (
          <Alert color="gray" variant="light" icon={<IconEye size={18} />}>
            {t('design.readOnly')}
          </Alert>
        )}
        {hasErrors && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={FORM_ERROR_MESSAGE}
          >
            {otherErrors.map(([path, error]) => (
              <Text key={path} size="sm">
                {String(error)}
              </Text>
            ))}
          </Alert>
        )}
        <Fieldset disabled={readOnly} variant="unstyled" p={0} m={0}>
          <Stack gap="md">{children}</Stack>
        </Fieldset>
        <Paper
          withBorder={!inModal}
          radius="md"
          p={inModal ? 0 : 'sm'}
          shadow={inModal ? undefined : 'sm'}
          style={
            inModal
              ? undefined
              : {
                  position: 'sticky',
                  bottom: 'calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-md))',
                  zIndex: 5,
                }
          }
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {form.isDirty() && !readOnly ? t('design.unsaved') : ''}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={entityForm.cancel}>
                {t('design.cancel')}
              </Button>
              {!isNew && deletable && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={handleDelete}
                  disabled={readOnly}
                  loading={entityForm.isDeleting}
                >
                  {t('design.delete')}
                </Button>
              )}
              {extraActions}
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={entityForm.isSaving}
                disabled={readOnly}
              >
                {t('design.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
