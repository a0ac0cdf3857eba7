import { TEAM_LIMITS } from '@loci/domain';
import { Fieldset, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameFormContext } from './form-context';
import './teams-locales';

/** The setting "played in teams" (docs/outings.md): team sizes, and whether players form teams themselves. */
export function TeamsFieldset() {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const enabled = form.values.teams?.enabled === true;
  return (
    <Fieldset legend={t('games.settings.teams.legend')}>
      <Stack gap="sm">
        <Switch
          label={t('games.settings.teams.enabled')}
          description={t('games.settings.teams.enabledHint')}
          {...form.getInputProps('teams.enabled', { type: 'checkbox' })}
        />
        {enabled && (
          <>
            <Group grow align="flex-start">
              <NumberInput
                label={t('games.settings.teams.minSize')}
                min={1}
                max={TEAM_LIMITS.maxSize}
                {...form.getInputProps('teams.minSize')}
              />
              <NumberInput
                label={t('games.settings.teams.maxSize')}
                min={1}
                max={TEAM_LIMITS.maxSize}
                {...form.getInputProps('teams.maxSize')}
              />
            </Group>
            <Switch
              label={t('games.settings.teams.playersFormTeams')}
              description={t('games.settings.teams.playersFormTeamsHint')}
              {...form.getInputProps('teams.playersFormTeams', { type: 'checkbox' })}
            />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
