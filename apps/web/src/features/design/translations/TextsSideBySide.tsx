import type { TranslationRow } from '@loci/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { languageName } from './coverage';
import { TranslationsTable } from './TranslationsTable';
import { useTranslationTable } from './useTranslationTable';
import './locales';

export interface TextsSideBySideProps {
  gameId: string;
  /** The language translated into (one of the game's other languages). */
  language: string;
  /** Which texts of the game's table are this editor's (the entity's, or the game's own). */
  select: (row: TranslationRow) => boolean;
  /** What the texts belong to, as people read it (the entity's title, the game's title). */
  name: string;
  readOnly: boolean;
}

/**
 * One editor's texts in another language (issue 31): the main language beside the translation, rich texts in the
 * rich-text editor, saved through the translation API (only what was typed), the coverage refreshed with them.
 */
export function TextsSideBySide({ gameId, language, select, name, readOnly }: TextsSideBySideProps) {
  const { t, i18n } = useTranslation();
  const { table, edits, dirty, edit, save, saving } = useTranslationTable(gameId, language);
  const languageWord = languageName(language, i18n.language);
  const heading = t('design.translations.sideBySide.title', { name, language: languageWord });
  if (!table.data) return <PageLoader label={heading} />;
  const rows = table.data.rows.filter(select);
  // As the coverage counts: a translation marked changed is still a translation.
  const translated = rows.filter((row) => row.state !== 'missing').length;
  return (
    <Stack gap="md" component="section" aria-label={heading}>
      <Stack gap={4}>
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {t('design.translations.sideBySide.hint')}
        </Text>
        <Text size="sm" aria-live="polite">
          {t('design.translations.sideBySide.coverage', { translated, total: rows.length, language: languageWord })}
        </Text>
      </Stack>
      <TranslationsTable
        rows={rows}
        main={table.data.main}
        language={language}
        edits={edits}
        onEdit={edit}
        readOnly={readOnly}
        withEntity={false}
        richEditor
      />
      {!readOnly && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={saving} disabled={!dirty}>
            {t('design.translations.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
