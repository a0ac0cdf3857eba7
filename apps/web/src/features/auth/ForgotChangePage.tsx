import { forgotChangeSchema } from '@loci/domain';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck, IconClockExclamation, IconLinkOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { usersApi, type ForgotChangeResult } from '../../api/users';
import { userMessage } from '../../i18n/domain';
import { AuthCard } from '../../components/AuthCard';
import { Bilingual } from '../../components/Bilingual';
import { applyServerFieldErrors } from '../../components/form-errors';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { isRateLimited, toRecoveryFailure, type RecoveryFailure } from './recovery-state';
import { RecoveryFailureOutcome, RecoveryOutcome } from './RecoveryOutcome';

type State = { name: 'form' } | { name: 'success' } | { name: 'expired' } | { name: 'invalid' } | RecoveryFailure;

const validateLink = schemaResolver(forgotChangeSchema, { sync: true });

function fromResult(result: unknown): State | null {
  if (result === 'VALIDATION_EXPIRED') return { name: 'expired' };
  if (result === 'VALIDATION_FAILED') return { name: 'invalid' };
  return null;
}

/** /forgotchange: set a new password from the emailed link (mac and msg). Bilingual. */
export function ForgotChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mac = params.get('mac') ?? '';
  const msg = params.get('msg') ?? '';
  const [state, setState] = useState<State>(mac && msg ? { name: 'form' } : { name: 'invalid' });
  const [formError, setFormError] = useState<unknown>(null);

  const form = useForm({
    initialValues: { p1: '', p2: '' },
    validate: (values) => validateLink({ ...values, mac, msg }),
  });

  const mutation = useMutation({
    mutationFn: (values: { p1: string; p2: string }) => usersApi.forgotChange({ ...values, mac, msg }),
    onSuccess: (answer: ForgotChangeResult) =>
      setState(
        answer.success
          ? { name: 'success' }
          : (fromResult(answer.result) ?? { name: 'failed', message: answer.message }),
      ),
    onError: (error) => {
      const fromLink = isApiError(error) ? fromResult(error.body?.result) : null;
      if (fromLink) return setState(fromLink);
      if (applyServerFieldErrors(form, error, { p1: 'p1', p2: 'p2' })) return;
      if (isRateLimited(error)) setFormError(error);
      else setState(toRecoveryFailure(error));
    },
  });

  const restart = { label: t('auth.forgotChange.restart'), to: '/forgot' };
  const tryAgain = { label: t('auth.recovery.tryAgain'), onClick: () => setState({ name: 'form' }) };

  switch (state.name) {
    case 'success':
      return (
        <RecoveryOutcome
          icon={<IconCircleCheck size={34} />}
          color="teal"
          titleKey="auth.forgotChange.successTitle"
          textKey="auth.forgotChange.successText"
          action={{ label: t('nav.signIn'), to: '/login' }}
        />
      );
    case 'expired':
      return (
        <RecoveryOutcome
          icon={<IconClockExclamation size={32} />}
          color="orange"
          titleKey="auth.forgotChange.expiredTitle"
          textKey="auth.forgotChange.expired"
          action={restart}
        />
      );
    case 'invalid':
      return (
        <RecoveryOutcome
          icon={<IconLinkOff size={32} />}
          color="orange"
          titleKey="auth.forgotChange.invalidTitle"
          textKey="auth.forgotChange.invalid"
          action={restart}
        />
      );
    case 'failed':
    case 'generalError':
      return (
        <RecoveryFailureOutcome failure={state} failedTextKey="auth.forgotChange.failedText" tryAgain={tryAgain} />
      );
    default:
      return (
        <AuthCard
          title={<Bilingual i18nKey="auth.forgotChange.title" as="title" />}
          subtitle={<Text c="dimmed">{t('auth.forgotChange.subtitle')}</Text>}
        >
          <form
            noValidate
            onSubmit={form.onSubmit((values) => {
              if (mutation.isPending) return;
              setFormError(null);
              mutation.mutate(values);
            })}
          >
            <Stack gap="md">
              {formError ? <GeneralErrorBox error={formError} /> : null}
              <PasswordInput
                label={t('auth.fields.newPassword')}
                description={userMessage(t, 'passwordHint')}
                autoComplete="new-password"
                key={form.key('p1')}
                {...form.getInputProps('p1')}
              />
              <PasswordInput
                label={t('auth.fields.password2')}
                autoComplete="new-password"
                key={form.key('p2')}
                {...form.getInputProps('p2')}
              />
              <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={mutation.isPending}>
                {t('auth.forgotChange.submit')}
              </Button>
            </Stack>
          </form>
        </AuthCard>
      );
  }
}
