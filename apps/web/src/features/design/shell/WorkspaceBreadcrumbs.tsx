import { readableTitle, designKindOfSegment } from '@loci/domain';
import { Anchor, Breadcrumbs, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Workspace } from '../../../api/design';
import { findEntity } from '../common/workspace-data';
import { versionLabel } from '../versions/version-label';
import { parseWorkspacePath } from './workspace-path';
import '../common/locales';

/** What the last crumb says: the object type and, when there is one, the object's name. */
function useObjectCrumb(workspace: Workspace): string | null {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { objectType, objectAction, objectId } = parseWorkspacePath(pathname, workspace.game.id);
  if (!objectType) return null;
  if (objectType === 'gameVersions') {
    const version = workspace.versions.find((candidate) => candidate.id === objectId);
    const type = t('design.kinds.gameVersion');
    if (objectAction === 'create') return `${type}: ${t('design.new')}`;
    return version ? `${type}: ${versionLabel(version, t)}` : type;
  }
  if (objectType === 'initialState') {
    const type = t('design.kinds.world');
    if (objectAction === 'manage-objects') return `${type}: ${t('design.sidebar.objects')}`;
    if (objectAction === 'manage-offers') return `${type}: ${t('design.sidebar.offers')}`;
    return type;
  }
  const kind = designKindOfSegment(objectType);
  if (!kind) return null;
  const type = t(`design.kinds.${kind}`);
  if (objectAction === 'create') return `${type}: ${t('design.new')}`;
  const entity = findEntity(workspace, kind, objectId);
  return entity ? `${type}: ${readableTitle(entity)}` : type;
}

/** My Games (/) > game title > object type with name (spec 2 §2). */
export function WorkspaceBreadcrumbs({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const crumb = useObjectCrumb(workspace);
  const title = workspace.game.title || t('design.untitledGame');
  // A long title or name is cut with an ellipsis; the whole of it shows on hover and stays in the accessible name.
  const cut = { maw: 'min(22rem, 40vw)', truncate: 'end' as const };
  return (
    <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
      <Anchor component={Link} to="/" size="sm">
        {t('design.myGames')}
      </Anchor>
      <Tooltip label={title} multiline maw={480} openDelay={300}>
        {crumb ? (
          <Anchor component={Link} to={`/games/${workspace.game.id}`} size="sm" {...cut}>
            {title}
          </Anchor>
        ) : (
          <Text size="sm" fw={500} aria-current="page" {...cut}>
            {title}
          </Text>
        )}
      </Tooltip>
      {crumb && (
        <Tooltip label={crumb} multiline maw={480} openDelay={300}>
          <Text size="sm" fw={500} aria-current="page" {...cut}>
            {crumb}
          </Text>
        </Tooltip>
      )}
    </Breadcrumbs>
  );
}
