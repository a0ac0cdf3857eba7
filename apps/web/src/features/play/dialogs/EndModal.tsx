import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatGameTime } from '../../../components/time/game-time';
import type { SessionEnding } from '../session/session-reducer';
import { outputText } from '../session/engine-text';

/** The end of the game for the player: why, and where to go (again, or back to design, in a playtest). */
export function EndModal({
  ending,
  gameId,
  playtest,
  finishedAt,
  timezone,
  onRestart,
}: {
  ending: SessionEnding | null;
  gameId: string;
  playtest: boolean;
  /** When the player's game ended (ISO), shown in the game's timezone. */
  finishedAt?: string | null;
  timezone: string;
  onRestart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const endedAt = formatGameTime(finishedAt, timezone, i18n.language);
  const navigate = useNavigate();
  const end = !ending
    ? null
    : ending.reason === 'left'
      ? { title: t('play.end.left'), message: undefined }
      : ending.reason === 'inactive'
        ? { title: t('play.end.over'), message: t('play.end.inactive') }
        : {
            title: ending.completed ? t('play.end.completed') : t('play.end.over'),
            message: outputText(t, i18n.language, ending),
          };
  return (
    <Modal opened={Boolean(end)} onClose={() => {}} withCloseButton={false} centered zIndex={1200} title={null}>
      {end && (
        <Stack align="center" gap="md" py="md">
          <Title order={2}>{end.title}</Title>
          {end.message && <Text ta="center">{end.message}</Text>}
          {endedAt && (
            <Text size="sm" c="dimmed">
              {t('play.end.at', { time: endedAt })}
            </Text>
          )}
          <Group>
            {playtest ? (
              <>
                <Button onClick={onRestart}>{t('play.end.again')}</Button>
                <Button variant="default" onClick={() => navigate(`/games/${gameId}`)}>
                  {t('play.backToDesign')}
                </Button>
              </>
            ) : (
              <Button onClick={() => navigate('/')}>{t('play.home')}</Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
