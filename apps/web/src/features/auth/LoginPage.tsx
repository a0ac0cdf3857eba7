import { loginSchema, type LoginInput } from '@loci/domain';
import { Alert, Anchor, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { usersApi } from '../../api/users';
import { useAuth } from '../../auth/auth-context';
import { applyServerFieldErrors } from '../../components/form-errors';
import { AuthFormShell } from './AuthFormShell';
import { useReturnPath, withReturn } from '../../auth/return-path';

const LOGIN_FIELDS = { email: 'email', emailnotfound: 'email', password: 'password', passwordincorrect: 'password' };

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const navigate = useNavigate();
  const next = useReturnPath();
  const [failure, setFailure] = useState<{ error: unknown; message?: string } | null>(null);
  const [pendingConfirmation, setPendingConfirmation] = useState<string | null>(null);

  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  const mutation = useMutation({
    mutationFn: usersApi.login,
    onSuccess: ({ token }) => {
      if (login(token)) navigate(next ?? '/', { replace: true });
      else setFailure({ error: new Error(t('auth.login.badToken')) });
    },
    onError: (error) => {
      if (isApiError(error) && error.body?.errorCode === 'PENDING_CONFIRMATION') {
        setPendingConfirmation(error.body.message || t('auth.login.pendingConfirmation'));
        return;
      }
      if (applyServerFieldErrors(form, error, LOGIN_FIELDS)) return;
      // Spec 1 §8: a failure without a body reads 'General login error' with the status text.
      const hasMessage = isApiError(error) && (error.body?.message || error.body?.errors?.generalError);
      setFailure({ error, message: hasMessage ? undefined : t('auth.login.generalError') });
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    setPendingConfirmation(null);
    mutation.mutate(values);
  });

  return (
    <AuthFormShell
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      switchTo={{ question: t('auth.login.noAccount'), label: t('nav.signUp'), to: withReturn('/register', next) }}
      social={{ next }}
      onSubmit={handleSubmit}
      pending={mutation.isPending}
      submitLabel={t('auth.login.submit')}
      notice={
        pendingConfirmation && (
          <Alert color="yellow" variant="light" icon={<IconMailExclamation size={18} />} title={pendingConfirmation}>
            <Anchor component={Link} to="/resend" fw={500}>
              {t('auth.login.resendConfirmation')}
            </Anchor>
          </Alert>
        )
      }
      failure={failure}
      after={
        <Text size="sm" c="dimmed" ta="center">
          {t('auth.login.noConfirmationEmail')}{' '}
          <Anchor component={Link} to="/resend" size="sm">
            {t('auth.login.resendLink')}
          </Anchor>
        </Text>
      }
    >
      <TextInput
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <Stack gap={6}>
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot" size="sm">
            {t('auth.login.forgotPassword')}
          </Anchor>
        </Group>
      </Stack>
    </AuthFormShell>
  );
}
