import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameFormContext } from './form-context';

/** The additional game specification, a JSON object kept as text. */
export function AdvancedTab() {
  const { t } = useTranslation();
  const form = useGameFormContext();
  return (
    <Textarea
      label={t('games.settings.advanced.addonSpec')}
      description={t('games.settings.advanced.addonSpecHint')}
      placeholder={'{\n  \n}'}
      autosize
      minRows={10}
      maxRows={30}
      spellCheck={false}
      styles={{
        input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' },
      }}
      {...form.getInputProps('addonSpec')}
    />
  );
}
