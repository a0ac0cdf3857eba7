import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What lies over the top of the map: the game is paused, the GPS fails, how to move the walker, how long to stay. */
export function MapNotices({
  paused,
  gpsError,
  walker,
  onResume,
  children,
}: {
  paused: boolean;
  gpsError: string | null;
  walker: boolean;
  onResume: () => void;
  /** Further notices (the dwell countdown), below the others. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} style={{ position: 'absolute', top: 8, left: 56, right: 8, zIndex: 500, pointerEvents: 'none' }}>
      {paused && (
        <Alert color="yellow" variant="filled" p="xs" style={{ pointerEvents: 'auto' }}>
          <Group justify="space-between">
            <Text size="sm">{t('play.menu.paused')}</Text>
            <Button size="compact-xs" variant="white" onClick={onResume}>
              {t('play.menu.resume')}
            </Button>
          </Group>
        </Alert>
      )}
      {gpsError && (
        <Alert color="orange" variant="light" p="xs">
          {t('play.map.gpsError', { message: gpsError })}
        </Alert>
      )}
      {walker && (
        <Text size="xs" bg="rgba(255,255,255,0.85)" px={6} py={2} style={{ borderRadius: 4, alignSelf: 'flex-start' }}>
          <IconMapPin size={12} style={{ verticalAlign: 'middle' }} /> {t('play.map.walkerHint')}
        </Text>
      )}
      {children}
    </Stack>
  );
}
