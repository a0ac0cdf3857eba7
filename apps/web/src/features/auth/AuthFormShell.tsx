import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { userMessage } from '../../i18n/domain';
import { AuthCard } from '../../components/AuthCard';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { SocialButtons } from './SocialButtons';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  footer?: ReactNode;
  /** A footer that asks and links to the other way in ("No account yet? Sign up"); instead of `footer`. */
  switchTo?: { question: string; label: string; to: string };
  /** Shows the social sign-in buttons above the form, carrying this return path. */
  social?: { next: string | null };
  /** The form's submit handler (Mantine's `form.onSubmit(...)`); not called while a request runs. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  /** A notice above the error box (e.g. the pending confirmation). */
  notice?: ReactNode;
  /** The failure shown above the fields; a message overrides its text. */
  failure?: { error: unknown; message?: string } | null;
  /** The fields. */
  children: ReactNode;
  /** Below the submit button. */
  after?: ReactNode;
}

/**
 * The one shell of the account forms (sign in, sign up, forgotten password, resend, new password):
 * the card, the optional social buttons, the error box, the fields and the full-width submit button.
 * One request at a time: the button is disabled while it runs, and Enter is ignored too.
 */
export function AuthFormShell({
  title,
  subtitle,
  footer,
  switchTo,
  social,
  onSubmit,
  pending,
  submitLabel,
  notice,
  failure,
  children,
  after,
}: Props) {
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        switchTo ? (
          <>
            {switchTo.question}{' '}
            <Anchor component={Link} to={switchTo.to} fw={500}>
              {switchTo.label}
            </Anchor>
          </>
        ) : (
          footer
        )
      }
    >
      {social && <SocialButtons next={social.next} />}
      <form
        noValidate
        onSubmit={(event) => {
          if (!pending) return onSubmit(event);
          event.preventDefault();
        }}
      >
        <Stack gap="md">
          {notice}
          {failure?.error ? <GeneralErrorBox error={failure.error} message={failure.message} /> : null}
          {children}
          <Button type="submit" size="md" fullWidth loading={pending} disabled={pending}>
            {submitLabel}
          </Button>
          {after}
        </Stack>
      </form>
    </AuthCard>
  );
}

/** A new password with its hint, and the same password again (sign up, new password from the emailed link). */
export function NewPasswordFields<Values>({
  form,
  names,
  label,
}: {
  form: UseFormReturnType<Values>;
  names: [LooseKeys<Values>, LooseKeys<Values>];
  label: string;
}) {
  const { t } = useTranslation();
  const [first, second] = names;
  return (
    <>
      <PasswordInput
        label={label}
        description={userMessage(t, 'passwordHint')}
        autoComplete="new-password"
        key={form.key(first)}
        {...form.getInputProps(first)}
      />
      <PasswordInput
        label={t('auth.fields.password2')}
        autoComplete="new-password"
        key={form.key(second)}
        {...form.getInputProps(second)}
      />
    </>
  );
}
