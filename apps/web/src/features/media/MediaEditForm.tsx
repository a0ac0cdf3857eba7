import { MEDIA_PREVIEW_WIDTH, mediaTypeOf, mediaUpdateSchema, type Media } from '@loci/domain';
import { Anchor, Box, Button, Center, Group, Image, Stack, Text, TextInput, Textarea, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconFile, IconMusic } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mediaOriginalUrl, mediaThumbUrl } from '../../api/media';
import { formatFileSize } from '../../components/file-size';
import { useUpdateMedia } from './queries';

/** A 300 px preview: the image, a player for audio and video, or a link to any other file. */
function MediaPreview({ gameId, media }: { gameId: string; media: Media }) {
  const { t } = useTranslation();
  const type = mediaTypeOf(media.mimetype);
  const label = t('media.preview', { title: media.title || media.orig_filename });
  if (type === 'image') {
    return (
      <Image
        src={mediaThumbUrl(gameId, media.id, { width: MEDIA_PREVIEW_WIDTH, square: false })}
        alt={label}
        w={MEDIA_PREVIEW_WIDTH}
        maw="100%"
        radius="sm"
      />
    );
  }
  if (type === 'video') {
    return (
      <video
        src={mediaOriginalUrl(media)}
        controls
        width={MEDIA_PREVIEW_WIDTH}
        aria-label={label}
        style={{ maxWidth: '100%', borderRadius: 4 }}
      />
    );
  }
  return (
    <Stack
      w={MEDIA_PREVIEW_WIDTH}
      maw="100%"
      gap="sm"
      align="center"
      p="md"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 4 }}
    >
      <Center>
        <ThemeIcon variant="light" size={64} radius="xl">
          {type === 'audio' ? <IconMusic size={32} /> : <IconFile size={32} />}
        </ThemeIcon>
      </Center>
      {type === 'audio' ? (
        <audio src={mediaOriginalUrl(media)} controls aria-label={label} style={{ width: '100%' }} />
      ) : (
        <Anchor href={mediaOriginalUrl(media)} target="_blank" rel="noopener noreferrer" size="sm">
          {t('media.openOriginal')}
        </Anchor>
      )}
    </Stack>
  );
}

interface Props {
  gameId: string;
  media: Media;
  readOnly?: boolean;
  onDone: () => void;
}

/** Edits a medium's title (required) and description, beside its preview. */
export function MediaEditForm({ gameId, media, readOnly, onDone }: Props) {
  const { t } = useTranslation();
  const update = useUpdateMedia(gameId);
  const form = useForm({
    initialValues: { title: media.title, description: media.description },
    validate: schemaResolver(mediaUpdateSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate({ id: media.id, values: mediaUpdateSchema.parse(values) }, { onSuccess: onDone });
  });

  const details = [
    media.orig_filename,
    media.mimetype,
    formatFileSize(media.size),
    media.width && media.height ? t('media.dimensions', { width: media.width, height: media.height }) : null,
  ].filter(Boolean);

  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} />} onClick={onDone}>
          {t('media.back')}
        </Button>
      </Group>
      <form onSubmit={handleSubmit} noValidate>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box w={MEDIA_PREVIEW_WIDTH} maw="100%">
            <MediaPreview gameId={gameId} media={media} />
          </Box>
          <Stack gap="sm" style={{ flex: '1 1 260px' }}>
            <TextInput
              size="sm"
              label={t('media.title')}
              withAsterisk
              disabled={readOnly}
              data-autofocus
              {...form.getInputProps('title')}
            />
            <Textarea
              label={t('media.description')}
              autosize
              minRows={3}
              maxRows={8}
              disabled={readOnly}
              {...form.getInputProps('description')}
            />
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onDone}>
                {t('media.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending} disabled={readOnly}>
                {t('media.save')}
              </Button>
            </Group>
          </Stack>
        </Group>
      </form>
    </Stack>
  );
}
