import { emailOnlySchema, type EmailOnlyInput } from '@loci/domain';
import { Anchor, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usersApi } from '../../api/users';
import { Bilingual } from '../../components/Bilingual';
import { applyServerFieldErrors } from '../../components/form-errors';
import { AuthFormShell } from './AuthFormShell';
import { isRateLimited, toRecoveryFailure, type RecoveryFailure } from './recovery-state';
import { RecoveryFailureOutcome, RecoveryOutcome } from './RecoveryOutcome';

type State = { name: 'form' } | { name: 'success' } | RecoveryFailure;

const EMAIL_FIELDS = { email: 'email', emailnotfound: 'email' };

/** /forgot and /resend: one email in, one message out. Bilingual (Greek and English). */
function EmailRequestPage({ kind }: { kind: 'forgot' | 'resend' }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ name: 'form' });
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<EmailOnlyInput>({
    initialValues: { email: '' },
    validate: schemaResolver(emailOnlySchema, { sync: true }),
  });

  const mutation = useMutation({
    mutationFn: kind === 'forgot' ? usersApi.forgot : usersApi.resend,
    onSuccess: (answer) => setState(answer.success ? { name: 'success' } : { name: 'failed', message: undefined }),
    onError: (error) => {
      if (applyServerFieldErrors(form, error, EMAIL_FIELDS)) return;
      if (isRateLimited(error)) setFormError(error);
      else setState(toRecoveryFailure(error));
    },
  });

  const tryAgain = { label: t('auth.recovery.tryAgain'), onClick: () => setState({ name: 'form' }) };

  switch (state.name) {
    case 'success':
      return (
        <RecoveryOutcome
          icon={<IconMailForward size={32} />}
          color="teal"
          titleKey="auth.recovery.successTitle"
          textKey={`auth.${kind}.successText`}
          action={{ label: t('auth.recovery.backToSignIn'), to: '/login' }}
        />
      );
    case 'failed':
    case 'generalError':
      return <RecoveryFailureOutcome failure={state} failedTextKey="auth.recovery.failedText" tryAgain={tryAgain} />;
    default:
      return (
        <AuthFormShell
          title={<Bilingual i18nKey={`auth.${kind}.title`} as="title" />}
          subtitle={<Text c="dimmed">{t(`auth.${kind}.subtitle`)}</Text>}
          footer={
            <Anchor component={Link} to="/login" size="sm">
              {t('auth.recovery.backToSignIn')}
            </Anchor>
          }
          onSubmit={form.onSubmit((values) => {
            setFormError(null);
            mutation.mutate(values);
          })}
          pending={mutation.isPending}
          submitLabel={t('auth.recovery.send')}
          failure={{ error: formError }}
        >
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        </AuthFormShell>
      );
  }
}

export function ForgotPage() {
  return <EmailRequestPage kind="forgot" />;
}

export function ResendPage() {
  return <EmailRequestPage kind="resend" />;
}
