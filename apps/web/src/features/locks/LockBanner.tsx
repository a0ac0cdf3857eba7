import { LOCK_RETRY_SECONDS } from '@loci/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpenOff, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditLock } from './useEditLock';
import './locales';
import { domainText } from '../../i18n/domain';

/** Tells the user why a form is read-only: the lock is someone else's, was lost, or could not be taken. */
export function LockBanner({ lock }: { lock: EditLock }) {
  const { t } = useTranslation();
  if (lock.status === 'refused') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconLock size={20} />}
        title={t('locks.heldByOtherTitle', { name: lock.holder?.name ?? '—' })}
      >
        <Stack gap={4}>
          <Text size="sm">{domainText(t, 'LOCK_MESSAGES', 'heldByOther')}</Text>
          <Text size="xs" c="dimmed">
            {t('locks.heldByOtherRetry', { seconds: LOCK_RETRY_SECONDS })}
          </Text>
        </Stack>
      </Alert>
    );
  }
  if (lock.status === 'lost') {
    return (
      <Alert color="red" variant="light" icon={<IconLockOpenOff size={20} />} title={t('locks.lostTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{domainText(t, 'LOCK_MESSAGES', 'lost')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
            {t('locks.reload')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (lock.status === 'unavailable') {
    return (
      <Alert color="gray" variant="light" icon={<IconPlugConnectedX size={20} />} title={t('locks.unavailableTitle')}>
        <Text size="sm">{t('locks.unavailable', { seconds: LOCK_RETRY_SECONDS })}</Text>
      </Alert>
    );
  }
  return null;
}
