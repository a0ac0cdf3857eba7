import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModalFormProps {
  title: ReactNode;
  onClose: () => void;
  /** Runs on the submit button and on Enter in a field; the browser's own validation is off (the form says why). */
  onSubmit: () => void;
  /** The submit button's words: what it does ("Schedule", "Pause everyone"). */
  submitLabel: string;
  saving: boolean;
  /** What went wrong that no field explains, read out as an alert. */
  failure: string | null;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** A small form in a dialog: its fields, an alert for a failure no field explains, and Cancel beside the submit. */
export function ModalForm({ title, onClose, onSubmit, submitLabel, saving, failure, size, children }: ModalFormProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
