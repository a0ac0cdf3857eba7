import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { designQueryKeys } from '../../../api/design';
import { translationQueryKeys, translationsApi } from '../../../api/translations';
import { notifyError, notifySuccess } from '../../../components/notify';
import './locales';

/**
 * One language's translation table of a game (issue 31), with what was typed and not saved yet: the whole game's
 * table and every editor's side-by-side view read, edit and save through it. Saving sends only the typed texts
 * (PATCH …/translations/{language}) and then refreshes the workspace, whose translations give the coverage of
 * the sidebar and the switches. Switching to another language drops what was typed.
 */
export function useTranslationTable(gameId: string, language: string | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<{ language: string | undefined; texts: Record<string, string> }>({
    language,
    texts: {},
  });
  const edits = typed.language === language ? typed.texts : {};

  const table = useQuery({
    queryKey: translationQueryKeys.table(gameId, language ?? ''),
    queryFn: ({ signal }) => translationsApi.table(gameId, language!, signal),
    enabled: Boolean(language),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: designQueryKeys.workspace(gameId) });
    await queryClient.invalidateQueries({ queryKey: translationQueryKeys.table(gameId, language ?? '') });
  };
  const save = useMutation({
    mutationFn: (texts: Record<string, string>) => translationsApi.save(gameId, language!, texts),
    onSuccess: async () => {
      setTyped({ language, texts: {} });
      await refresh();
      notifySuccess(t('design.translations.saved'));
    },
    onError: (error) => notifyError(t('design.translations.saveFailed'), error),
  });

  return {
    table,
    edits,
    dirty: Object.keys(edits).length > 0,
    edit: (id: string, value: string) =>
      setTyped((current) => ({
        language,
        texts: { ...(current.language === language ? current.texts : {}), [id]: value },
      })),
    /** Saves what was typed. */
    save: () => save.mutate(edits),
    saving: save.isPending,
    refresh,
  };
}
