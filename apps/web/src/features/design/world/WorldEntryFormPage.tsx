import { type WorldEntry, type WorldEntryValues } from '@loci/domain';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useLeavePermit } from '../../../components/forms';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { PageLoader } from '../../../components/PageLoader';
import { LockBanner, useEditLock } from '../../locks';
import { useGameRights } from '../common';
import { useInitialState, useInitialStateSpecs, useWorldMutations, useWorldVersion } from './queries';
import { WorldEntryForm } from './WorldEntryForm';
import { WorldVersionSelect } from './WorldVersionSelect';
import { managePath, worldRouteOf } from './world-route';
import { findEntry, findType, labelOf, typeIdField } from './world-values';
import './locales';
import { domainText } from '../../../i18n/domain';

/**
 * /games/{gameId}/initialState/create/{typeId}/{objects|offers} and
 * …/edit/{entityId}/{objects|offers} (optional ?versionId=): one object or
 * offer of the initial world, under the object / offerObject edit lock.
 * Save posts the form values and returns to the list ('Initial state updated').
 */
export function WorldEntryFormPage() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const permit = useLeavePermit();
  const route = worldRouteOf(pathname, gameId);
  const { type } = route;
  const version = useWorldVersion(gameId);
  const rights = useGameRights(gameId);
  const stateQuery = useInitialState(gameId, version.versionId);
  const specsQuery = useInitialStateSpecs(gameId, version.versionId);
  const { save, remove } = useWorldMutations(gameId, version.versionId);

  const state = stateQuery.data;
  const specs = specsQuery.data;
  // /initialState/{objects|offers}/{id} edits the entry of that id, or else creates one of that type.
  const stored = route.action === 'create' ? undefined : findEntry(state, type, route.id);
  const isEdit = route.action === 'edit' || Boolean(stored);
  const createTypeId = !isEdit ? route.id : undefined;

  const lock = useEditLock(gameId, type === 'object' ? 'object' : 'offerObject', stored?.id, {
    enabled: rights.canEdit && !version.readOnly && Boolean(stored),
  });
  const readOnly = !rights.canEdit || version.readOnly || (isEdit && !lock.isHeld);

  const value = useMemo<Partial<WorldEntry> | undefined>(
    () => stored ?? (createTypeId ? { [typeIdField(type)]: createTypeId } : undefined),
    [stored, createTypeId, type],
  );

  const backToList = () => permit.allow(() => navigate(managePath(gameId, type, version.search)));

  const handleSubmit = async (values: WorldEntryValues) => {
    await save.mutateAsync(values);
    backToList();
  };
  const handleDelete = stored
    ? async () => {
        await remove.mutateAsync({ type, sceneId: stored.sceneId, id: stored.id });
        backToList();
      }
    : undefined;

  if (stateQuery.isPending || specsQuery.isPending || rights.isLoading) {
    return <PageLoader label={domainText(t, 'DESIGN_TEXTS', 'loading')} />;
  }
  if (!state || !specs) return <GeneralErrorBox error={stateQuery.error ?? specsQuery.error} />;
  if (route.action === 'edit' && !stored) {
    return (
      <Alert color="gray" variant="light" title={t('design.world.entryNotFound')}>
        <Anchor component={Link} to={managePath(gameId, type, version.search)}>
          {t('design.world.goBack')}
        </Anchor>
      </Alert>
    );
  }

  const chosenType = findType(specs, type, createTypeId);
  const title = stored
    ? stored.name
    : chosenType
      ? `${type === 'object' ? t('design.world.newObject') : t('design.world.newOffer')}: ${labelOf(chosenType)}`
      : type === 'object'
        ? t('design.world.newObject')
        : t('design.world.newOffer');

  return (
    <Stack gap="md">
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {version.param && <WorldVersionSelect gameId={gameId} value={version.param} />}
      {version.readOnly && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {t('design.world.versionReadOnly')}
        </Alert>
      )}
      {isEdit && rights.canEdit && !version.readOnly && <LockBanner lock={lock} />}
      {!rights.canEdit && (
        <Alert color="gray" variant="light" icon={<IconEye size={18} />}>
          <Text size="sm">{t('design.world.readOnly')}</Text>
        </Alert>
      )}
      <WorldEntryForm
        gameId={gameId}
        type={type}
        value={value}
        specs={specs}
        readOnly={readOnly}
        onSubmit={handleSubmit}
        onDelete={handleDelete}
        onCancel={backToList}
        permit={permit}
      />
    </Stack>
  );
}
