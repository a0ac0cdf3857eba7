import { registerSchema, type RegisterInput } from '@loci/domain';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { usersApi } from '../../api/users';
import { userMessage } from '../../i18n/domain';
import { AuthCard } from '../../components/AuthCard';
import { applyServerFieldErrors } from '../../components/form-errors';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { SocialButtons } from './SocialButtons';
import { useReturnPath, withReturn } from '../../auth/return-path';

const REGISTER_FIELDS = { name: 'name', email: 'email', password: 'password', password2: 'password2' };

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = useReturnPath();
  const [failure, setFailure] = useState<unknown>(null);

  const form = useForm<RegisterInput>({
    initialValues: { name: '', email: '', password: '', password2: '' },
    validate: schemaResolver(registerSchema, { sync: true }),
  });

  const mutation = useMutation({
    mutationFn: usersApi.register,
    onSuccess: () => navigate(withReturn('/registersuccess', next)),
    onError: (error) => {
      const onFields = applyServerFieldErrors(form, error, REGISTER_FIELDS);
      // generalError (or a failure with no field at all) goes above the form.
      const generalError = isApiError(error) ? error.body?.errors?.generalError : undefined;
      if (!onFields || generalError) setFailure(error);
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    // One request at a time: the button is disabled while it runs, and Enter is ignored too.
    if (mutation.isPending) return;
    setFailure(null);
    mutation.mutate(next ? { ...values, returnTo: next } : values);
  });

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Anchor component={Link} to={withReturn('/login', next)} fw={500}>
            {t('nav.signIn')}
          </Anchor>
        </>
      }
    >
      <SocialButtons next={next} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {failure ? <GeneralErrorBox error={failure} /> : null}
          <TextInput
            label={t('auth.fields.name')}
            autoComplete="name"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            description={userMessage(t, 'passwordHint')}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.fields.password2')}
            autoComplete="new-password"
            key={form.key('password2')}
            {...form.getInputProps('password2')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={mutation.isPending}>
            {t('auth.register.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.register.privacyNote')}{' '}
            <Anchor component={Link} to="/privacy" size="xs">
              {t('footer.privacy')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
