import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { AuthCard } from '../../components/AuthCard';
import { useReturnPath, withReturn } from '../../auth/return-path';

export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const next = useReturnPath();
  if (isAuthenticated) return <Navigate to={next ?? '/'} replace />;
  return (
    <AuthCard>
      <Stack align="center" ta="center" gap="md">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMailCheck size={34} />
          </ThemeIcon>
        </Center>
        <Text component="h1" fz="h2" fw={700} m={0}>
          {t('auth.registerSuccess.title')}
        </Text>
        <Text c="dimmed">{t('auth.registerSuccess.text')}</Text>
        <Button component={Link} to={withReturn('/login', next)} size="md" fullWidth>
          {t('nav.signIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
