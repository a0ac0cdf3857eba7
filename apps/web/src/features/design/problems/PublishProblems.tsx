import type { Problem } from '@loci/engine/problems';
import { Alert, Checkbox, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import type { Workspace } from '../../../api/design';
import { ProblemList } from './ProblemList';
import { useProblems } from './problems-data';
import './locales';

/** What Publish must know of the design's findings: errors block it, warnings need a confirmation. */
export function usePublishCheck(gameId: string, workspace: Workspace) {
  const problems = useProblems(gameId, workspace);
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');
  return { errors, warnings };
}

/** The findings the server sent back when it refused to publish (409 with `problems`), if that is what `error` is. */
export function refusedProblems(error: unknown): Problem[] {
  if (!isApiError(error) || error.status !== 409 || !Array.isArray(error.body?.problems)) return [];
  return error.body.problems as Problem[];
}

/**
 * The findings shown at Publish: the errors that block it (from the checker
 * in the browser, or as the server refused), else the warnings with a
 * checkbox to confirm publishing anyway.
 */
export function PublishProblems({
  gameId,
  errors,
  warnings,
  confirmed,
  onConfirm,
  onOpen,
}: {
  gameId: string;
  errors: readonly Problem[];
  warnings: readonly Problem[];
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const base = `/games/${gameId}`;
  if (errors.length > 0) {
    return (
      <Alert color="red" variant="light" title={t('design.problems.publishBlocked')} role="alert">
        <ScrollArea.Autosize mah={240}>
          <ProblemList problems={errors} base={base} onOpen={onOpen} />
        </ScrollArea.Autosize>
      </Alert>
    );
  }
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t('design.problems.publishWarnings')}>
      <Stack gap="sm">
        <ScrollArea.Autosize mah={200}>
          <ProblemList problems={warnings} base={base} onOpen={onOpen} />
        </ScrollArea.Autosize>
        <Checkbox
          checked={confirmed}
          onChange={(event) => onConfirm(event.currentTarget.checked)}
          label={<Text size="sm">{t('design.problems.confirmWarnings')}</Text>}
        />
      </Stack>
    </Alert>
  );
}
