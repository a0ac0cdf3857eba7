import { gameVersionFormSchema } from '@loci/domain';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArchive, IconGitCompare } from '@tabler/icons-react';
import { formatTime } from '../../../i18n/time';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  FormShell,
  useLeavePermit,
  useStoredValues,
  validateWithSchema,
  type ShellDeletion,
} from '../../../components/forms';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { UnknownWorkspacePage } from '../shell/UnknownWorkspacePage';
import { NEW_VERSION_DEFAULTS, useVersionMutations, type VersionValues } from './queries';
import { versionLabel, versionNumber } from './version-label';
import { VersionFields } from './VersionFields';
import '../common/locales';
import './locales';
import { domainText } from '../../../i18n/domain';

const valuesOf = (version: VersionValues): VersionValues => ({
  versionNotes: version.versionNotes ?? '',
  restrictAccessToDesigner: version.restrictAccessToDesigner,
  multipleInstances: version.multipleInstances,
  newInstancesAllowed: version.newInstancesAllowed,
});

/**
 * gameVersions/create/0 (publish the working version) and gameVersions/edit/:entityId
 * (spec 2 §3): version (read-only), notes, 'Only for Game Owner' (not on the live
 * spec), multiple instances, new instances allowed; archive. Checked by the
 * domain's gameVersionFormSchema, as on the server.
 */
export function GameVersionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permit = useLeavePermit();
  const { entityId } = useParams();
  const { gameId, workspace, canEdit } = useLoadedWorkspace();
  const { publish, update, archive } = useVersionMutations(gameId);
  const isNew = !entityId || entityId === '0';
  const version = isNew ? undefined : workspace.versions.find((candidate) => candidate.id === entityId);
  const form = useForm<VersionValues>({
    mode: 'controlled',
    initialValues: version ? valuesOf(version) : NEW_VERSION_DEFAULTS,
    validate: (values) => validateWithSchema(gameVersionFormSchema, values),
  });
  useStoredValues(form, version, valuesOf);

  if (!isNew && !version) return <UnknownWorkspacePage />;

  const readOnly = !canEdit || version?.isArchived === true;
  const back = () => permit.allow(() => navigate(`/games/${gameId}`));
  const handleSubmit = (values: VersionValues) => {
    const parsed = gameVersionFormSchema.parse(values);
    if (isNew) publish.mutate(parsed, { onSuccess: back });
    else if (version) {
      const body: Partial<VersionValues> = { ...parsed };
      if (version.isLiveSpec) delete body.restrictAccessToDesigner;
      update.mutate({ id: version.id, values: body }, { onSuccess: back });
    }
  };
  const archiving: ShellDeletion | undefined =
    version && !version.isLiveSpec && !version.isArchived
      ? {
          title: t('design.versions.archive'),
          text: domainText(t, 'GAME_TEXTS', 'confirmIrreversible'),
          label: t('design.versions.archive'),
          color: 'orange',
          icon: <IconArchive size={16} />,
          loading: archive.isPending,
          onConfirm: () => archive.mutate(version.id, { onSuccess: back }),
        }
      : undefined;

  const title = version ? versionLabel(version, t) : t('design.versions.publishTitle');
  return (
    <FormShell
      form={form}
      onSubmit={handleSubmit}
      title={title}
      titleExtra={
        <>
          {version?.isLiveSpec && <Badge variant="light">{t('design.versions.live')}</Badge>}
          {version && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconGitCompare size={14} />}
              onClick={() => permit.allow(() => navigate(`/games/${gameId}/gameVersions/compare/${version.id}`))}
            >
              {t('design.versions.compare')}
            </Button>
          )}
          {version?.isArchived && (
            <Badge variant="light" color="gray">
              {t('design.versions.archived')}
            </Badge>
          )}
        </>
      }
      canEdit={canEdit}
      readOnlyNote={t('design.readOnly')}
      readOnly={readOnly}
      wrapFields={false}
      onCancel={back}
      deletion={archiving}
      saving={publish.isPending || update.isPending}
      saveLabel={isNew ? t('design.versions.publish') : t('design.save')}
      permit={permit}
    >
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
                value={formatTime(version.updatedAt)}
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
    </FormShell>
  );
}
