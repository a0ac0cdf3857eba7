import { INTERFACE_LANGUAGES, type InterfaceLanguage, type User } from '@loci/domain';
import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { notifyError, notifySuccess } from '../../components/notify';
import i18n, { LANGUAGES } from '../../i18n';
import './language-locales';

const BROWSER = 'browser';

/**
 * The account's interface language (docs/api.md "Language of messages"): the console switches to it at once,
 * and the server answers this account's errors in it; none follows the browser.
 */
export function LanguageCard({ account }: { account: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (language: InterfaceLanguage | null) =>
      usersApi.updateProfile({ birthDate: account.birthDate, sex: account.sex, language }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(queryKeys.account, { user });
      if (user.language) await i18n.changeLanguage(user.language);
      notifySuccess(i18n.t('account.language.saved'));
    },
    onError: (error) => notifyError(t('account.language.error'), error),
  });
  const choose = (value: string | null) => {
    const language = INTERFACE_LANGUAGES.find((code) => code === value) ?? null;
    if (language !== account.language) save.mutate(language);
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4">
          {t('account.language.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.language.text')}
        </Text>
        <Select
          w="100%"
          label={t('account.language.label')}
          value={account.language ?? BROWSER}
          onChange={choose}
          disabled={save.isPending}
          allowDeselect={false}
          data={[
            { value: BROWSER, label: t('account.language.browser') },
            ...LANGUAGES.map(({ value, label }) => ({ value, label })),
          ]}
        />
      </Stack>
    </Card>
  );
}
