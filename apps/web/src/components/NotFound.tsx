import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path the console does not know. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
