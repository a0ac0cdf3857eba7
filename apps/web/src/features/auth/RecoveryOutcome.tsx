import { Button, Center, Stack, ThemeIcon, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { Bilingual } from '../../components/Bilingual';

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
