import { isRichTextEmpty, PLAY_MESSAGES, type PlayLobby } from '@loci/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Image,
  PasswordInput,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useFirstScreenDrawn } from '../../../after-load';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { mediaFileUrl } from '../../../api/play';
import { periodText } from '../../way-in/period';
import '../../way-in/locales';
import { PlayerIdentity } from '../layout/PlayerIdentity';
import { PlayerLanguageSelect } from '../layout/PlayerLanguage';
import { RichText } from '../RichText';
import { FinishedNotice } from './FinishedNotice';
import { GameLanguagePicker } from './GameLanguagePicker';

/**
 * The game's introduction before a player starts: title, logo, description,
 * instructions, its terms with "I accept the terms" (a first start must tick
 * it when the game has terms), the passcode field when the game asks for one,
 * why the game cannot be played now when it cannot, and who is about to play
 * (their name and account photo).
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
  onStart: (request: { passcode?: string; acceptTerms?: boolean; again?: boolean }) => void;
}) {
  const { t, i18n } = useTranslation();
  // The introduction is the player's first screen when the game has not started: the late pieces may load.
  useFirstScreenDrawn();
  const [code, setCode] = useState(initialPasscode);
  const [accepted, setAccepted] = useState(false);
  const location = useLocation();
  const { game, finished } = lobby;
  // Coming back to one's own instance asks nothing: the terms were accepted on the first start.
  const mustAccept = !isRichTextEmpty(game.terms) && lobby.instanceId === null;
  // A finished game is said by the notice below, not as a refusal.
  const refusal = lobby.refusal?.errorCode === 'ALREADY_FINISHED' ? null : lobby.refusal;
  return (
    <Center mih="100dvh" p="md">
      <Card withBorder radius="md" p="lg" w="100%" maw={560}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onStart({
              ...(lobby.needsPasscode ? { passcode: code } : {}),
              ...(mustAccept ? { acceptTerms: accepted } : {}),
              ...(finished ? { again: true } : {}),
            });
          }}
        >
          <Stack>
            <Group justify="flex-end">
              <PlayerLanguageSelect />
            </Group>
            {/* A fixed height, so the page does not shift when the logo arrives. */}
            {game.logoId && <Image src={mediaFileUrl(game.logoId)} alt="" h={160} fit="contain" />}
            <Title order={1} size="h2">
              {game.title}
            </Title>
            <GameLanguagePicker languages={game.languages} />
            <RichText html={game.description} />
            {game.playingPeriod && (
              <Text size="sm">
                <Text span fw={600} size="sm">
                  {t('wayIn.lobby.period')}:
                </Text>{' '}
                {periodText(game.playingPeriod, t, i18n.language)}
              </Text>
            )}
            {game.instructions && (
              <Box>
                <Title order={2} size="h5" mb={4}>
                  {t('play.intro.instructions')}
                </Title>
                <RichText html={game.instructions} />
              </Box>
            )}
            {!isRichTextEmpty(game.terms) && (
              <Box>
                <Title order={2} size="h5" mb={4}>
                  {t('play.intro.terms')}
                </Title>
                <Spoiler maxHeight={120} showLabel={t('play.intro.more')} hideLabel={t('play.intro.less')}>
                  <RichText html={game.terms} />
                </Spoiler>
              </Box>
            )}
            {finished && <FinishedNotice finished={finished} timezone={game.playingPeriod?.timezone || 'UTC'} />}
            {mustAccept && lobby.refusal === null && (
              <Checkbox
                label={t('play.intro.acceptTerms')}
                checked={accepted}
                onChange={(event) => setAccepted(event.currentTarget.checked)}
              />
            )}
            {refusal ? (
              <Alert color="orange" variant="light" title={t('play.refused.title')} role="alert">
                {refusal.message}
                {refusal.errorCode === 'PROFILE_INCOMPLETE' && (
                  // To the account page and, once the profile or photo is there, back to this game.
                  <Anchor
                    component={Link}
                    to={`/account?next=${encodeURIComponent(location.pathname + location.search)}`}
                    display="block"
                    mt={4}
                  >
                    {refusal.message === PLAY_MESSAGES.photoRequired
                      ? t('play.refused.photo')
                      : t('play.refused.profile')}
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
            <PlayerIdentity />
            {(!finished || finished.playAgain) && (
              <Button
                type="submit"
                size="md"
                loading={busy}
                disabled={lobby.refusal !== null || (lobby.needsPasscode && !code) || (mustAccept && !accepted)}
              >
                {finished ? t('play.finished.again') : t('play.intro.start')}
              </Button>
            )}
            <Anchor component={Link} to="/my-games" size="sm">
              {t('nav.myGames')}
            </Anchor>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
