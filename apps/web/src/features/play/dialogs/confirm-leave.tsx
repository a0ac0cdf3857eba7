import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { modalsReady } from './modals-gate';

/** Asks the player again before they leave the game for good; `onLeave` when they confirm. */
export function confirmLeave(t: TFunction, onLeave: () => void): void {
  void modalsReady().then(() =>
    modals.openConfirmModal({
      title: t('play.menu.leaveTitle'),
      children: <Text size="sm">{t('play.menu.leaveBody')}</Text>,
      labels: { confirm: t('play.menu.leaveConfirm'), cancel: t('play.menu.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onLeave,
    }),
  );
}
