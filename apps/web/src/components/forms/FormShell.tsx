import { Alert, Button, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDeviceFloppy, IconEye, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LockBanner, type EditLock } from '../../features/locks';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import type { LeavePermit } from './useLeavePermit';
import './locales';
import { domainText } from '../../i18n/domain';

/** The part of a Mantine form (useForm) the shell uses. */
export interface ShellForm<V> {
  onSubmit: (
    handleSubmit: (values: V) => void,
    handleValidationFailure?: (errors: FormErrors) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  errors: FormErrors;
  setErrors: (errors: FormErrors) => void;
  isDirty: () => boolean;
}

/** A destructive action of the footer (Delete, Archive) that asks first. */
export interface ShellDeletion {
  /** The confirmation's title, e.g. 'Delete harbour'. */
  title: string;
  /** The confirmation's text, e.g. 'Are you really sure?'. */
  text: ReactNode;
  onConfirm: () => unknown;
  /** The button's label (default 'Delete'); the confirmation's button too unless `confirmLabel`. */
  label?: string;
  confirmLabel?: string;
  color?: string;
  icon?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
}

export interface FormShellProps<V> {
  /** The Mantine form holding the values. */
  form: ShellForm<V>;
  /** Called with valid values on Save. */
  onSubmit: (values: V) => unknown;
  /** Called with the client's errors when Save finds some. */
  onValidationFailure?: (errors: FormErrors) => void;
  /** The heading (left out in a modal) and what sits beside and under it. */
  title?: ReactNode;
  titleExtra?: ReactNode;
  description?: ReactNode;
  /** aria-label of the <form> (default: the title when it is a string). */
  label?: string;
  /** The form's edit lock: its banner shows above the fields. */
  lock?: EditLock;
  /** Without the edit right the form says so (`readOnlyNote`) and every control is disabled. */
  canEdit: boolean;
  readOnlyNote: ReactNode;
  /** No edit right, or the lock is not ours: every control is disabled. */
  readOnly: boolean;
  /** In a modal: no heading, no sticky footer, no unsaved-changes guard, and the submit stays inside. */
  inModal?: boolean;
  /** Which error paths have no field to sit under and show in the alert (default: generalError, message). */
  isFieldless?: (path: string) => boolean;
  /** Puts the fields into a fieldset disabled when read-only (default true; false when the form does it itself). */
  wrapFields?: boolean;
  onCancel?: () => void;
  deletion?: ShellDeletion;
  /** More buttons beside Save. */
  extraActions?: ReactNode;
  saving?: boolean;
  saveLabel?: ReactNode;
  /** The form's own navigation (after save, delete, Cancel) passes the unsaved-changes guard with it. */
  permit?: LeavePermit;
  children: ReactNode;
}

const defaultFieldless = (path: string) => path === 'generalError' || path === 'message';

const stickyFooter = {
  position: 'sticky',
  // Above the shell's footer when it shows.
  bottom: 'calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-md))',
  zIndex: 5,
} as const;

/**
 * Keeps what the browser scrolls to (a focused field, a scrolled-to error)
 * above the sticky save bar: the page's scroll padding is the bar's height
 * while the form is shown (issue 14: the bar never covers a control).
 */
function useScrollPaddingFor(bar: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = bar.current;
    if (!active || !element) return;
    const root = document.documentElement;
    const apply = () => {
      const height = element.getBoundingClientRect().height;
      root.style.scrollPaddingBottom = `calc(${height}px + var(--app-shell-footer-offset, 0rem) + 2 * var(--mantine-spacing-md))`;
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [bar, active]);
}

/**
 * The frame of every console form: heading, lock banner, read-only note,
 * 'Please correct the errors in the form' with the errors no field shows,
 * the fields, and the sticky Save / Delete / Cancel bar with 'Unsaved
 * changes'; the destructive action asks first. Outside a modal, leaving with
 * unsaved changes asks too (UnsavedChangesGuard). React events bubble
 * through portals, so a modal form's submit stays inside the modal and an
 * enclosing form (e.g. the rule form) is not submitted with it.
 */
export function FormShell<V>({
  form,
  onSubmit,
  onValidationFailure,
  title,
  titleExtra,
  description,
  label,
  lock,
  canEdit,
  readOnlyNote,
  readOnly,
  inModal = false,
  isFieldless = defaultFieldless,
  wrapFields = true,
  onCancel,
  deletion,
  extraActions,
  saving,
  saveLabel,
  permit,
  children,
}: FormShellProps<V>) {
  const { t } = useTranslation();
  const errorEntries = Object.entries(form.errors).filter(([, error]) => Boolean(error));
  const fieldless = errorEntries.filter(([path]) => isFieldless(path));
  const dirty = form.isDirty() && !readOnly;

  // While a save runs (the promise onSubmit returns, or `saving`), Save is disabled and a second
  // submit — a double click, Enter — is ignored: one request at a time.
  const inFlight = useRef(false);
  const saveBar = useRef<HTMLDivElement>(null);
  useScrollPaddingFor(saveBar, !inModal);
  const [pending, setPending] = useState(false);
  const busy = pending || Boolean(saving);
  const submitHandler = form.onSubmit((values) => {
    if (inFlight.current || saving) return;
    const result = onSubmit(values);
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
      inFlight.current = true;
      setPending(true);
      const done = () => {
        inFlight.current = false;
        setPending(false);
      };
      (result as PromiseLike<unknown>).then(done, done);
    }
  }, onValidationFailure);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    submitHandler(event);
  };

  const handleDelete = () => {
    if (!deletion) return;
    modals.openConfirmModal({
      title: deletion.title,
      centered: true,
      children: typeof deletion.text === 'string' ? <Text size="sm">{deletion.text}</Text> : deletion.text,
      labels: { confirm: deletion.confirmLabel ?? deletion.label ?? t('forms.delete'), cancel: t('forms.cancel') },
      confirmProps: { color: deletion.color ?? 'red' },
      onConfirm: () => void deletion.onConfirm(),
    });
  };

  const fields = wrapFields ? (
    <Fieldset disabled={readOnly} variant="unstyled" p={0} m={0}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  ) : (
    children
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label ?? (typeof title === 'string' ? title : undefined)}>
      {!inModal && <UnsavedChangesGuard when={dirty} permit={permit} />}
      <Stack gap="md">
        {!inModal && title !== undefined && (
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {titleExtra}
            </Group>
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
            {readOnlyNote}
          </Alert>
        )}
        {errorEntries.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={domainText(t, 'ERROR_MESSAGES', 'form')}
          >
            {fieldless.map(([path, error]) => (
              <Text key={path} size="sm">
                {String(error)}
              </Text>
            ))}
          </Alert>
        )}
        {fields}
        <Paper
          withBorder={!inModal}
          radius="md"
          p={inModal ? 0 : 'sm'}
          shadow={inModal ? undefined : 'sm'}
          style={inModal ? undefined : stickyFooter}
          ref={saveBar}
          data-save-bar
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {dirty ? t('forms.unsaved') : ''}
            </Text>
            <Group gap="sm">
              {onCancel && (
                <Button variant="default" onClick={onCancel}>
                  {t('forms.cancel')}
                </Button>
              )}
              {deletion && (
                <Button
                  variant="light"
                  color={deletion.color ?? 'red'}
                  leftSection={deletion.icon ?? <IconTrash size={16} />}
                  onClick={handleDelete}
                  disabled={readOnly || deletion.disabled}
                  loading={deletion.loading}
                >
                  {deletion.label ?? t('forms.delete')}
                </Button>
              )}
              {extraActions}
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={busy}
                disabled={readOnly || busy}
              >
                {saveLabel ?? t('forms.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
