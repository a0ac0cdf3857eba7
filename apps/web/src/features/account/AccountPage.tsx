import type { User } from '@loci/domain';
import { Badge, Button, Card, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle, IconTrash, IconUserUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { useAuth } from '../../auth/auth-context';
import { formatTime } from '../../i18n/time';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { notifyError } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { NameEditor } from './NameEditor';
import { PhotoCard } from './PhotoCard';
import { LanguageCard } from './LanguageCard';
import { ProfileCard } from './ProfileCard';
import { SecurityCard } from './SecurityCard';

const ROLE_COLORS: Record<User['role'], string> = { player: 'gray', designer: 'teal', admin: 'grape' };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function Provider({ icon, name, id }: { icon: ReactNode; name: string; id: string | null }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Text>{name}</Text>
      </Group>
      <Badge variant={id ? 'light' : 'outline'} color={id ? 'teal' : 'gray'}>
        {id ? t('account.linked') : t('account.notLinked')}
      </Badge>
    </Group>
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  const { account, accountError, refetchAccount, logout } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [roleRequestError, setRoleRequestError] = useState<unknown>(null);

  const onRoleRequestChanged = {
    onMutate: () => setRoleRequestError(null),
    onSuccess: ({ user }: { user: User }) => queryClient.setQueryData(queryKeys.account, { user }),
    // Spec 1 §8: the server's error data, or 'Request failed {status text}'.
    onError: (error: unknown) => setRoleRequestError(error),
  };
  const requestRole = useMutation({ mutationFn: () => usersApi.requestRole('designer'), ...onRoleRequestChanged });
  const cancelRequest = useMutation({ mutationFn: usersApi.cancelRoleRequest, ...onRoleRequestChanged });

  const deleteAccount = useMutation({
    mutationFn: usersApi.deleteAccount,
    onSuccess: () => {
      logout();
      navigate('/', { replace: true });
      modals.open({
        title: t('account.deleted.title'),
        centered: true,
        children: (
          <Stack>
            <Text>{t('account.deleted.text')}</Text>
            <Button onClick={() => modals.closeAll()}>{t('common.close')}</Button>
          </Stack>
        ),
      });
    },
    onError: (error) => notifyError(t('account.deleteError'), error),
  });

  const confirmRemoval = () =>
    modals.openConfirmModal({
      title: t('account.remove.title'),
      centered: true,
      children: (
        <Stack gap="xs">
          <Text>{t('account.remove.warning')}</Text>
          <Text size="sm" c="dimmed">
            {t('account.remove.detail')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('account.remove.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteAccount.mutate(),
    });

  if (!account && accountError) {
    return (
      <Container size="sm" py="md">
        <Stack gap="md" align="flex-start">
          <GeneralErrorBox error={accountError} title={t('errors.accountFetch')} />
          <Button variant="light" onClick={refetchAccount}>
            {t('auth.recovery.tryAgain')}
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!account) return <PageLoader />;

  const requestFailure =
    isApiError(roleRequestError) && !roleRequestError.body?.message && !roleRequestError.body?.errors
      ? t('account.roleRequest.failed', { statusText: roleRequestError.statusText })
      : undefined;

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('account.title')}
        </Title>

        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            <Field label={t('account.name')}>
              <NameEditor account={account} />
            </Field>
            <Field label={t('account.email')}>
              <Text fw={500} style={{ wordBreak: 'break-all' }}>
                {account.email}
              </Text>
            </Field>
            <Field label={t('account.role')}>
              <Badge color={ROLE_COLORS[account.role]} variant="light" size="lg">
                {t(`roles.${account.role}`)}
              </Badge>
            </Field>
            <Field label={t('account.memberSince')}>
              <Text>{formatTime(account.createdAt, { style: 'date' })}</Text>
            </Field>
          </SimpleGrid>
        </Card>

        <PhotoCard account={account} />
        <ProfileCard account={account} />
        <LanguageCard account={account} />

        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('account.providers')}
            </Title>
            <Provider icon={<IconBrandGoogle size={18} />} name="Google" id={account.googleId} />
            <Divider />
            <Provider icon={<IconBrandFacebook size={18} />} name="Facebook" id={account.facebookId} />
            <Divider />
            <Provider icon={<IconBrandApple size={18} />} name="Apple" id={account.appleId} />
          </Stack>
        </Card>

        {account.role === 'player' && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} fz="h4">
                {t('account.roleRequest.title')}
              </Title>
              {roleRequestError ? <GeneralErrorBox error={roleRequestError} message={requestFailure} /> : null}
              {account.roleRequest ? (
                <>
                  <Text>
                    {t('account.roleRequest.pending', {
                      role: t(`roles.${account.roleRequest.role}`),
                      date: formatTime(account.roleRequest.date),
                    })}
                  </Text>
                  <Group>
                    <Button variant="default" loading={cancelRequest.isPending} onClick={() => cancelRequest.mutate()}>
                      {t('account.roleRequest.cancel')}
                    </Button>
                  </Group>
                </>
              ) : (
                <>
                  <Text c="dimmed">{t('account.roleRequest.text')}</Text>
                  <Group>
                    <Button
                      leftSection={<IconUserUp size={18} />}
                      loading={requestRole.isPending}
                      onClick={() => requestRole.mutate()}
                    >
                      {t('account.roleRequest.request')}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Card>
        )}

        <SecurityCard />

        <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="h4" c="red.8">
              {t('account.remove.title')}
            </Title>
            <Text size="sm">{t('account.remove.intro')}</Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} />}
              onClick={confirmRemoval}
              loading={deleteAccount.isPending}
            >
              {t('account.remove.button')}
            </Button>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
