import { Fieldset, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameFormContext } from './form-context';
import './messaging-locales';

/** The setting "messages" (docs/outings.md "Messages"): players may write to the organiser, teams may chat. */
export function MessagingFieldset() {
  const { t } = useTranslation();
  const form = useGameFormContext();
  return (
    <Fieldset legend={t('games.settings.messaging.legend')}>
      <Stack gap="sm">
        <Switch
          label={t('games.settings.messaging.organiser')}
          description={t('games.settings.messaging.organiserHint')}
          {...form.getInputProps('messaging.organiser', { type: 'checkbox' })}
        />
        <Switch
          label={t('games.settings.messaging.team')}
          description={t('games.settings.messaging.teamHint')}
          {...form.getInputProps('messaging.team', { type: 'checkbox' })}
        />
      </Stack>
    </Fieldset>
  );
}
