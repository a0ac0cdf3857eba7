import { CONTENT_LANGUAGE_NAMES, isContentLanguage } from '@loci/domain';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../../i18n';

/**
 * The game's languages in the lobby (issue 31), each named in itself
 * ("Deutsch"); the one the player reads now (the interface's language, which
 * follows the device's) is chosen when the game has it, else the game's main
 * one. Choosing one switches the player's language, remembered (pickLanguage): the
 * app's calls send it as Accept-Language, and the server answers the game's
 * texts in it. Nothing is shown for a game in one language.
 */
export function GameLanguagePicker({ languages }: { languages: readonly string[] | undefined }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  if (!languages || languages.length < 2) return null;
  const current = i18n.language.slice(0, 2).toLowerCase();
  const value = languages.includes(current) ? current : languages[0]!;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={labelId}>
        {t('play.intro.gameLanguage')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(code) => void pickLanguage(code)}
        data={languages.map((code) => ({
          value: code,
          label: isContentLanguage(code) ? CONTENT_LANGUAGE_NAMES[code].own : code,
        }))}
        fullWidth
      />
    </Stack>
  );
}
