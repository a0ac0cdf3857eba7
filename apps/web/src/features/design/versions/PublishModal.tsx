import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublishProblems, refusedProblems, usePublishCheck } from '../problems/PublishProblems';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { NEW_VERSION_DEFAULTS, useVersionMutations, type VersionValues } from './queries';
import { VersionFields } from './VersionFields';
import '../common/locales';

/**
 * Publishing the working version as a new game version (spec 2 §2–3): notes
 * and the version's switches. The design's errors block it (listed, each a
 * link to its editor); its warnings are listed and must be confirmed.
 */
export function PublishModal({ gameId, opened, onClose }: { gameId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { workspace } = useLoadedWorkspace();
  const { publish } = useVersionMutations(gameId);
  const form = useForm<VersionValues>({ mode: 'controlled', initialValues: NEW_VERSION_DEFAULTS });
  const [confirmed, setConfirmed] = useState(false);
  const check = usePublishCheck(gameId, workspace);
  const refused = refusedProblems(publish.error);
  const errors = check.errors.length > 0 ? check.errors : refused;
  const blocked = errors.length > 0 || (check.warnings.length > 0 && !confirmed);

  const handleClose = () => {
    form.reset();
    setConfirmed(false);
    publish.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit((values) =>
    publish.mutate(values, {
      onSuccess: () => handleClose(),
    }),
  );

  return (
    <Modal opened={opened} onClose={handleClose} title={t('design.versions.publishTitle')} size="lg">
      <form onSubmit={handleSubmit} noValidate aria-label={t('design.versions.publishTitle')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('design.versions.publishHint')}
          </Text>
          <PublishProblems
            gameId={gameId}
            errors={errors}
            warnings={check.warnings}
            confirmed={confirmed}
            onConfirm={setConfirmed}
            onOpen={handleClose}
          />
          <VersionFields form={form} isLiveSpec={false} readOnly={false} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              {t('design.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconRocket size={16} />} loading={publish.isPending} disabled={blocked}>
              {t('design.versions.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
