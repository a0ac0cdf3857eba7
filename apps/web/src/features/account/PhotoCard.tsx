import { ACCOUNT_PHOTO_TYPES, type User } from '@loci/domain';
import { Anchor, Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { usersApi } from '../../api/users';
import { notifyError, notifySuccess } from '../../components/notify';

/** `?next=` when it is a path of this site (never another origin): where to go back once the photo is set. */
export function localNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * The account photo: optional, for games that ask for one (docs/accounts.md
 * "Photo"). Sent from here, the server keeps a square re-encoded copy without
 * the file's metadata. Arriving from a game's lobby (`?next=`), a new photo
 * goes back to the game.
 */
export function PhotoCard({ account }: { account: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = localNext(params.get('next'));
  const saved = ({ user }: { user: User }) => queryClient.setQueryData(queryKeys.account, { user });
  const upload = useMutation({
    mutationFn: (file: File) => usersApi.uploadPhoto(file),
    onSuccess: (answer) => {
      saved(answer);
      notifySuccess(t('account.photo.saved'));
      if (next) void navigate(next);
    },
    onError: (error) => notifyError(t('account.photo.error'), error),
  });
  const remove = useMutation({
    mutationFn: () => usersApi.deletePhoto(),
    onSuccess: saved,
    onError: (error) => notifyError(t('account.photo.error'), error),
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4">
          {t('account.photo.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.photo.text')}
        </Text>
        <Group>
          <Avatar src={account.photoUri} size={96} radius="md" alt={t('account.photo.alt')} />
          <Stack gap="xs">
            <FileButton onChange={(file) => file && upload.mutate(file)} accept={ACCOUNT_PHOTO_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="light" loading={upload.isPending}>
                  {account.photoUri ? t('account.photo.change') : t('account.photo.add')}
                </Button>
              )}
            </FileButton>
            {account.photoUri && (
              <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
                {t('account.photo.remove')}
              </Button>
            )}
          </Stack>
        </Group>
        {next && (
          <Anchor component={Link} to={next}>
            {t('account.photo.back')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
