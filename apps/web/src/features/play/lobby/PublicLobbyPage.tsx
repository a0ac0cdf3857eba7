import { Alert, Badge, Box, Button, Card, Center, Group, Image, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconKey, IconLock, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useFirstScreenDrawn } from '../../../after-load';
import { isApiError } from '../../../api/client';
import { mediaFileUrl } from '../../../api/play';
import { wayInApi, wayInQueryKeys } from '../../../api/way-in';
import { withReturn } from '../../../auth/return-path';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { PageLoader } from '../../../components/PageLoader';
import { SafeHtml } from '../../../components/rich-text/SafeHtml';
import { periodText } from '../../way-in/period';
import '../../way-in/locales';
import { PlayerLanguageSelect } from '../layout/PlayerLanguage';

/**
 * /play/:gameId for a visitor without an account (docs/web-player.md "The way
 * in"): what the public lobby answer says of the game — cover, title,
 * description, instructions, terms, playing period, passcode needed — with
 * Sign up and Sign in, both coming back to this very link.
 */
export function PublicLobbyPage() {
  const { t, i18n } = useTranslation();
  // The lobby is this page's first screen (there is no map): what waits for one may load.
  useFirstScreenDrawn();
  const { gameId = '' } = useParams();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const lobby = useQuery({
    // In the reader's language (issue 31): another language reads the game's texts again.
    queryKey: [...wayInQueryKeys.publicLobby(gameId), i18n.language],
    queryFn: ({ signal }) => wayInApi.publicLobby(gameId, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

  if (lobby.isPending) return <PageLoader label={t('wayIn.lobby.loading')} />;
  if (lobby.error) {
    return (
      <Center mih="100dvh" p="md">
        <Box maw={480} w="100%">
          {isApiError(lobby.error) && lobby.error.status === 404 ? (
            <Alert color="orange" variant="light" title={t('wayIn.lobby.notFound')} role="alert" />
          ) : (
            <GeneralErrorBox error={lobby.error} />
          )}
        </Box>
      </Center>
    );
  }
  const { game, needsPasscode, restricted, refusal } = lobby.data;
  return (
    <Center mih="100dvh" p={{ base: 'xs', sm: 'md' }}>
      <Card withBorder radius="md" p="lg" w="100%" maw={560} component="main">
        <Stack>
          <Group justify="flex-end">
            <PlayerLanguageSelect />
          </Group>
          {/* A fixed height, so the page does not shift when the logo arrives. */}
          {game.logoId && <Image src={mediaFileUrl(game.logoId)} alt="" h={180} fit="contain" radius="sm" />}
          <Title order={1} size="h2">
            {game.title}
          </Title>
          <Group gap="xs">
            {needsPasscode && (
              <Badge variant="light" color="grape" leftSection={<IconKey size={12} />}>
                {t('wayIn.lobby.passcodeNeeded')}
              </Badge>
            )}
            {restricted && (
              <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
                {t('wayIn.lobby.restricted')}
              </Badge>
            )}
            {game.multiplayer && (
              <Badge variant="light" leftSection={<IconUsersGroup size={12} />}>
                {t('wayIn.lobby.multiplayer')}
              </Badge>
            )}
          </Group>
          <SafeHtml html={game.description} />
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              <Text span fw={600} size="sm">
                {t('wayIn.lobby.period')}:
              </Text>{' '}
              {periodText(game.playingPeriod, t, i18n.language)}
            </Text>
          </Group>
          {game.instructions && (
            <Box>
              <Title order={2} size="h5" mb={4}>
                {t('wayIn.lobby.instructions')}
              </Title>
              <SafeHtml html={game.instructions} />
            </Box>
          )}
          {game.terms && (
            <Box>
              <Title order={2} size="h5" mb={4}>
                {t('wayIn.lobby.terms')}
              </Title>
              <Spoiler maxHeight={96} showLabel="…" hideLabel="↑">
                <SafeHtml html={game.terms} />
              </Spoiler>
            </Box>
          )}
          {refusal && (
            <Alert color="orange" variant="light" title={t('wayIn.lobby.cannotJoin')} role="alert">
              {refusal.message}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('wayIn.lobby.signInHint')}
          </Text>
          <Button component={Link} to={withReturn('/register', here)} size="md">
            {t('wayIn.lobby.signUp')}
          </Button>
          <Button component={Link} to={withReturn('/login', here)} size="md" variant="default">
            {t('wayIn.lobby.signIn')}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
