import { GAME_TEXTS } from '@loci/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconArchive, IconDeviceFloppy, IconEye } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { UnknownWorkspacePage } from '../shell/WorkspaceShell';
import { NEW_VERSION_DEFAULTS, useVersionMutations, type VersionValues } from './queries';
import { versionLabel, versionNumber } from './version-label';
import { VersionFields } from './VersionFields';
import '../common/locales';

const valuesOf = (version: VersionValues): VersionValues => ({
  versionNotes: version.versionNotes ?? '',
  restrictAccessToDesigner: version.restrictAccessToDesigner,
  multipleInstances: version.multipleInstances,
  newInstancesAllowed: version.newInstancesAllowed,
});

/**
 * gameVersions/create/0 (publish the working version) and gameVersions/edit/:entityId
 * (spec 2 §3): version (read-only), notes, 'Only for Game Owner' (not on the live
 * spec), multiple instances, new instances allowed; archive.
 */
export function GameVersionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entityId } = useParams();
  const { gameId, workspace, canEdit } = useLoadedWorkspace();
  const { publish, update, archive } = useVersionMutations(gameId);
  const isNew = !entityId || entityId === '0';
  const version = isNew ? undefined : workspace.versions.find((candidate) => candidate.id === entityId);
  const form = useForm<VersionValues>({
    mode: 'controlled',
    initialValues: version ? valuesOf(version) : NEW_VERSION_DEFAULTS,
  });

  const stamp = version ? `${version.id}:${version.updatedAt}` : '';
  useEffect(() => {
    if (!version || form.isDirty()) return;
    const values = valuesOf(version);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    // Only a new version of the stored record resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);

  if (!isNew && !version) return <UnknownWorkspacePage />;

  const readOnly = !canEdit || version?.isArchived === true;
  const back = () => navigate(`/games/${gameId}`);
  const handleSubmit = form.onSubmit((values) => {
    if (isNew) publish.mutate(values, { onSuccess: back });
    else if (version) {
      const body: Partial<VersionValues> = { ...values };
      if (version.isLiveSpec) delete body.restrictAccessToDesigner;
      update.mutate({ id: version.id, values: body }, { onSuccess: back });
    }
  });
  const handleArchive = () => {
    if (!version) return;
    modals.openConfirmModal({
      title: t('design.versions.archive'),
      centered: true,
      children: <Text size="sm">{GAME_TEXTS.confirmIrreversible}</Text>,
      labels: { confirm: t('design.versions.archive'), cancel: t('design.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () => archive.mutate(version.id, { onSuccess: back }),
    });
  };

  const title = version ? versionLabel(version, t) : t('design.versions.publishTitle');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        <Group gap="sm" align="center">
          <Title order={2}>{title}</Title>
          {version?.isLiveSpec && <Badge variant="light">{t('design.versions.live')}</Badge>}
          {version?.isArchived && (
            <Badge variant="light" color="gray">
              {t('design.versions.archived')}
            </Badge>
          )}
        </Group>
        {!canEdit && (
          <Alert color="gray" variant="light" icon={<IconEye size={18} />}>
            {t('design.readOnly')}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {version && (
              <Group grow align="flex-start">
                <TextInput
                  label={t('design.versions.version')}
                  value={String(versionNumber(version) ?? '')}
                  readOnly
                  variant="filled"
                />
                <TextInput
                  label={t('design.versions.updatedAt')}
                  value={dayjs(version.updatedAt).format('lll')}
                  readOnly
                  variant="filled"
                />
              </Group>
            )}
            {isNew && (
              <Text size="sm" c="dimmed">
                {t('design.versions.publishHint')}
              </Text>
            )}
            <VersionFields form={form} isLiveSpec={version?.isLiveSpec ?? false} readOnly={readOnly} />
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={back}>
            {t('design.cancel')}
          </Button>
          {version && !version.isLiveSpec && !version.isArchived && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconArchive size={16} />}
              onClick={handleArchive}
              disabled={readOnly}
              loading={archive.isPending}
            >
              {t('design.versions.archive')}
            </Button>
          )}
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={readOnly}
            loading={publish.isPending || update.isPending}
          >
            {isNew ? t('design.versions.publish') : t('design.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
