import { BUNDLE_EXTENSION, DEFAULT_PLAYGROUND, type RelocationRequest } from '@loci/domain';
import { Alert, Button, FileInput, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { notifySuccess } from '../../components/notify';
import { RelocationFields } from './RelocationFields';
import { useImportBundle } from './queries';
import './locales';

/** Imports a game bundle as a new game of the user, optionally moved to a centre picked on the map. */
export function ImportBundleModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [move, setMove] = useState(false);
  const [centre, setCentre] = useState<RelocationRequest>({
    lat: DEFAULT_PLAYGROUND.lat,
    lng: DEFAULT_PLAYGROUND.lng,
    rotation: 0,
  });
  const importBundle = useImportBundle();
  const error = importBundle.error;

  const close = () => {
    importBundle.reset();
    setFile(null);
    onClose();
  };
  const submit = () => {
    if (!file) return;
    importBundle.mutate(
      { file, relocate: move ? centre : undefined },
      {
        onSuccess: (game) => {
          notifySuccess(t('bundles.imported', { title: game.title }));
          close();
          void navigate(`/games/${game.id}`);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('bundles.importTitle')} size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('bundles.importHint')}
        </Text>
        <FileInput
          label={t('bundles.file')}
          placeholder={t('bundles.filePlaceholder')}
          accept={`.zip,${BUNDLE_EXTENSION},application/zip`}
          leftSection={<IconFileZip size={16} />}
          value={file}
          onChange={(chosen) => {
            importBundle.reset();
            setFile(chosen);
          }}
          clearable
          required
        />
        <Switch label={t('bundles.moveIt')} checked={move} onChange={(event) => setMove(event.currentTarget.checked)} />
        {move && <RelocationFields value={centre} onChange={setCentre} radius={DEFAULT_PLAYGROUND.radius} />}
        {error && (
          <Alert color="red" title={t('bundles.importFailed')} role="alert">
            {error.message}
            {isApiError(error) && error.body?.errors && (
              <Text component="ul" size="sm" mt={4}>
                {Object.entries(error.body.errors)
                  .filter(([field]) => field !== 'bundle')
                  .map(([field, message]) => (
                    <li key={field}>
                      {field}: {message}
                    </li>
                  ))}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('bundles.cancel')}
          </Button>
          <Button onClick={submit} disabled={!file} loading={importBundle.isPending}>
            {t('bundles.importButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
