import { SEXES, type Sex, type User } from '@loci/domain';
import { Button, Card, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { applyServerFieldErrors } from '../../components/form-errors';
import { notifyError, notifySuccess } from '../../components/notify';

/**
 * The player profile: birth date and sex, both optional. Some games are for
 * certain ages, for adults only or ask for the player's sex; they check these
 * when the player starts (docs/accounts.md "Player profile").
 */
export function ProfileCard({ account }: { account: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { birthDate: account.birthDate ?? '', sex: account.sex ?? '' },
  });
  const save = useMutation({
    mutationFn: (values: { birthDate: string; sex: string }) =>
      usersApi.updateProfile({
        birthDate: values.birthDate || null,
        sex: (values.sex || null) as Sex | null,
      }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.account, { user });
      notifySuccess(t('account.profile.saved'));
    },
    onError: (error) => {
      if (applyServerFieldErrors(form, error, { birthDate: 'birthDate', sex: 'sex' })) return;
      notifyError(t('account.profile.error'), error);
    },
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="h4">
            {t('account.profile.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.profile.text')}
          </Text>
          <TextInput
            type="date"
            w="100%"
            label={t('account.profile.birthDate')}
            description={t('account.profile.birthDateHint')}
            key={form.key('birthDate')}
            {...form.getInputProps('birthDate')}
          />
          <Select
            w="100%"
            clearable
            label={t('account.profile.sex')}
            description={t('account.profile.sexHint')}
            data={SEXES.map((sex) => ({ value: sex, label: t(`account.profile.sexes.${sex}`) }))}
            key={form.key('sex')}
            {...form.getInputProps('sex')}
          />
          <Button type="submit" variant="light" loading={save.isPending}>
            {t('account.profile.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
