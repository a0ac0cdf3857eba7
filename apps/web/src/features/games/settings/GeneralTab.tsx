import {
  CONTENT_LANGUAGES,
  CONTENT_LANGUAGE_NAMES,
  GAME_LANGUAGES,
  languageCodeOf,
  type ContentLanguage,
} from '@loci/domain';
import {
  Alert,
  Divider,
  Grid,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MediaPickerField } from '../../media';
import { CurrencyItemField } from './CurrencyItemField';
import { useGameFormContext, type SettingsTabProps } from './form-context';

/** Content languages as choices, named in the console's language (Greek or English) and in their own. */
function languageChoices(codes: readonly ContentLanguage[], consoleLanguage: string) {
  const into = consoleLanguage.startsWith('el') ? 'el' : 'en';
  return codes.map((code) => {
    const names = CONTENT_LANGUAGE_NAMES[code];
    return { value: code, label: names[into] === names.own ? names.own : `${names[into]} (${names.own})` };
  });
}

/** The longest game title the form takes. */
const TITLE_MAX_LENGTH = 200;

/** Title, language, multiplayer and market, logo and currency, and who may play. */
export function GeneralTab({ gameId, readOnly }: SettingsTabProps) {
  const { t, i18n } = useTranslation();
  const form = useGameFormContext();
  const { values } = form;
  const editing = Boolean(gameId);

  return (
    <Stack gap="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput
            size="sm"
            label={t('games.settings.general.title')}
            withAsterisk
            maxLength={TITLE_MAX_LENGTH}
            // The limit, counted while typing: the field stops at it rather than cutting silently.
            description={`${values.title.length}/${TITLE_MAX_LENGTH}`}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
            {...form.getInputProps('title')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label={t('games.settings.general.language')}
            withAsterisk
            allowDeselect={false}
            data={GAME_LANGUAGES.map((language) => ({
              value: language,
              label: t(`games.settings.general.languages.${language}`),
            }))}
            {...form.getInputProps('language')}
          />
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MultiSelect
          label={t('games.settings.general.otherLanguages')}
          description={t('games.settings.general.otherLanguagesHint')}
          data={languageChoices(
            CONTENT_LANGUAGES.filter((code) => code !== languageCodeOf(values.language)),
            i18n.language,
          )}
          value={values.otherLanguages ?? []}
          onChange={(codes) => {
            const others = codes as ContentLanguage[];
            form.setFieldValue('otherLanguages', others);
            form.setFieldValue(
              'requiredLanguages',
              (values.requiredLanguages ?? []).filter((code) => others.includes(code)),
            );
          }}
          error={form.errors.otherLanguages}
          searchable
          clearable
          disabled={readOnly}
        />
        <MultiSelect
          label={t('games.settings.general.requiredLanguages')}
          description={t('games.settings.general.requiredLanguagesHint')}
          data={languageChoices(values.otherLanguages ?? [], i18n.language)}
          value={values.requiredLanguages ?? []}
          onChange={(codes) => form.setFieldValue('requiredLanguages', codes as ContentLanguage[])}
          error={form.errors.requiredLanguages}
          clearable
          disabled={readOnly || (values.otherLanguages ?? []).length === 0}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          label={t('games.settings.general.multiplayer')}
          description={t('games.settings.general.multiplayerHint')}
          {...form.getInputProps('multiplayer', { type: 'checkbox' })}
        />
        <Switch
          label={t('games.settings.general.market')}
          description={t('games.settings.general.marketHint')}
          {...form.getInputProps('market', { type: 'checkbox' })}
        />
      </SimpleGrid>

      <Divider />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {editing ? (
          <MediaPickerField
            label={t('games.settings.general.logo')}
            gameId={gameId}
            withAsterisk
            disabled={readOnly}
            value={values.logoId}
            onChange={(id) => form.setFieldValue('logoId', id)}
            error={form.errors.logoId}
          />
        ) : (
          <Alert
            variant="light"
            color="gray"
            icon={<IconInfoCircle size={18} />}
            title={t('games.settings.general.logo')}
          >
            {t('games.settings.general.logoAfterSave')}
          </Alert>
        )}
        {values.market && (
          <Stack gap="md">
            <TextInput
              size="sm"
              label={t('games.settings.general.currencyName')}
              withAsterisk
              maxLength={100}
              {...form.getInputProps('currencyName')}
            />
            <MediaPickerField
              label={t('games.settings.general.currencyIcon')}
              gameId={gameId}
              withAsterisk
              disabled={readOnly}
              description={editing ? undefined : t('games.settings.general.mediaAfterSave')}
              value={values.currencyIcon}
              onChange={(id) => form.setFieldValue('currencyIcon', id)}
              error={form.errors.currencyIcon}
            />
            {gameId ? (
              <CurrencyItemField gameId={gameId} readOnly={readOnly} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('games.settings.general.currencyItemAfterSave')}
              </Text>
            )}
          </Stack>
        )}
      </SimpleGrid>

      <Divider label={t('games.settings.general.audience')} labelPosition="left" />

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={480}>
        <NumberInput
          label={t('games.settings.general.minAge')}
          withAsterisk
          min={0}
          max={150}
          step={1}
          allowDecimal={false}
          {...form.getInputProps('minAge')}
        />
        <NumberInput
          label={t('games.settings.general.maxAge')}
          withAsterisk
          min={0}
          max={150}
          step={1}
          allowDecimal={false}
          {...form.getInputProps('maxAge')}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Switch
          label={t('games.settings.general.adultsOnly')}
          {...form.getInputProps('adultsOnly', { type: 'checkbox' })}
        />
        <Switch
          label={t('games.settings.general.photoRequired')}
          {...form.getInputProps('photoRequired', { type: 'checkbox' })}
        />
        <Switch
          label={t('games.settings.general.sexRequired')}
          {...form.getInputProps('sexRequired', { type: 'checkbox' })}
        />
      </Stack>
    </Stack>
  );
}
