import { settingsFieldStates } from '@loci/domain';
import { Alert, Fieldset, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ClockField } from './ClockField';
import { useGameFormContext } from './form-context';
import { TeamsFieldset } from './TeamsFieldset';
import { WallFieldset } from '../../wall/WallFieldset';
import { MessagingFieldset } from './MessagingFieldset';

const CAPABILITIES = ['seeBackPack', 'seeSkills', 'scanCodes', 'typeCodes', 'seeDirections', 'seeTasks'] as const;

/** What players can do, what they may still do once the game ends, and the ranking. */
export function PoliciesTab() {
  const { t } = useTranslation();
  const form = useGameFormContext();
  const states = settingsFieldStates(form.values);

  return (
    <Stack gap="lg">
      <Fieldset legend={t('games.settings.policies.capabilities')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('games.settings.policies.capabilitiesHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {CAPABILITIES.map((capability) => (
            <Switch
              key={capability}
              label={t(`games.settings.policies.${capability}`)}
              {...form.getInputProps(`capabilities.${capability}`, { type: 'checkbox' })}
            />
          ))}
        </SimpleGrid>
      </Fieldset>

      {states.endPoliciesVisible ? (
        <Fieldset legend={t('games.settings.policies.endPolicies')}>
          <Text size="sm" c="dimmed" mb="sm">
            {t('games.settings.policies.endPoliciesHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Switch
              label={t('games.settings.policies.redeemAssets')}
              {...form.getInputProps('endPolicies.redeemAssets', { type: 'checkbox' })}
            />
            <Switch
              label={t('games.settings.policies.pickOffers')}
              {...form.getInputProps('endPolicies.pickOffers', { type: 'checkbox' })}
            />
            <Switch
              label={t('games.settings.policies.redeemOffers')}
              description={states.redeemOffersDisabled ? t('games.settings.policies.redeemOffersForced') : undefined}
              disabled={states.redeemOffersDisabled}
              {...form.getInputProps('endPolicies.redeemOffers', { type: 'checkbox' })}
            />
            <Switch
              label={t('games.settings.policies.tradeAssets')}
              description={states.tradeAssetsDisabled ? t('games.settings.policies.tradeAssetsMultiplayer') : undefined}
              disabled={states.tradeAssetsDisabled}
              {...form.getInputProps('endPolicies.tradeAssets', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </Fieldset>
      ) : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">{t('games.settings.policies.endPoliciesNeedMarket')}</Text>
        </Alert>
      )}

      <Fieldset legend={t('games.settings.policies.ranking')}>
        <Stack gap="sm">
          <Switch
            label={t('games.settings.policies.leaderboard')}
            {...form.getInputProps('rankings.available', { type: 'checkbox' })}
          />
          {states.showBeforeCompleteVisible && (
            <Switch
              label={t('games.settings.policies.showBeforeComplete')}
              {...form.getInputProps('rankings.showBeforeComplete', { type: 'checkbox' })}
            />
          )}
        </Stack>
      </Fieldset>

      <TeamsFieldset />
      <WallFieldset />
      <MessagingFieldset />
      <ClockField />

      <Fieldset legend={t('games.settings.policies.afterTheEnd')}>
        <Switch
          label={t('games.settings.policies.playAgain')}
          description={t('games.settings.policies.playAgainHint')}
          {...form.getInputProps('playAgain', { type: 'checkbox' })}
        />
      </Fieldset>
    </Stack>
  );
}
