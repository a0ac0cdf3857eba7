import { SOCIAL_COOKIE_NAME } from '@loci/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { usersApi } from '../../api/users';
import { useAuth } from '../../auth/auth-context';
import { takeRememberedReturn } from '../../auth/return-path';
import { AuthCard } from '../../components/AuthCard';
import { PageLoader } from '../../components/PageLoader';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

function clearCookie(name: string): void {
  for (const path of ['/', '/fe', '/api']) document.cookie = `${name}=; Max-Age=0; path=${path}`;
}

function describe(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.body?.message || `${error.status} ${error.statusText}`.trim();
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Where a social sign-in lands: the token comes from the short-lived
 * `jwtfromsocial` cookie, or (when the cookie cannot be read) from
 * GET /api/users/jwtAsBody. A provider error arrives as ?error=….
 */
export function SocialRedirectPage() {
  const { t } = useTranslation();
  const { login, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const providerError = params.get('error');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (providerError || started.current) return;
    started.current = true;
    const finish = (token: string | undefined) => {
      if (token && login(token)) navigate(takeRememberedReturn() ?? '/', { replace: true });
      else setError(t('auth.social.noToken'));
    };
    const cookieToken = readCookie(SOCIAL_COOKIE_NAME);
    if (cookieToken) {
      clearCookie(SOCIAL_COOKIE_NAME);
      finish(cookieToken);
    } else if (isAuthenticated) {
      navigate(takeRememberedReturn() ?? '/', { replace: true });
    } else {
      usersApi
        .getJwtAsBody()
        .then(({ jwtToken }) => finish(jwtToken))
        .catch((failure: unknown) => setError(describe(failure, t('auth.social.noToken'))));
    }
  }, [providerError, isAuthenticated, login, navigate, t]);

  const shown = providerError ?? error;
  if (!shown) return <PageLoader label={t('auth.social.signingIn')} />;
  return (
    <AuthCard title={t('auth.social.failedTitle')}>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('auth.social.failedText')}>
          {shown}
        </Alert>
        <Button component={Link} to="/login" size="md" fullWidth>
          {t('auth.recovery.backToSignIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
