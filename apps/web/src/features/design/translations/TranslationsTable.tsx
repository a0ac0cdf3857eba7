import type { TranslationRow } from '@loci/domain';
import { Badge, Paper, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { SafeHtml } from '../../../components/rich-text/SafeHtml';
import { languageName } from './coverage';
import './locales';

const STATE_COLOR = { missing: 'red', changed: 'yellow', done: 'green' } as const;

/**
 * Where a text is, in words (numbers from 1, never ids): "Interaction «The pier» · question 1 · title" in the
 * whole game's table, "question 1 · title" in the entity's own editor (`withEntity` false).
 */
export function useWhere(withEntity: boolean) {
  const { t } = useTranslation();
  return (row: TranslationRow) => {
    const field = row.field
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? part : t(`design.translations.fields.${part}`, { defaultValue: part })))
      .join(' ');
    if (!withEntity) return field;
    const kind =
      row.kind === 'game'
        ? t('design.translations.kinds.game')
        : t(`design.kinds.${row.kind}`, { defaultValue: row.kind });
    return `${kind} «${row.entityTitle}» · ${field}`;
  };
}

export interface TranslationsTableProps {
  rows: readonly TranslationRow[];
  /** The main language's code, and the code of the language translated into. */
  main: string;
  language: string;
  /** Translations typed and not saved yet, by text id. */
  edits: Readonly<Record<string, string>>;
  onEdit: (id: string, value: string) => void;
  readOnly: boolean;
  /** Where a text is names its entity (the whole game's table), or only its field (the entity's own editor). */
  withEntity: boolean;
  /**
   * Rich texts in the rich-text editor, as the main language's are written (an entity's few texts); otherwise
   * as HTML in a text box (the whole game's table, where hundreds of editors would be too heavy).
   */
  richEditor: boolean;
}

/**
 * The main language beside the language being translated (issue 31): a row per text with where it is, the main
 * text, the translation to edit and where it stands (new, changed, done). The whole game's table
 * (TranslationsPage) and every editor's side-by-side view (TextsSideBySide) show their texts with it; without
 * rows it says there is nothing to show.
 */
export function TranslationsTable({
  rows,
  main,
  language,
  edits,
  onEdit,
  readOnly,
  withEntity,
  richEditor,
}: TranslationsTableProps) {
  const { t, i18n } = useTranslation();
  const where = useWhere(withEntity);
  const name = (code: string) => languageName(code, i18n.language);
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xs">
        <Text size="sm" c="dimmed">
          {t('design.translations.empty')}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xs">
      <Table.ScrollContainer minWidth={withEntity ? 860 : 640}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('design.translations.where')}</Table.Th>
              <Table.Th scope="col">{t('design.translations.main', { language: name(main) })}</Table.Th>
              <Table.Th scope="col">{t('design.translations.translation', { language: name(language) })}</Table.Th>
              <Table.Th scope="col">{t('design.translations.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const place = where(row);
              const label = t('design.translations.inputLabel', { language: name(language), where: place });
              const value = edits[row.id] ?? row.translation;
              return (
                <Table.Tr key={row.id} data-text-id={row.id}>
                  <Table.Td>
                    <Text size="sm">{place}</Text>
                    {row.rich && !richEditor && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('design.translations.html')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td lang={main} style={{ maxWidth: 360 }}>
                    {row.rich ? <SafeHtml html={row.text} /> : <Text size="sm">{row.text}</Text>}
                  </Table.Td>
                  <Table.Td lang={language} style={{ minWidth: 260 }}>
                    {row.rich && richEditor ? (
                      <RichTextEditor
                        label={label}
                        hideLabel
                        minHeight={80}
                        readOnly={readOnly}
                        value={value}
                        onChange={(html) => onEdit(row.id, html)}
                      />
                    ) : (
                      <Textarea
                        aria-label={label}
                        autosize
                        minRows={1}
                        readOnly={readOnly}
                        value={value}
                        onChange={(event) => onEdit(row.id, event.currentTarget.value)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td style={{ minWidth: 120, whiteSpace: 'nowrap' }}>
                    <Badge color={STATE_COLOR[row.state]} variant="light" style={{ overflow: 'visible' }}>
                      {t(`design.translations.states.${row.state}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
