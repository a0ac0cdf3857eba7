import type { PlayLobby } from '@loci/domain';
import { Alert, Anchor, Box, Button, Card, Center, Image, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaFileUrl } from '../../../api/play';
import { RichText } from '../RichText';

/**
 * The game's introduction before a player starts: title, logo, description,
 * instructions, the passcode field when the game asks for one, and why the
 * game cannot be played now when it cannot.
 */
export function IntroCard({
  lobby,
  initialPasscode = '',
  passcodeError,
  busy,
  onStart,
}: {
  lobby: PlayLobby;
  /** The passcode the player already typed (Join with a code). */
  initialPasscode?: string;
  passcodeError: string | null;
  busy: boolean;
  onStart: (passcode: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialPasscode);
  const { game } = lobby;
  return (
    <Center mih="100dvh" p="md">
      <Card withBorder radius="md" p="lg" w="100%" maw={560}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onStart(lobby.needsPasscode ? code : undefined);
          }}
        >
          <Stack>
            {game.logoId && <Image src={mediaFileUrl(game.logoId)} alt="" mah={160} fit="contain" />}
            <Title order={1} size="h2">
              {game.title}
            </Title>
            <RichText html={game.description} />
            {game.instructions && (
              <Box>
                <Title order={2} size="h5" mb={4}>
                  {t('play.intro.instructions')}
                </Title>
                <RichText html={game.instructions} />
              </Box>
            )}
            {lobby.refusal ? (
              <Alert color="orange" variant="light" title={t('play.refused.title')} role="alert">
                {lobby.refusal.message}
                {lobby.refusal.errorCode === 'PROFILE_INCOMPLETE' && (
                  <Anchor component={Link} to="/account" display="block" mt={4}>
                    {t('play.refused.profile')}
                  </Anchor>
                )}
              </Alert>
            ) : (
              lobby.needsPasscode && (
                <PasswordInput
                  label={t('play.passcode.label')}
                  description={t('play.passcode.title')}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  error={passcodeError}
                  autoComplete="off"
                  data-autofocus
                />
              )
            )}
            <Button
              type="submit"
              size="md"
              loading={busy}
              disabled={lobby.refusal !== null || (lobby.needsPasscode && !code)}
            >
              {t('play.intro.start')}
            </Button>
            <Anchor component={Link} to="/my-games" size="sm">
              {t('nav.myGames')}
            </Anchor>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
