import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The placeholder while a page or its data loads. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" role="status" aria-label={text}>
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
