import { changePasswordSchema } from '@loci/domain';
import { Button, Card, Divider, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { useAuth } from '../../auth/auth-context';
import { applyServerFieldErrors } from '../../components/form-errors';
import { notifyError, notifySuccess } from '../../components/notify';
import { userMessage } from '../../i18n/domain';

const validateChange = schemaResolver(changePasswordSchema, { sync: true });

/**
 * Change the password and sign out everywhere. Both revoke every token of the
 * account on the server; the answer carries a fresh one, so this device stays
 * signed in while every other one is sent back to the sign-in page.
 */
export function SecurityCard() {
  const { t } = useTranslation();
  const { account, login } = useAuth();
  const queryClient = useQueryClient();
  // login() forgets the account, since a new token may be another person's; here it is the same person's,
  // so it stays on screen instead of a loader.
  const continueWith = (token: string) => {
    login(token);
    if (account) queryClient.setQueryData(queryKeys.account, { user: account });
  };

  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', newPassword2: '' },
    validate: (values) => ({
      ...validateChange(values),
      ...(values.newPassword2 === values.newPassword ? {} : { newPassword2: userMessage(t, 'passwordsMustMatch') }),
    }),
  });

  const changePassword = useMutation({
    mutationFn: usersApi.changePassword,
    onSuccess: ({ token }) => {
      continueWith(token);
      form.reset();
      notifySuccess(t('account.security.passwordChanged'));
    },
    onError: (error) => {
      if (applyServerFieldErrors(form, error, { currentPassword: 'currentPassword', newPassword: 'newPassword' }))
        return;
      notifyError(t('account.security.passwordError'), error);
    },
  });

  const signOutEverywhere = useMutation({
    mutationFn: usersApi.signOutEverywhere,
    onSuccess: ({ token }) => {
      continueWith(token);
      notifySuccess(t('account.security.signedOut'));
    },
    onError: (error) => notifyError(t('account.security.signOutError'), error),
  });

  const confirmSignOut = () =>
    modals.openConfirmModal({
      title: t('account.security.confirmTitle'),
      centered: true,
      children: <Text>{t('account.security.confirmText')}</Text>,
      labels: { confirm: t('account.security.signOutButton'), cancel: t('common.cancel') },
      onConfirm: () => signOutEverywhere.mutate(),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('account.security.passwordTitle')}
        </Title>
        <form
          noValidate
          onSubmit={form.onSubmit(({ currentPassword, newPassword }) =>
            changePassword.mutate({ currentPassword, newPassword }),
          )}
        >
          <Stack gap="sm" align="flex-start">
            <PasswordInput
              w="100%"
              label={t('account.security.currentPassword')}
              autoComplete="current-password"
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              w="100%"
              label={t('auth.fields.newPassword')}
              description={userMessage(t, 'passwordHint')}
              autoComplete="new-password"
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              w="100%"
              label={t('account.security.newPassword2')}
              autoComplete="new-password"
              key={form.key('newPassword2')}
              {...form.getInputProps('newPassword2')}
            />
            <Button type="submit" variant="light" loading={changePassword.isPending}>
              {t('account.security.passwordSubmit')}
            </Button>
          </Stack>
        </form>

        <Divider my="xs" />
        <Title order={2} fz="h4">
          {t('account.security.signOutTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.security.signOutText')}
        </Text>
        <div>
          <Button
            variant="default"
            leftSection={<IconLogout size={18} />}
            loading={signOutEverywhere.isPending}
            onClick={confirmSignOut}
          >
            {t('account.security.signOutButton')}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
