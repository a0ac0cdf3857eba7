import { CONFIRM_RESULTS, type ConfirmResult } from '@loci/domain';
import { Loader } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { RecoveryOutcome } from './RecoveryOutcome';
import { useReturnPath, withReturn } from '../../auth/return-path';

async function confirmEmail(mac: string, msg: string): Promise<ConfirmResult> {
  try {
    const { result } = await usersApi.confirm({ mac, msg });
    return CONFIRM_RESULTS.includes(result) ? result : 'VALIDATION_GENERALERROR';
  } catch {
    // Spec 1 §7: a failed call counts as a general error.
    return 'VALIDATION_GENERALERROR';
  }
}

export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mac = params.get('mac') ?? '';
  const msg = params.get('msg') ?? '';
  const valid = mac !== '' && msg !== '';
  const next = useReturnPath();

  // A query (not an effect) so the link is checked once, however often the page renders.
  const { data: result } = useQuery({
    queryKey: queryKeys.confirmEmail(mac, msg),
    queryFn: () => confirmEmail(mac, msg),
    enabled: valid,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (!valid) {
    return <RecoveryOutcome icon={<IconLinkOff size={32} />} color="orange" titleKey="auth.confirm.invalidAddress" />;
  }
  switch (result) {
    case undefined:
      return <RecoveryOutcome icon={<Loader size={28} />} color="gray" titleKey="auth.confirm.validating" />;
    case 'CONFIRMATION_SUCCESS':
      return (
        <RecoveryOutcome
          icon={<IconCircleCheck size={34} />}
          color="teal"
          titleKey="auth.confirm.successTitle"
          textKey="auth.confirm.successText"
          action={{ label: t('nav.signIn'), to: withReturn('/login', next) }}
        />
      );
    case 'VALIDATION_FAILED':
      return (
        <RecoveryOutcome
          icon={<IconLinkOff size={32} />}
          color="orange"
          titleKey="auth.confirm.failedTitle"
          textKey="auth.confirm.failedText"
        />
      );
    case 'VALIDATION_EXPIRED':
      return (
        <RecoveryOutcome
          icon={<IconClockExclamation size={32} />}
          color="orange"
          titleKey="auth.confirm.expiredTitle"
          textKey="auth.confirm.expiredText"
          action={{ label: t('auth.confirm.resend'), to: '/resend' }}
        />
      );
    default:
      return (
        <RecoveryOutcome
          icon={<IconAlertTriangle size={32} />}
          color="red"
          titleKey="auth.confirm.generalErrorTitle"
          textKey="auth.confirm.generalErrorText"
        />
      );
  }
}
