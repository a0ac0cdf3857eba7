import type { GameLanguages, TranslationRow } from '@loci/domain';
import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from './coverage';
import { TextsSideBySide } from './TextsSideBySide';
import './locales';

export interface FormLanguagesProps {
  gameId: string;
  /** The game's languages (gameLanguagesOf): without others, the form shows alone. */
  languages: GameLanguages;
  /** Which texts of the game are this form's (the entity's, or the game's own). */
  select: (row: TranslationRow) => boolean;
  /** What the texts belong to, as people read it. */
  name: string;
  /** No edit right: the translations are shown, not edited. */
  readOnly: boolean;
  /** The form in the main language. */
  children: ReactNode;
}

/**
 * Every editor switches language (issue 31): above a form of a game in several languages, the switch between its
 * main language — the form itself — and each other language, which shows this form's texts side by side with the
 * main language (TextsSideBySide). The form stays mounted while hidden, so what was typed in it and its
 * unsaved-changes guard stay.
 */
export function FormLanguages({ gameId, languages, select, name, readOnly, children }: FormLanguagesProps) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const [language, setLanguage] = useState<string>(languages.main);
  if (languages.others.length === 0) return children;
  const translating = languages.others.includes(language as never) ? language : null;
  const word = (code: string) => languageName(code, i18n.language);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={600} id={labelId}>
          {t('design.translations.switchLabel')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={translating ?? languages.main}
          onChange={setLanguage}
          data={[
            { value: languages.main, label: t('design.translations.mainOption', { language: word(languages.main) }) },
            ...languages.others.map((code) => ({ value: code, label: word(code) })),
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {translating && (
        <TextsSideBySide gameId={gameId} language={translating} select={select} name={name} readOnly={readOnly} />
      )}
      <Box style={translating ? { display: 'none' } : undefined}>{children}</Box>
    </Stack>
  );
}
