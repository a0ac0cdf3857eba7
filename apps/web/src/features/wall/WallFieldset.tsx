import { Fieldset, Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { designApi, designQueryKeys } from '../../api/design';
import { useGameFormContext } from '../games/settings/form-context';
import './locales';

/**
 * The game's feed and scoreboard (issue 29; the setting `wall`): whether players see the feed in the player,
 * and what scores on the wall and in the results — the market's currency, or one of the game's attributes.
 */
export function WallFieldset() {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const { gameId = '' } = useParams();
  const attributes = useQuery({
    queryKey: designQueryKeys.workspace(gameId),
    queryFn: ({ signal }) => designApi.workspace(gameId, signal),
    select: (workspace) => workspace.attributes,
    enabled: gameId !== '',
  });
  const source = form.values.wall?.scoreSource ?? 'currency';
  const options = [
    { value: 'currency', label: t('wall.settings.currency') },
    ...(attributes.data ?? []).map((attribute) => ({
      value: attribute.id,
      label: t('wall.settings.attribute', { name: attribute.title || attribute.name }),
    })),
  ];
  const chosen = source === 'attribute' ? (form.values.wall?.scoreAttributeId ?? 'currency') : 'currency';
  return (
    <Fieldset legend={t('wall.settings.legend')}>
      <Stack gap="sm">
        <Switch
          label={t('wall.settings.feedInPlayer')}
          description={t('wall.settings.feedInPlayerHint')}
          {...form.getInputProps('wall.feedInPlayer', { type: 'checkbox' })}
        />
        <Switch
          label={t('wall.settings.likes')}
          description={t('wall.settings.likesHint')}
          disabled={!form.values.wall?.feedInPlayer}
          {...form.getInputProps('wall.likes', { type: 'checkbox' })}
        />
        <Select
          label={t('wall.settings.scores')}
          description={t('wall.settings.scoresHint')}
          data={options}
          value={chosen}
          allowDeselect={false}
          onChange={(value) => {
            const attribute = value && value !== 'currency' ? value : null;
            form.setFieldValue('wall.scoreSource', attribute ? 'attribute' : 'currency');
            form.setFieldValue('wall.scoreAttributeId', attribute);
          }}
        />
      </Stack>
    </Fieldset>
  );
}
