import type { Output } from '@loci/engine';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMessage } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { playErrorCode } from '../../../api/play';
import { formatGameTime } from '../../../components/time/game-time';
import type { SpecIndex } from '../spec-index';
import { playErrorMessage } from './play-error';
import type { PlaySessionHandlers } from './usePlaySession';

const NOTIFY_MS = 6000;

/** Tells the player, as notifications, what the session reports: outputs that take no answer, operators' messages, failed calls. */
export function usePlayNotifications(
  indexRef: { current: SpecIndex | null },
  /** The game's timezone, once the game is loaded: messages show their time in it. */
  zoneRef: { current: string },
): PlaySessionHandlers {
  const { t, i18n } = useTranslation();
  return useMemo<PlaySessionHandlers>(
    () => ({
      onOutputs: (outputs: Output[]) => {
        for (const output of outputs) {
          switch (output.action) {
            case 'showNotification':
              if (output.message) notifications.show({ message: output.message, autoClose: NOTIFY_MS });
              break;
            case 'goToScene': {
              const scene = indexRef.current?.scene(output.sceneId);
              if (scene) {
                notifications.show({
                  message: t('play.notify.scene', { scene: scene.title || scene.name }),
                  color: 'grape',
                  autoClose: NOTIFY_MS,
                });
              }
              break;
            }
            case 'answerResult':
              if (output.correct) {
                notifications.show({ message: t('play.notify.correct'), color: 'teal', autoClose: NOTIFY_MS });
              }
              break;
            case 'error':
              notifications.show({
                title: t('play.notify.refused'),
                message: output.message ?? output.errorCode ?? '',
                color: 'orange',
                icon: <IconAlertTriangle size={18} />,
                autoClose: NOTIFY_MS,
              });
              break;
            default:
              break;
          }
        }
      },
      onMessage: (message) => {
        const title = message.from ? t('play.notify.messageFrom', { from: message.from }) : t('play.notify.message');
        const time = formatGameTime(message.when, zoneRef.current, i18n.language, 'time');
        notifications.show({
          title: time ? `${title} · ${time}` : title,
          message: message.message,
          icon: <IconMessage size={18} />,
          color: 'blue',
          autoClose: false,
        });
      },
      onError: (error) => {
        // The server takes a few events a second per player; beyond that it is no failure, just a pause.
        if (playErrorCode(error) === 'TOO_MANY_EVENTS') {
          // One notice for a burst of refusals: a second show with the same id is ignored while it is up.
          notifications.show({
            id: 'play-too-fast',
            message: t('play.notify.tooFast'),
            color: 'yellow',
            autoClose: NOTIFY_MS,
          });
          return;
        }
        notifications.show({
          title: t('play.notify.failed'),
          message: playErrorMessage(error),
          color: 'red',
          autoClose: NOTIFY_MS,
        });
      },
    }),
    [t, i18n, indexRef, zoneRef],
  );
}
