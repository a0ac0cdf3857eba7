import { MEDIA_LIMITS, MEGABYTE } from '@loci/domain';
import { Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n';
import { formatFileSize } from '../file-size';
import { isShrinkableImage, shrinkImage, SHRUNK_LONGEST_SIDE } from './shrink-image';
import './shrink-image-locales';

interface Offer {
  images: File[];
  /** The person's answer: shrink the images, or leave them out. */
  resolve: (answer: 'shrink' | 'cancel') => void;
}

/**
 * Offers to shrink the picked images that are over the upload limit, instead of refusing them (issue 30).
 * `prepare(files)` resolves to the files to upload: every other file as it was, each large image replaced by
 * its smaller copy when the person agrees, left out when they cancel. An image that could not be shrunk under
 * the limit stays as it was, so the upload's own check still says it is too large. Render `dialog` once.
 */
export function useShrinkImageOffer({
  limit = MEDIA_LIMITS.image,
  uploadsAfter = true,
}: {
  limit?: number;
  /** The console uploads right after ("Shrink and upload"); the player still sends the form ("Shrink"). */
  uploadsAfter?: boolean;
} = {}): { prepare: (files: readonly File[]) => Promise<File[]>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const prepare = useCallback(
    async (files: readonly File[]): Promise<File[]> => {
      const images = files.filter((file) => isShrinkableImage(file, limit));
      if (images.length === 0) return [...files];
      const answer = await new Promise<'shrink' | 'cancel'>((resolve) => setOffer({ images, resolve }));
      if (answer === 'cancel') {
        setOffer(null);
        return files.filter((file) => !images.includes(file));
      }
      setPercent(0);
      const shrunk = new Map<File, File>();
      for (const [index, image] of images.entries()) {
        try {
          const copy = await shrinkImage(image, {
            limit,
            onProgress: (done) => setPercent(Math.round((100 * index + done) / images.length)),
          });
          shrunk.set(image, copy);
        } catch {
          // Not an image the browser can read: the upload's own check says it is too large.
        }
      }
      setPercent(null);
      setOffer(null);
      return files.map((file) => shrunk.get(file) ?? file);
    },
    [limit],
  );

  // A promise is settled once: a second click while the images shrink changes nothing.
  const answer = (choice: 'shrink' | 'cancel') => offer?.resolve(choice);

  const count = offer?.images.length ?? 0;
  const dialog = (
    <Modal
      opened={offer !== null}
      onClose={() => (percent === null ? answer('cancel') : undefined)}
      title={t('shrinkImage.title', { count })}
      closeOnClickOutside={percent === null}
      closeOnEscape={percent === null}
      withCloseButton={percent === null}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{t('shrinkImage.tooLarge', { count, limit: formatNumber(limit / MEGABYTE) })}</Text>
        <List size="sm">
          {offer?.images.map((image) => (
            <List.Item key={`${image.name}:${image.size}`}>
              {t('shrinkImage.file', { name: image.name, size: formatFileSize(image.size) })}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('shrinkImage.how', { side: SHRUNK_LONGEST_SIDE })}</Text>
        {percent !== null && <Progress value={percent} animated aria-label={t('shrinkImage.shrinking', { percent })} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer('cancel')} disabled={percent !== null}>
            {t('shrinkImage.cancel')}
          </Button>
          <Button onClick={() => answer('shrink')} loading={percent !== null} data-autofocus>
            {t(uploadsAfter ? 'shrinkImage.shrinkAndUpload' : 'shrinkImage.shrink')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { prepare, dialog };
}
