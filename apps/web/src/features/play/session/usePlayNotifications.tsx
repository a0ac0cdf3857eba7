import type { Output } from '@loci/engine';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMessage } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { playErrorCode } from '../../../api/play';
import type { SpecIndex } from '../spec-index';
import { playErrorMessage } from './play-error';
import type { PlaySessionHandlers } from './usePlaySession';
import { outputText } from './engine-text';

const NOTIFY_MS = 6000;
/** An organiser's message stays longer than a toast, then goes: it never stays up for good. */
const MESSAGE_MS = 20_000;

type Toast = Parameters<typeof notifications.show>[0];

/**
 * The player's toasts show at the top on every screen (the console's go bottom left on a wide one): the player's
 * tool bar, an open sheet's last row and the playtest's trace are at the bottom. A screen reader says each once, when
 * it comes: politely (a status) unless it tells of a refusal or a failure (an alert, said at once). While a dialog
 * waits for the player (a question and its attempts left), toasts wait too — they would cover it — and show once it
 * closes.
 */
export function createToastGate() {
  let blocked = false;
  let held: Toast[] = [];
  const showNow = (toast: Toast) =>
    notifications.show({ autoClose: NOTIFY_MS, position: 'top-center', role: 'status', ...toast });
  return {
    show(toast: Toast): void {
      if (blocked) held.push(toast);
      else showNow(toast);
    },
    /** A dialog opened (true) or closed (false): closing shows what waited. */
    setBlocked(next: boolean): void {
      blocked = next;
      if (next) return;
      const waiting = held;
      held = [];
      waiting.forEach(showNow);
    },
    /** Leaving the game: nothing it said follows the player to another page. */
    close(): void {
      held = [];
      notifications.clean();
    },
  };
}
export type ToastGate = ReturnType<typeof createToastGate>;

/**
 * The play screen's toast gate, closed when the screen goes so that nothing the game said follows the player to
 * another page; `useHoldToasts` holds it while a dialog is open.
 */
export function useToastGate(): ToastGate {
  const gate = useMemo(() => createToastGate(), []);
  useEffect(() => () => gate.close(), [gate]);
  return gate;
}

/**
 * Holds the gate's toasts while a dialog waits for the player. A layout effect: it runs before the session's
 * (passive) effect delivers the same answer's outputs, so a toast that comes with a dialog waits for it.
 */
export function useHoldToasts(gate: ToastGate, dialogOpen: boolean): void {
  useLayoutEffect(() => gate.setBlocked(dialogOpen), [gate, dialogOpen]);
}

/** Tells the player, as notifications, what the session reports: outputs that take no answer, operators' messages, failed calls. */
export function usePlayNotifications(
  indexRef: { current: SpecIndex | null },
  /** The game's timezone, once the game is loaded: messages show their time in it. */
  zoneRef: { current: string },
  gate: ToastGate,
): PlaySessionHandlers {
  const { t, i18n } = useTranslation();
  const show = gate.show;
  return useMemo<PlaySessionHandlers>(
    () => ({
      onOutputs: (outputs: Output[]) => {
        for (const output of outputs) {
          switch (output.action) {
            case 'showNotification':
              if (output.message || output.text) show({ message: outputText(t, i18n.language, output) });
              break;
            case 'goToScene': {
              const scene = indexRef.current?.scene(output.sceneId);
              if (scene) {
                show({
                  message: t('play.notify.scene', { scene: scene.title || scene.name }),
                  color: 'grape',
                });
              }
              break;
            }
            case 'answerResult':
              if (output.correct) {
                show({ message: t('play.notify.correct'), color: 'teal' });
              }
              break;
            case 'error':
              show({
                title: t('play.notify.refused'),
                message: outputText(t, i18n.language, output) ?? output.errorCode ?? '',
                color: 'orange',
                icon: <IconAlertTriangle size={18} />,
                role: 'alert',
              });
              break;
            default:
              break;
          }
        }
      },
      onMessage: (message) => {
        const title = message.from ? t('play.notify.messageFrom', { from: message.from }) : t('play.notify.message');
        // The time formatter (dayjs, its timezone plugins) loads with the first message, not before the map: most
        // games send none. Messages keep their order (one module, its callbacks in turn); without it, no time.
        void import('../../../components/time/game-time')
          .then(({ formatGameTime }) => formatGameTime(message.when, zoneRef.current, i18n.language, 'time'))
          .catch(() => '')
          .then((time) =>
            show({
              title: time ? `${title} · ${time}` : title,
              message: message.message,
              icon: <IconMessage size={18} />,
              color: 'blue',
              autoClose: MESSAGE_MS,
            }),
          );
      },
      onError: (error) => {
        // The server takes a few events a second per player; beyond that it is no failure, just a pause.
        if (playErrorCode(error) === 'TOO_MANY_EVENTS') {
          // One notice for a burst of refusals: a second show with the same id is ignored while it is up.
          show({
            id: 'play-too-fast',
            message: t('play.notify.tooFast'),
            color: 'yellow',
          });
          return;
        }
        show({
          title: t('play.notify.failed'),
          message: playErrorMessage(error),
          color: 'red',
          role: 'alert',
        });
      },
    }),
    [t, i18n, indexRef, zoneRef, show],
  );
}
