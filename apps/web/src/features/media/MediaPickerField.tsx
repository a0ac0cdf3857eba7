import { type Media } from '@loci/domain';
import { Box, Button, Center, Group, Input, Stack, Text } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaApi, mediaQueryKeys } from '../../api/media';
import { MediaManagerModal } from './MediaManagerModal';
import { MediaThumb } from './MediaThumb';
import './locales';
import { domainText } from '../../i18n/domain';

export interface MediaPickerFieldProps {
  label: string;
  gameId: string | undefined;
  value: string | null;
  onChange: (mediaId: string | null) => void;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
}

const THUMB_SIZE = 72;

/** A form field holding a medium's id: its thumbnail, and Choose / Clear through the media library. */
export function MediaPickerField({
  label,
  gameId,
  value,
  onChange,
  description,
  error,
  withAsterisk,
  disabled,
}: MediaPickerFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  // The error is tied to the group and its Choose button, as Mantine ties an input's to the input.
  const errorId = useId();
  const describedBy = error ? errorId : undefined;
  const [opened, { open, close }] = useDisclosure(false);
  // The library, if it has been loaded already, names the chosen medium; never fetched just for that.
  const { data: library } = useQuery({
    queryKey: mediaQueryKeys.list(gameId ?? ''),
    queryFn: ({ signal }) => mediaApi.list(gameId ?? '', signal),
    enabled: false,
  });
  const chosen = value ? library?.find((media) => media.id === value) : undefined;

  let status: string;
  if (!gameId) status = domainText(t, 'MEDIA_MESSAGES', 'noGameId');
  else if (!value) status = domainText(t, 'MEDIA_MESSAGES', 'noMediaSelected');
  else status = chosen?.title || chosen?.orig_filename || t('media.selected');

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      labelElement="div"
      labelProps={{ id: labelId }}
      errorProps={{ id: errorId }}
    >
      <Group
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        gap="md"
        wrap="nowrap"
        mt={6}
        align="center"
      >
        <Box
          w={THUMB_SIZE}
          h={THUMB_SIZE}
          style={{
            flex: 'none',
            borderRadius: 'var(--mantine-radius-sm)',
            border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
            overflow: 'hidden',
          }}
        >
          {gameId && value ? (
            <MediaThumb
              key={value}
              gameId={gameId}
              mediaId={value}
              mimetype={chosen?.mimetype}
              alt={status}
              size={THUMB_SIZE}
            />
          ) : (
            <Center h="100%" c="dimmed">
              <IconPhotoOff size={24} />
            </Center>
          )}
        </Box>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c={value && gameId ? undefined : 'dimmed'} truncate>
            {status}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={open}
              disabled={disabled || !gameId}
              aria-label={t('media.chooseLabel', { label })}
              aria-describedby={describedBy}
            >
              {t('media.choose')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => onChange(null)}
              disabled={disabled || !value}
              aria-label={t('media.clearLabel', { label })}
            >
              {t('media.clear')}
            </Button>
          </Group>
        </Stack>
      </Group>
      <MediaManagerModal
        opened={opened}
        onClose={close}
        gameId={gameId}
        selectedId={value}
        onChoose={(media: Media) => onChange(media.id)}
      />
    </Input.Wrapper>
  );
}
