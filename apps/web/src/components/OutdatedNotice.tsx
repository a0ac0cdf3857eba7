import { Alert, Button, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { onOutdated, outdatedMessage } from '../api/outdated';

/**
 * Says, on every screen, when the server no longer speaks this page's protocol version (a deploy changed it
 * while the page was open): live updates have stopped and a reload brings the new page. The words are the
 * server's, in the interface language.
 */
export function OutdatedNotice() {
  const { t } = useTranslation();
  const message = useSyncExternalStore(onOutdated, outdatedMessage, () => null);
  if (!message) return null;
  return (
    <Alert
      role="alert"
      color="yellow"
      variant="filled"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 1000, maxWidth: 520, marginInline: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" c="black">
          {message}
        </Text>
        <Button size="xs" color="dark" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
