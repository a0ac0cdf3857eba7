import type { GamesListItem, RelocationRequest } from '@loci/domain';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../components/notify';
import { RelocationFields } from './RelocationFields';
import { RelocationPreviewMap } from './RelocationPreviewMap';
import { useGame } from '../games/queries';
import { useCloneTo, useRelocateGame } from './queries';
import './locales';

interface Props {
  game: Pick<GamesListItem, 'id' | 'title'>;
  /** 'relocate' moves the game itself (with a preview first); 'clone' makes a moved copy. */
  mode: 'relocate' | 'clone';
  onClose: () => void;
}

/** Moves a game — or a clone of it — to a new centre picked on the map; a relocation is previewed before it is applied. */
export function RelocateModal({ game, mode, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: details } = useGame(game.id);
  const place = details?.pg.place;
  // Until the user picks a centre, the map shows the game where it is now.
  const [picked, setCentre] = useState<RelocationRequest | null>(null);
  const centre = picked ?? { lat: place?.lat ?? 0, lng: place?.lng ?? 0, rotation: 0 };
  const relocate = useRelocateGame(game.id);
  const cloneTo = useCloneTo(game.id);
  const preview = relocate.data && relocate.variables?.preview ? relocate.data : undefined;
  const previewIsCurrent =
    preview !== undefined &&
    relocate.variables?.lat === centre.lat &&
    relocate.variables.lng === centre.lng &&
    relocate.variables.rotation === centre.rotation;

  const title = t(mode === 'clone' ? 'bundles.cloneToTitle' : 'bundles.relocateTitle', { title: game.title });
  const change = (next: RelocationRequest) => setCentre(next);
  const apply = () =>
    relocate.mutate(
      { ...centre, preview: false },
      {
        onSuccess: () => {
          notifySuccess(t('bundles.relocated'));
          onClose();
        },
        onError: (error) => notifyError(t('bundles.relocateFailed'), error),
      },
    );
  const clone = () =>
    cloneTo.mutate(centre, {
      onSuccess: (copy) => {
        notifySuccess(t('bundles.cloned'));
        onClose();
        void navigate(`/games/${copy.id}`);
      },
      onError: (error) => notifyError(t('bundles.relocateFailed'), error),
    });

  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      <Stack>
        {details ? (
          <RelocationFields value={centre} onChange={change} radius={place?.radius ?? 0} />
        ) : (
          <Loader aria-label={title} />
        )}
        {mode === 'relocate' && previewIsCurrent && preview && (
          <Stack gap="xs">
            <RelocationPreviewMap places={preview.places} label={t('bundles.previewMap')} />
            <Text size="sm">{t('bundles.placesMoved', { count: preview.places.length })}</Text>
            {preview.outside.length === 0 ? (
              <Text size="sm" c="teal">
                {t('bundles.outsideNone')}
              </Text>
            ) : (
              <Alert color="yellow">
                <List size="sm">
                  {preview.outside.map((item) => (
                    <List.Item key={`${item.kind}-${item.id}`}>
                      {t('bundles.outside', { ...item, kind: t(`bundles.kinds.${item.kind}`) })}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bundles.cancel')}
          </Button>
          {mode === 'relocate' ? (
            <>
              <Button
                variant="light"
                loading={relocate.isPending && relocate.variables?.preview}
                onClick={() =>
                  relocate.mutate(
                    { ...centre, preview: true },
                    { onError: (error) => notifyError(t('bundles.relocateFailed'), error) },
                  )
                }
              >
                {t('bundles.preview')}
              </Button>
              <Button
                onClick={apply}
                disabled={!previewIsCurrent}
                loading={relocate.isPending && !relocate.variables?.preview}
              >
                {t('bundles.apply')}
              </Button>
            </>
          ) : (
            <Button onClick={clone} loading={cloneTo.isPending}>
              {t('bundles.cloneHere')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
