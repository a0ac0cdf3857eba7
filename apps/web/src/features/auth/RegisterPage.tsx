import { registerSchema, type RegisterInput } from '@loci/domain';
import { Anchor, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { usersApi } from '../../api/users';
import { applyServerFieldErrors } from '../../components/form-errors';
import { AuthFormShell, NewPasswordFields } from './AuthFormShell';
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
    setFailure(null);
    mutation.mutate(next ? { ...values, returnTo: next } : values);
  });

  return (
    <AuthFormShell
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      switchTo={{ question: t('auth.register.haveAccount'), label: t('nav.signIn'), to: withReturn('/login', next) }}
      social={{ next }}
      onSubmit={handleSubmit}
      pending={mutation.isPending}
      submitLabel={t('auth.register.submit')}
      failure={{ error: failure }}
      after={
        <Text size="xs" c="dimmed" ta="center">
          {t('auth.register.privacyNote')}{' '}
          <Anchor component={Link} to="/privacy" size="xs">
            {t('footer.privacy')}
          </Anchor>
        </Text>
      }
    >
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
      <NewPasswordFields form={form} names={['password', 'password2']} label={t('auth.fields.password')} />
    </AuthFormShell>
  );
}
