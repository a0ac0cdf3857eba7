import { MEDIA_ACCEPT, MEDIA_LIMITS, MEGABYTE, TOAST_AUTO_CLOSE_MS, type Media } from '@loci/domain';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUploadMedia } from './queries';
import { useShrinkImageOffer } from '../../components/shrink-image/ShrinkImageOffer';
import { domainText } from '../../i18n/domain';

const ACCEPT = MEDIA_ACCEPT.split(',');

/** Drop or pick several files; offers to shrink images over the limit; shows real upload progress. */
export function MediaUploader({
  gameId,
  onUploaded,
  disabled,
}: {
  gameId: string;
  onUploaded?: (saved: Media[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { upload, uploading, progress, fileCount } = useUploadMedia(gameId);
  const shrinkOffer = useShrinkImageOffer();

  const handleDrop = async (files: File[]) => {
    const ready = await shrinkOffer.prepare(files);
    if (ready.length === 0) return;
    const result = await upload(ready);
    if (result && result.saved.length > 0) onUploaded?.(result.saved);
  };

  const handleReject = (rejections: { file: File }[]) => {
    for (const { file } of rejections) {
      notifications.show({
        id: `media-file:not-accepted:${file.name}`,
        title: t('media.notAcceptedTitle'),
        message: domainText(t, 'MEDIA_MESSAGES', 'notAccepted', file.name),
        color: 'red',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
    }
  };

  return (
    <Stack gap="xs">
      {shrinkOffer.dialog}
      <Dropzone
        onDrop={(files) => void handleDrop(files)}
        onReject={handleReject}
        accept={ACCEPT}
        multiple
        loading={uploading}
        disabled={disabled || uploading}
        inputProps={{ 'aria-label': t('media.uploadInput') }}
        p="md"
      >
        <Group justify="center" gap="lg" mih={90} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} color="var(--mantine-color-teal-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Dropzone.Idle>
              <Text size="md" fw={500}>
                {t('media.dropTitle')}
              </Text>
            </Dropzone.Idle>
            <Dropzone.Accept>
              <Text size="md" fw={500}>
                {t('media.dropAccept')}
              </Text>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <Text size="md" fw={500}>
                {t('media.dropReject')}
              </Text>
            </Dropzone.Reject>
            <Text size="sm" c="dimmed" mt={4}>
              {t('media.dropHint', {
                image: MEDIA_LIMITS.image / MEGABYTE,
                audio: MEDIA_LIMITS.audio / MEGABYTE,
                video: MEDIA_LIMITS.video / MEGABYTE,
              })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {uploading && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('media.uploading', { count: fileCount })}
            </Text>
            <Text size="xs" c="dimmed">
              {progress}%
            </Text>
          </Group>
          <Progress value={progress} animated aria-label={t('media.uploading', { count: fileCount })} />
        </Stack>
      )}
    </Stack>
  );
}
