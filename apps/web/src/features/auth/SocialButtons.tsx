import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { socialSignInUrl, usersApi } from '../../api/users';
import { rememberReturn } from '../../auth/return-path';

/** Sign in with a social identity provider; only the providers the server has configured show. */
export function SocialButtons({ next = null }: { next?: string | null }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: queryKeys.providers,
    queryFn: ({ signal }) => usersApi.getProviders(signal),
    staleTime: Infinity,
    retry: false,
  });
  if (!data || (!data.google && !data.facebook)) return null;

  const go = (provider: 'google' | 'facebook') => {
    rememberReturn(next);
    window.location.href = socialSignInUrl(provider);
  };

  return (
    <Stack gap="sm">
      {data.google && (
        <Button variant="default" size="md" leftSection={<IconBrandGoogle size={18} />} onClick={() => go('google')}>
          {t('auth.social.google')}
        </Button>
      )}
      {data.facebook && (
        <Button
          variant="default"
          size="md"
          leftSection={<IconBrandFacebook size={18} color="#1877f2" />}
          onClick={() => go('facebook')}
        >
          {t('auth.social.facebook')}
        </Button>
      )}
      <Divider label={t('auth.social.or')} labelPosition="center" my={4} />
    </Stack>
  );
}
