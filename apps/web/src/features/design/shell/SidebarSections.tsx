import { OFFERED_INTERACTION_TYPES, type InitialState, type WorldEntry } from '@loci/domain';
import { ActionIcon, Box, Button, Group, Menu, NavLink, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Workspace } from '../../../api/design';
import { entitiesOf } from '../common/workspace-data';
import { newestFirst, versionLabel } from '../versions/version-label';
import { EmptyText, ItemLink, ListOrEmpty, NewButton, type SidebarState } from './SidebarParts';
import '../common/locales';
import { vocabulary } from '../common/vocabulary';
import { domainText } from '../../../i18n/domain';

// The sidebar sections that list more than a kind's entities (see kinds.tsx).

/** The initial world of the working version, when the workspace answer carries it. */
function initialStateOf(workspace: Workspace | undefined): InitialState | undefined {
  return (workspace?.current as { initialState?: InitialState } | undefined)?.initialState;
}

/** Every world entry of one type ('object' or 'offer') across the scenes. */
function worldEntriesOf(workspace: Workspace | undefined, type: 'object' | 'offer'): WorldEntry[] {
  const state = initialStateOf(workspace);
  if (!state) return [];
  return Object.values(state.has[type] ?? {}).flatMap((byId) => Object.values(byId ?? {}));
}

/** The game's versions, newest first. */
export function VersionLinks({ state }: { state: SidebarState }) {
  const { t } = useTranslation();
  return (
    <ListOrEmpty state={state} items={newestFirst(state.workspace?.versions ?? [])}>
      {(version) => (
        <ItemLink
          key={version.id}
          to={`${state.base}/gameVersions/edit/${version.id}`}
          label={versionLabel(version, t)}
          active={state.pathname === `${state.base}/gameVersions/edit/${version.id}`}
          description={version.versionNotes ? version.versionNotes.slice(0, 60) : undefined}
        />
      )}
    </ListOrEmpty>
  );
}

/** The initial world's two lists. */
export function WorldLinks({ state }: { state: SidebarState }) {
  const { t } = useTranslation();
  return (['objects', 'offers'] as const).map((list) => {
    const to = `${state.base}/initialState/manage-${list}/0`;
    return <ItemLink key={list} to={to} label={t(`design.sidebar.${list}`)} active={state.pathname === to} />;
  });
}

/** Each object type with its New button and the world objects of that type under it. */
export function ArchetypeTree({ state }: { state: SidebarState }) {
  const { t } = useTranslation();
  const { base, pathname, canEdit } = state;
  const objects = worldEntriesOf(state.workspace, 'object');
  return (
    <ListOrEmpty
      state={state}
      items={entitiesOf(state.workspace, 'archetype')}
      empty={domainText(t, 'DESIGN_TEXTS', 'noObjects')}
    >
      {(archetype) => {
        const ofType = objects.filter((entry) => entry.archetypeId === archetype.id);
        return (
          <Stack key={archetype.id} gap={0} role="listitem">
            <Group gap={4} wrap="nowrap" pr={4}>
              <NavLink
                component={Link}
                to={`${base}/archetypes/edit/${archetype.id}`}
                label={archetype.name}
                active={pathname === `${base}/archetypes/edit/${archetype.id}`}
                py={4}
                style={{ flex: 1 }}
              />
              <NewButton
                to={`${base}/initialState/create/${archetype.id}/objects`}
                label={t('design.sidebar.newOf', { label: archetype.name, context: 'object' })}
                disabled={!canEdit}
              />
            </Group>
            <Stack gap={0} pl={16} role="list" aria-label={archetype.name}>
              {ofType.length === 0 ? <EmptyText>{domainText(t, 'DESIGN_TEXTS', 'notUsedYet')}</EmptyText> : null}
              {ofType.map((entry) => (
                <ItemLink
                  key={`${entry.sceneId}:${entry.id}`}
                  to={`${base}/initialState/edit/${entry.id}/objects`}
                  label={entry.name}
                  active={pathname === `${base}/initialState/edit/${entry.id}/objects`}
                />
              ))}
            </Stack>
          </Stack>
        );
      }}
    </ListOrEmpty>
  );
}

/** Each offer with where it is placed in the world and 'Add … to the world'. */
export function OfferTree({ state }: { state: SidebarState }) {
  const { t } = useTranslation();
  const { base, pathname, canEdit } = state;
  const placed = worldEntriesOf(state.workspace, 'offer');
  return (
    <ListOrEmpty
      state={state}
      items={entitiesOf(state.workspace, 'offer')}
      empty={domainText(t, 'DESIGN_TEXTS', 'noOffers')}
    >
      {(offer) => (
        <Stack key={offer.id} gap={2} role="listitem">
          <NavLink
            component={Link}
            to={`${base}/offers/edit/${offer.id}`}
            label={offer.name}
            active={pathname === `${base}/offers/edit/${offer.id}`}
            py={4}
          />
          <Stack gap={0} pl={16} role="list" aria-label={offer.name}>
            {placed
              .filter((entry) => entry.offerId === offer.id)
              .map((entry) => (
                <ItemLink
                  key={`${entry.sceneId}:${entry.id}`}
                  to={`${base}/initialState/edit/${entry.id}/offers`}
                  label={entry.name}
                  active={pathname === `${base}/initialState/edit/${entry.id}/offers`}
                />
              ))}
            <Box role="listitem">
              {canEdit ? (
                <Button
                  component={Link}
                  to={`${base}/initialState/create/${offer.id}/offers`}
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconPlus size={12} />}
                  justify="flex-start"
                >
                  {domainText(t, 'DESIGN_TEXTS', 'addOfferToWorld', offer.name)}
                </Button>
              ) : (
                <Button variant="subtle" size="compact-xs" leftSection={<IconPlus size={12} />} disabled>
                  {domainText(t, 'DESIGN_TEXTS', 'addOfferToWorld', offer.name)}
                </Button>
              )}
            </Box>
          </Stack>
        </Stack>
      )}
    </ListOrEmpty>
  );
}

/** New interaction: a menu of the interaction types. */
export function NewInteractionMenu({ state, label }: { state: SidebarState; label: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon size="sm" variant="light" aria-label={label} disabled={!state.canEdit}>
          <IconPlus size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {OFFERED_INTERACTION_TYPES.map((type) => (
          <Menu.Item key={type} component={Link} to={`${state.base}/interactions/create/0/${type}`}>
            {vocabulary.interactionType(t, type)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
