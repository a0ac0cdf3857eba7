import { Alert, Avatar, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyGame } from '@loci/domain';
import { mediaFileUrl } from '../../api/play';
import { wayInApi, wayInQueryKeys } from '../../api/way-in';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { JoinWithCode } from './JoinWithCode';
import './locales';

const STATUS_COLORS: Record<string, string> = { active: 'teal', completed: 'blue' };

function MyGameRow({ game }: { game: MyGame }) {
  const { t, i18n } = useTranslation();
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(game.joinedAt));
  return (
    <Card withBorder radius="md" p="sm" component="li">
      <Group wrap="nowrap" justify="space-between" gap="sm">
        <Group wrap="nowrap" gap="sm" miw={0} style={{ flex: 1 }}>
          <Avatar src={game.logoId ? mediaFileUrl(game.logoId) : null} radius="sm" size={48} alt="">
            {game.title.slice(0, 1)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text fw={600} lineClamp={2}>
              {game.title}
            </Text>
            <Group gap={6}>
              <Badge size="sm" variant="light" color={STATUS_COLORS[game.status] ?? 'gray'}>
                {t(`wayIn.home.status.${game.status}`, { defaultValue: game.status })}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('wayIn.home.joined', { date: joined })}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Button
          component={Link}
          to={`/play/${encodeURIComponent(game.gameId)}`}
          variant={game.resumable ? 'filled' : 'default'}
          style={{ flexShrink: 0 }}
          leftSection={game.resumable ? <IconPlayerPlay size={16} /> : undefined}
          aria-label={`${game.resumable ? t('wayIn.home.resume') : t('wayIn.home.open')}: ${game.title}`}
        >
          {game.resumable ? t('wayIn.home.resume') : t('wayIn.home.open')}
        </Button>
      </Group>
    </Card>
  );
}

/** A player's games (those they play or played, with Resume) — the list part of /my-games and of a player's '/'. */
export function MyGamesList() {
  const { t } = useTranslation();
  const games = useQuery({ queryKey: wayInQueryKeys.myGames, queryFn: ({ signal }) => wayInApi.myGames(signal) });
  if (games.isPending) return <Loader size="sm" aria-label={t('wayIn.lobby.loading')} />;
  if (games.error) return <GeneralErrorBox error={games.error} />;
  if (games.data.games.length === 0) {
    return (
      <Alert variant="light" color="gray">
        {t('wayIn.home.empty')}
      </Alert>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('wayIn.home.title')}>
      {games.data.games.map((game) => (
        <MyGameRow key={game.gameId} game={game} />
      ))}
    </Stack>
  );
}

/** /my-games: a player's home (designers reach it from the navbar too): My games and Join with a code. */
export function PlayerHomePage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="lg" px="xs">
      <Stack gap="lg">
        <JoinWithCode />
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t('wayIn.home.title')}
          </Title>
          <MyGamesList />
        </Stack>
      </Stack>
    </Container>
  );
}
