import { type Media } from '@loci/domain';
import {
  ActionIcon,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPhotoOff, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { MediaEditForm } from './MediaEditForm';
import { MediaThumb } from './MediaThumb';
import { MediaUploader } from './MediaUploader';
import { useDeleteMedia, useMediaList } from './queries';
import { formatFileSize } from '../../components/file-size';
import './locales';
import { domainText } from '../../i18n/domain';

export interface MediaManagerModalProps {
  opened: boolean;
  onClose: () => void;
  gameId: string | undefined;
  /** When given, the user can pick a medium (select, then Choose). */
  onChoose?: (media: Media) => void;
  /** The medium chosen so far, shown selected. */
  selectedId?: string | null;
  /** Browse only: no upload, edit or delete. */
  readOnly?: boolean;
}

function MediaCard({
  gameId,
  media,
  selected,
  readOnly,
  onSelect,
  onChoose,
  onEdit,
  onDelete,
}: {
  gameId: string;
  media: Media;
  selected: boolean;
  readOnly: boolean;
  onSelect?: () => void;
  onChoose?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const title = media.title || media.orig_filename;
  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      style={
        selected
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)',
            }
          : undefined
      }
    >
      <Stack gap={6}>
        <UnstyledButton
          onClick={onSelect}
          onDoubleClick={onChoose}
          disabled={!onSelect}
          aria-pressed={onSelect ? selected : undefined}
          aria-label={t('media.select', { title })}
          style={{ display: 'flex', justifyContent: 'center', cursor: onSelect ? 'pointer' : 'default' }}
        >
          <MediaThumb gameId={gameId} mediaId={media.id} mimetype={media.mimetype} alt={title} />
        </UnstyledButton>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate title={title}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" truncate title={media.orig_filename}>
            {formatFileSize(media.size)} · {media.orig_filename}
          </Text>
        </div>
        {!readOnly && (
          <Group gap={4} justify="flex-end">
            <Tooltip label={t('media.editTitle')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('media.edit', { title })}
                onClick={onEdit}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('media.deleteTitle')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('media.delete', { title })}
                onClick={onDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Library({
  gameId,
  onChoose,
  selectedId,
  readOnly,
  onClose,
}: Omit<MediaManagerModalProps, 'opened' | 'gameId'> & { gameId: string }) {
  const { t } = useTranslation();
  const list = useMediaList(gameId);
  const remove = useDeleteMedia(gameId);
  const [selected, setSelected] = useState<string | null>(selectedId ?? null);
  const [editing, setEditing] = useState<Media | null>(null);
  const [search, setSearch] = useState('');

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const media = list.data ?? [];
    if (!needle) return media;
    return media.filter(
      (item) => item.title.toLowerCase().includes(needle) || item.orig_filename.toLowerCase().includes(needle),
    );
  }, [list.data, search]);

  const chosen = list.data?.find((media) => media.id === selected);

  const choose = (media: Media | undefined) => {
    if (!media || !onChoose) return;
    onChoose(media);
    onClose();
  };

  const confirmDelete = (media: Media) =>
    modals.openConfirmModal({
      title: t('media.deleteTitle'),
      centered: true,
      children: <Text size="sm">{domainText(t, 'MEDIA_MESSAGES', 'confirmDelete')}</Text>,
      labels: { confirm: t('media.deleteConfirm'), cancel: t('media.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(media.id, {
          onSuccess: () => setSelected((current) => (current === media.id ? null : current)),
        }),
    });

  if (editing) {
    return <MediaEditForm gameId={gameId} media={editing} readOnly={readOnly} onDone={() => setEditing(null)} />;
  }

  let content;
  if (list.isPending) {
    content = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (list.isError) {
    content = <GeneralErrorBox error={list.error} />;
  } else if (list.data.length === 0) {
    content = (
      <EmptyState
        py="xl"
        icon={<IconPhotoOff size={28} />}
        withIndicatorBackground
        title={domainText(t, 'MEDIA_MESSAGES', 'noMedia')}
        description={readOnly ? undefined : t('media.noMediaHint')}
      />
    );
  } else if (shown.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="lg" size="sm">
        {t('media.noMatch')}
      </Text>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 5 }} spacing="sm">
        {shown.map((media) => (
          <MediaCard
            key={media.id}
            gameId={gameId}
            media={media}
            selected={selected === media.id}
            readOnly={Boolean(readOnly)}
            onSelect={onChoose ? () => setSelected(media.id) : undefined}
            onChoose={onChoose ? () => choose(media) : undefined}
            onEdit={() => setEditing(media)}
            onDelete={() => confirmDelete(media)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      {!readOnly && (
        <MediaUploader
          gameId={gameId}
          onUploaded={(saved) => {
            if (onChoose && saved.length === 1 && saved[0]) setSelected(saved[0].id);
          }}
        />
      )}
      {(list.data?.length ?? 0) > 0 && (
        <TextInput
          size="sm"
          aria-label={t('media.search')}
          placeholder={t('media.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {content}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('media.cancel')}
        </Button>
        {onChoose && (
          <Button disabled={!chosen} onClick={() => choose(chosen)}>
            {t('media.choose')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The media library of a game (spec 3 §2): upload, list, choose, edit and delete. */
export function MediaManagerModal({ opened, onClose, gameId, ...rest }: MediaManagerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('media.library')} size="xl" centered>
      {gameId ? (
        <Library gameId={gameId} onClose={onClose} {...rest} />
      ) : (
        <Text c="dimmed" ta="center" py="lg">
          {domainText(t, 'MEDIA_MESSAGES', 'noGameId')}
        </Text>
      )}
    </Modal>
  );
}
