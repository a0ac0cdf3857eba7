import type { FinishedGame } from '@loci/domain';
import { Alert, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatGameTime } from '../../../components/time/game-time';

/**
 * A player back at a game she finished: when it ended and how (completed or
 * not, how long it took, her currency), and what playing again would do — or
 * that the game is not played twice.
 */
export function FinishedNotice({ finished, timezone }: { finished: FinishedGame; timezone: string }) {
  const { t, i18n } = useTranslation();
  const minutes = finished.durationMs === null ? null : Math.max(1, Math.round(finished.durationMs / 60_000));
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      icon={<IconFlag size={18} />}
      title={t('play.finished.title', { when: formatGameTime(finished.when, timezone, i18n.language) })}
    >
      <Text size="sm">
        {finished.completed ? t('play.finished.completed') : t('play.finished.ended')}
        {minutes !== null && ` ${t('play.finished.duration', { count: minutes })}`}
      </Text>
      {finished.currency && (
        <Text size="sm">
          {t('play.finished.currency', { amount: finished.currency.amount, name: finished.currency.name })}
        </Text>
      )}
      <Text size="sm" mt={4}>
        {finished.playAgain ? t('play.finished.againHint') : t('play.finished.noAgain')}
      </Text>
    </Alert>
  );
}
