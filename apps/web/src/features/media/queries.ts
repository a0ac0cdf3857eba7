import { MEDIA_MESSAGES, TOAST_AUTO_CLOSE_MS, type Media, type MediaUpdate } from '@loci/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaApi, mediaQueryKeys, type UploadResult } from '../../api/media';
import { notifyError, notifySuccess } from '../../components/notify';
import { checkFiles } from './upload-checks';

/** The media of a game (GET /api/design/{gameId}/medias). */
export function useMediaList(gameId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: mediaQueryKeys.list(gameId ?? ''),
    queryFn: ({ signal }) => mediaApi.list(gameId ?? '', signal),
    enabled: enabled && Boolean(gameId),
    meta: { errorMessage: t('media.errors.list', { id: gameId }) },
  });
}

/** A red toast about one file; keyed by file so that several show at once. */
function notifyFileProblem(title: string, fileName: string, message: string) {
  notifications.show({
    id: `media-file:${title}:${fileName}`,
    title,
    message,
    color: 'red',
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

/**
 * Uploads picked files with progress. Files over their type's limit (or of a
 * type not accepted) are skipped with a toast each; the others are uploaded.
 */
export function useUploadMedia(gameId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (files: File[]) => mediaApi.upload(gameId, files, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (result: UploadResult) => {
      if (result.saved.length > 0) notifySuccess(MEDIA_MESSAGES.uploaded);
      for (const rejected of result.rejected) {
        const title = rejected.status === 413 ? MEDIA_MESSAGES.tooLargeTitle : t('media.errors.upload');
        notifyFileProblem(title, rejected.file, rejected.message);
      }
    },
    onError: (error) => notifyError(t('media.errors.upload'), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaQueryKeys.list(gameId) }),
  });

  const upload = (files: readonly File[]): Promise<UploadResult | undefined> => {
    const { accepted, skipped } = checkFiles(files);
    for (const { file, kind, message } of skipped) {
      notifyFileProblem(
        kind === 'tooLarge' ? MEDIA_MESSAGES.tooLargeTitle : t('media.notAcceptedTitle'),
        file.name,
        message,
      );
    }
    if (accepted.length === 0) return Promise.resolve(undefined);
    return mutation.mutateAsync(accepted).catch(() => undefined);
  };

  return {
    upload,
    uploading: mutation.isPending,
    fileCount: mutation.variables?.length ?? 0,
    progress,
  };
}

/** Saves a medium's title and description. */
export function useUpdateMedia(gameId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: MediaUpdate }) => mediaApi.update(gameId, id, values),
    onSuccess: (saved: Media | undefined) => {
      if (saved?.id) {
        queryClient.setQueryData<Media[]>(mediaQueryKeys.list(gameId), (list) =>
          list?.map((media) => (media.id === saved.id ? saved : media)),
        );
      }
      notifySuccess(MEDIA_MESSAGES.saved);
    },
    onError: (error, { id }) => notifyError(t('media.errors.save', { id }), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaQueryKeys.list(gameId) }),
  });
}

/** Deletes a medium. */
export function useDeleteMedia(gameId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => mediaApi.delete(gameId, id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Media[]>(mediaQueryKeys.list(gameId), (list) =>
        list?.filter((media) => media.id !== id),
      );
      notifySuccess(MEDIA_MESSAGES.deleted);
    },
    onError: (error, id) => notifyError(t('media.errors.delete', { id }), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaQueryKeys.list(gameId) }),
  });
}
