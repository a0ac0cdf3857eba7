import { TEAM_AVATARS, TEXT_LIMITS, type MyTeam } from '@loci/domain';
import { Alert, Button, Center, Divider, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { playQueryKeys } from '../../../api/play';
import { teamsApi } from '../../../api/teams';
import './team-locales';

/** The message to show under a field: the server's field error for it, else its message. */
function errorOf(error: Error | null, field: string): string | null {
  if (!error) return null;
  const errors = isApiError(error) ? (error.body?.errors as Record<string, string> | undefined) : undefined;
  return errors?.[field] ?? error.message;
}

/** The server's field error for `field` only (the message goes under the name). */
function fieldErrorOf(error: Error | null, field: string): string | null {
  const errors = error && isApiError(error) ? (error.body?.errors as Record<string, string> | undefined) : undefined;
  return errors?.[field] ?? null;
}

/**
 * The lobby of a game played in teams for a player not in a team yet: the team's code (filled in from a
 * scanned QR code's `?team=`), then the lobby is read again and the player comes into their team's game.
 * In games whose players may form their own teams, the player can also create one: its name, then its code
 * to share with their friends, then into the game.
 */
export function TeamJoinCard({
  gameId,
  title,
  playersFormTeams = false,
}: {
  gameId: string;
  title: string;
  playersFormTeams?: boolean;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [code, setCode] = useState(searchParams.get('team') ?? '');
  const [name, setName] = useState('');
  const [avatar, setAvatar] = useState('');
  const [made, setMade] = useState<MyTeam | null>(null);
  const queryClient = useQueryClient();
  const intoGame = () => void queryClient.invalidateQueries({ queryKey: playQueryKeys.lobby(gameId) });
  const join = useMutation({
    mutationFn: () => teamsApi.join(code),
    onSuccess: intoGame,
  });
  // The new team's code is shown first (to share); the player goes into the game when they have it.
  const create = useMutation({
    mutationFn: () => teamsApi.createOwn(gameId, name, avatar || null),
    onSuccess: setMade,
  });
  if (made) {
    return (
      <Center mih="70dvh" p="md">
        <Paper withBorder p="lg" radius="md" maw={440} w="100%" style={{ borderLeft: `6px solid ${made.team.colour}` }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {title}
            </Text>
            <Title order={1} size="h2">
              {made.team.avatar ? `${made.team.avatar} ` : ''}
              {t('playTeam.madeTitle', { name: made.team.name })}
            </Title>
            <Text size="sm">{t('playTeam.shareIntro')}</Text>
            <Text
              aria-label={t('playTeam.code')}
              data-testid="team-code"
              ta="center"
              fw={700}
              style={{ fontFamily: 'monospace', fontSize: 32, letterSpacing: 6 }}
            >
              {made.team.code}
            </Text>
            <Button onClick={intoGame}>{t('playTeam.play')}</Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return (
    <Center mih="70dvh" p="md">
      <Paper withBorder p="lg" radius="md" maw={440} w="100%">
        <Stack gap="sm">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              join.mutate();
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {title}
              </Text>
              <Title order={1} size="h2">
                {t('playTeam.joinTitle')}
              </Title>
              <Text size="sm">{t('playTeam.joinIntro')}</Text>
              <TextInput
                label={t('playTeam.code')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                autoCapitalize="characters"
                autoComplete="off"
                required
                styles={{ input: { fontFamily: 'monospace', fontSize: 20, letterSpacing: 2 } }}
                error={errorOf(join.error, 'code')}
              />
              {join.isSuccess ? (
                <Alert color="teal" variant="light">
                  {t('playTeam.team', { name: join.data.team.name })}
                </Alert>
              ) : null}
              <Button type="submit" loading={join.isPending} disabled={!code.trim()}>
                {t('playTeam.join')}
              </Button>
            </Stack>
          </form>
          {playersFormTeams ? (
            <>
              <Divider label={t('playTeam.or')} labelPosition="center" />
              <form
                aria-labelledby="team-create-title"
                onSubmit={(event) => {
                  event.preventDefault();
                  create.mutate();
                }}
              >
                <Stack gap="sm">
                  <Title order={2} size="h4" id="team-create-title">
                    {t('playTeam.createTitle')}
                  </Title>
                  <Text size="sm">{t('playTeam.createIntro')}</Text>
                  <TextInput
                    label={t('playTeam.name')}
                    value={name}
                    onChange={(event) => setName(event.currentTarget.value)}
                    autoComplete="off"
                    required
                    maxLength={TEXT_LIMITS.name}
                    error={errorOf(create.error, 'name')}
                  />
                  <NativeSelect
                    label={t('playTeam.avatar')}
                    value={avatar}
                    onChange={(event) => setAvatar(event.currentTarget.value)}
                    data={[{ value: '', label: t('playTeam.noAvatar') }, ...TEAM_AVATARS]}
                    error={fieldErrorOf(create.error, 'avatar')}
                  />
                  <Button type="submit" variant="light" loading={create.isPending} disabled={!name.trim()}>
                    {t('playTeam.create')}
                  </Button>
                </Stack>
              </form>
            </>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
