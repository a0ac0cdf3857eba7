import { Button, Center, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Bilingual } from '../../components/Bilingual';
import type { RecoveryFailure } from './recovery-state';

interface Props {
  icon: ReactNode;
  color: MantineColor;
  /** i18n keys; shown in Greek and English. */
  titleKey: string;
  textKey?: string;
  detail?: ReactNode;
  action?: { label: string; to: string } | { label: string; onClick: () => void };
}

/** One end state of an account-recovery screen (confirmation, reset, resend). */
export function RecoveryOutcome({ icon, color, titleKey, textKey, detail, action }: Props) {
  return (
    <AuthCard>
      <Stack align="center" ta="center" gap="md" role="status">
        <Center>
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
        </Center>
        <Bilingual i18nKey={titleKey} as="title" />
        {textKey && <Bilingual i18nKey={textKey} />}
        {detail}
        {action &&
          ('to' in action ? (
            <Button component={Link} to={action.to} size="md" fullWidth>
              {action.label}
            </Button>
          ) : (
            <Button onClick={action.onClick} size="md" fullWidth variant="light">
              {action.label}
            </Button>
          ))}
      </Stack>
    </AuthCard>
  );
}

/**
 * The failed end states shared by the forgot, resend and reset screens: the
 * server's refusal (`failedTextKey`, with its message) or 'General error (1|2)'.
 */
export function RecoveryFailureOutcome({
  failure,
  failedTextKey,
  tryAgain,
}: {
  failure: RecoveryFailure;
  failedTextKey: string;
  tryAgain: { label: string; onClick: () => void };
}) {
  if (failure.name === 'failed') {
    return (
      <RecoveryOutcome
        icon={<IconAlertTriangle size={32} />}
        color="orange"
        titleKey="auth.recovery.failedTitle"
        textKey={failedTextKey}
        detail={failure.message ? <Text size="sm">{failure.message}</Text> : undefined}
        action={tryAgain}
      />
    );
  }
  return (
    <RecoveryOutcome
      icon={failure.code === 1 ? <IconPlugConnectedX size={32} /> : <IconAlertTriangle size={32} />}
      color="red"
      titleKey={`auth.recovery.generalError${failure.code}`}
      textKey={`auth.recovery.generalErrorText${failure.code}`}
      action={tryAgain}
    />
  );
}
