import type { ImportReport, TranslationFormat } from '@loci/domain';
import { Alert, Anchor, Badge, Button, FileButton, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translationsApi } from '../../../api/translations';
import { notifyError } from '../../../components/notify';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { languageName, workspaceCoverage } from './coverage';
import { TranslationsTable } from './TranslationsTable';
import { useTranslationTable } from './useTranslationTable';
import '../common/locales';
import './locales';

/**
 * /games/:gameId/translations: the whole game's translation table (issue 31) —
 * the main language beside the language being translated, every text, the
 * untranslated ones on a filter, edited in place and saved together; the
 * language exported for translators (XLIFF 2.0, CSV) and imported back with a
 * report.
 */
export function TranslationsPage() {
  const { t, i18n } = useTranslation();
  const { gameId, workspace, canEdit } = useLoadedWorkspace();
  const coverage = workspaceCoverage(workspace);
  const [params, setParams] = useSearchParams();
  const others = coverage.map((entry) => entry.language);
  const language = others.includes(params.get('language') ?? '') ? params.get('language')! : others[0];
  const [onlyUntranslated, setOnlyUntranslated] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const name = (code: string) => languageName(code, i18n.language);
  const { table, edits, dirty, edit, save, saving, refresh } = useTranslationTable(gameId, language);
  const importFile = useMutation({
    mutationFn: async (file: File) => {
      const format: TranslationFormat = /\.csv$/i.test(file.name) ? 'csv' : 'xliff';
      return translationsApi.import(gameId, language!, { format, content: await file.text() });
    },
    onSuccess: async (answer) => {
      setReport(answer);
      await refresh();
    },
    onError: (error) => notifyError(t('design.translations.importFailed'), error),
  });
  const download = (format: TranslationFormat) =>
    translationsApi.download(gameId, language!, format).catch((error: unknown) => {
      notifyError(t('design.translations.exportFailed'), error);
    });

  const rows = useMemo(() => {
    const all = table.data?.rows ?? [];
    return onlyUntranslated ? all.filter((row) => row.state !== 'done' || row.id in edits) : all;
  }, [table.data, onlyUntranslated, edits]);

  if (!language) {
    return (
      <Stack gap="md">
        <Title order={2}>{t('design.translations.title')}</Title>
        <Text size="sm">{t('design.translations.none')}</Text>
        <Anchor component={Link} to={`/games/edit/${gameId}`}>
          {t('design.translations.openSettings')}
        </Anchor>
      </Stack>
    );
  }
  const main = table.data?.main ?? '';
  const required = table.data?.required ?? [];

  return (
    <Stack gap="md">
      <Title order={2}>{t('design.translations.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('design.translations.hint')}
      </Text>
      <Group gap="xs" aria-live="polite">
        {coverage.map((entry) => (
          <Badge key={entry.language} variant="light" color={entry.percent === 100 ? 'green' : 'gray'} size="lg">
            {t('design.translations.coverage', {
              language: name(entry.language),
              translated: entry.translated,
              total: entry.total,
              percent: entry.percent,
            })}
            {required.includes(entry.language) ? ` · ${t('design.translations.required')}` : ''}
          </Badge>
        ))}
      </Group>
      <Group align="flex-end" gap="md">
        <Select
          label={t('design.translations.language')}
          data={others.map((code) => ({ value: code, label: name(code) }))}
          value={language}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setReport(null);
            setParams({ language: value });
          }}
        />
        <Switch
          label={t('design.translations.onlyUntranslated')}
          checked={onlyUntranslated}
          onChange={(event) => setOnlyUntranslated(event.currentTarget.checked)}
        />
      </Group>
      <Group gap="sm">
        <Button variant="default" onClick={() => void download('xliff')}>
          {t('design.translations.exportXliff')}
        </Button>
        <Button variant="default" onClick={() => void download('csv')}>
          {t('design.translations.exportCsv')}
        </Button>
        {canEdit && (
          <FileButton onChange={(file) => file && importFile.mutate(file)} accept=".xlf,.xliff,.xml,.csv,text/csv">
            {(props) => (
              <Button variant="default" loading={importFile.isPending} {...props}>
                {t('design.translations.import')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {report && (
        <Alert
          title={t('design.translations.report.title')}
          color="blue"
          withCloseButton
          onClose={() => setReport(null)}
        >
          <Stack gap={4}>
            <Text size="sm">
              {t('design.translations.report.updated', { count: report.updated, unchanged: report.unchanged })}
            </Text>
            {report.unknownIds.length > 0 && (
              <Text size="sm">{t('design.translations.report.unknown', { ids: report.unknownIds.join(', ') })}</Text>
            )}
            {report.changedSinceExport.length > 0 && (
              <Text size="sm">
                {t('design.translations.report.changed', { count: report.changedSinceExport.length })}
              </Text>
            )}
            {report.missing.length > 0 && (
              <Text size="sm">{t('design.translations.report.missing', { count: report.missing.length })}</Text>
            )}
          </Stack>
        </Alert>
      )}
      <TranslationsTable
        rows={rows}
        main={main}
        language={language}
        edits={edits}
        onEdit={edit}
        readOnly={!canEdit}
        withEntity
        richEditor={false}
      />
      {canEdit && (
        <Group justify="flex-end" style={{ position: 'sticky', bottom: 0 }}>
          <Button onClick={save} loading={saving} disabled={!dirty}>
            {t('design.translations.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
