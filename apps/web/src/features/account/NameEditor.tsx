import { NAME_MAX_LENGTH, updateAccountSchema, type User } from '@loci/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { applyServerFieldErrors } from '../../components/form-errors';
import { notifyError, notifySuccess } from '../../components/notify';
import './name-locales';

const validate = schemaResolver(updateAccountSchema, { sync: true });

/** The account's name, with Change name: a field with the limit counted while typing, saved by PATCH /users/account. */
export function NameEditor({ account }: { account: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useForm({ initialValues: { name: account.name }, validate });
  const rename = useMutation({
    mutationFn: usersApi.rename,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.account, { user });
      setEditing(false);
      notifySuccess(t('account.rename.saved'));
    },
    onError: (error) => {
      if (applyServerFieldErrors(form, error, { name: 'name' })) return;
      notifyError(t('account.rename.error'), error);
    },
  });

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {account.name}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPencil size={14} />}
          onClick={() => {
            form.setValues({ name: account.name });
            form.resetDirty();
            setEditing(true);
          }}
        >
          {t('account.rename.edit')}
        </Button>
      </Group>
    );
  }

  const length = form.values.name.length;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (!rename.isPending) rename.mutate(values);
      })}
    >
      <Stack gap="xs">
        <TextInput
          aria-label={t('account.name')}
          maxLength={NAME_MAX_LENGTH}
          autoFocus
          description={`${length}/${NAME_MAX_LENGTH}`}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          {...form.getInputProps('name')}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={rename.isPending} disabled={rename.isPending}>
            {t('account.rename.save')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={rename.isPending}>
            {t('account.rename.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
