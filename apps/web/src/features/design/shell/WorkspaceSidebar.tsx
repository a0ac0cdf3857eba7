import {
  DESIGN_TEXTS,
  INTERACTION_TYPE_INFO,
  OFFERED_INTERACTION_TYPES,
  type DesignEntity,
  type DesignKind,
  type InitialState,
  type WorldEntry,
} from '@loci/domain';
import { ActionIcon, Box, Button, Group, Menu, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBook2,
  IconBox,
  IconChevronDown,
  IconFlag,
  IconHome,
  IconMap2,
  IconMessageCircle,
  IconPlus,
  IconSparkles,
  IconTag,
  IconTargetArrow,
  IconUsers,
  IconVersions,
  IconWorld,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Workspace } from '../../../api/design';
import { entitiesOf } from '../common/workspace-data';
import { newestFirst, versionLabel } from '../versions/version-label';
import '../common/locales';

/** The initial world of the working version, when the workspace answer carries it. */
export function initialStateOf(workspace: Workspace | undefined): InitialState | undefined {
  return (workspace?.current as { initialState?: InitialState } | undefined)?.initialState;
}

/** Every world entry of one type ('object' or 'offer') across the scenes. */
export function worldEntriesOf(state: InitialState | undefined, type: 'object' | 'offer'): WorldEntry[] {
  if (!state) return [];
  return Object.values(state.has[type] ?? {}).flatMap((byId) => Object.values(byId ?? {}));
}

function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" px="sm" py={4}>
      {children}
    </Text>
  );
}

/** A New button; without the edit right it is disabled (spec 2 §6). */
function NewButton({ to, label, disabled }: { to: string; label: string; disabled: boolean }) {
  if (disabled) {
    return (
      <ActionIcon size="sm" variant="light" aria-label={label} disabled>
        <IconPlus size={14} />
      </ActionIcon>
    );
  }
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon component={Link} to={to} size="sm" variant="light" aria-label={label}>
        <IconPlus size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

interface SectionProps {
  label: string;
  icon: ReactNode;
  /** The section's list; the section opens on its own while the user is inside it. */
  active: boolean;
  newAction?: ReactNode;
  children: ReactNode;
  defaultOpened?: boolean;
}

/** A collapsible sidebar list with its New button beside the heading. */
function Section({ label, icon, active, newAction, children, defaultOpened = false }: SectionProps) {
  const [opened, setOpened] = useState(defaultOpened || active);
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap" pr={4}>
        <NavLink
          label={label}
          leftSection={icon}
          onClick={() => setOpened((open) => !open)}
          style={{ flex: 1 }}
          fw={500}
          rightSection={<IconChevronDown size={14} style={{ transform: opened ? 'rotate(180deg)' : undefined }} />}
          aria-expanded={opened}
        />
        {newAction}
      </Group>
      {opened && (
        <Stack gap={0} pl={20} role="list" aria-label={label}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

function ItemLink({
  to,
  label,
  active,
  description,
}: {
  to: string;
  label: string;
  active: boolean;
  description?: string;
}) {
  return (
    <Box role="listitem">
      <NavLink
        component={Link}
        to={to}
        label={label}
        description={description}
        active={active}
        py={4}
        styles={{ label: { overflowWrap: 'anywhere' } }}
      />
    </Box>
  );
}

interface Props {
  workspace: Workspace | undefined;
  gameId: string;
  canEdit: boolean;
  isLoading: boolean;
}

/** The design workspace's side menu (spec 2 §2). */
export function WorkspaceSidebar({ workspace, gameId, canEdit, isLoading }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/games/${gameId}`;
  const at = (path: string) => pathname === `${base}/${path}`;
  const within = (segment: string) => pathname.startsWith(`${base}/${segment}/`);

  const list = (kind: DesignKind, filter?: (entity: DesignEntity) => boolean) => {
    const all = entitiesOf(workspace, kind);
    return filter ? all.filter(filter) : all;
  };

  /** The links of a kind's entities, or the loading / empty text. */
  const links = (entities: DesignEntity[], to: (entity: DesignEntity) => string, empty = DESIGN_TEXTS.noItems) => {
    if (isLoading) return <EmptyText>{DESIGN_TEXTS.loading}</EmptyText>;
    if (entities.length === 0) return <EmptyText>{empty}</EmptyText>;
    return entities.map((entity) => (
      <ItemLink
        key={entity.id}
        to={to(entity)}
        label={entity.name}
        active={pathname === to(entity)}
        description={typeof entity.title === 'string' && entity.title !== entity.name ? entity.title : undefined}
      />
    ));
  };

  const state = initialStateOf(workspace);
  const worldObjects = worldEntriesOf(state, 'object');
  const worldOffers = worldEntriesOf(state, 'offer');
  const archetypes = list('archetype');
  const offers = list('offer');
  const versions = newestFirst(workspace?.versions ?? []);

  const newOf = (label: string) => t('design.sidebar.newOf', { label });

  return (
    <Stack gap={2} component="nav" aria-label={t('design.sidebar.label')}>
      <NavLink
        component={Link}
        to={base}
        label={t('design.sidebar.overview')}
        leftSection={<IconHome size={16} />}
        active={pathname === base || pathname === `${base}/`}
      />

      <Section
        label={t('design.sidebar.scenes')}
        icon={<IconMap2 size={16} />}
        active={within('scenes')}
        defaultOpened
        newAction={
          <NewButton to={`${base}/scenes/create/0`} label={newOf(t('design.kinds.scene'))} disabled={!canEdit} />
        }
      >
        {links(list('scene'), (scene) => `${base}/scenes/show/${scene.id}`)}
      </Section>

      <Section
        label={t('design.sidebar.milestones')}
        icon={<IconFlag size={16} />}
        active={within('milestones')}
        newAction={
          <NewButton
            to={`${base}/milestones/create/0`}
            label={newOf(t('design.kinds.milestone'))}
            disabled={!canEdit}
          />
        }
      >
        {links(list('milestone'), (milestone) => `${base}/milestones/edit/${milestone.id}`)}
      </Section>

      <Section
        label={t('design.sidebar.missions')}
        icon={<IconTargetArrow size={16} />}
        active={within('missions')}
        newAction={
          <NewButton to={`${base}/missions/create/0`} label={newOf(t('design.kinds.mission'))} disabled={!canEdit} />
        }
      >
        {links(list('mission'), (mission) => `${base}/missions/edit/${mission.id}`)}
      </Section>

      <Section
        label={t('design.sidebar.interactions')}
        icon={<IconMessageCircle size={16} />}
        active={within('interactions')}
        newAction={
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                size="sm"
                variant="light"
                aria-label={newOf(t('design.kinds.interaction'))}
                disabled={!canEdit}
              >
                <IconPlus size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {OFFERED_INTERACTION_TYPES.map((type) => (
                <Menu.Item key={type} component={Link} to={`${base}/interactions/create/0/${type}`}>
                  {INTERACTION_TYPE_INFO[type].label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        }
      >
        {links(list('interaction'), (interaction) => `${base}/interactions/edit/${interaction.id}`)}
      </Section>

      <Section
        label={t('design.sidebar.versions')}
        icon={<IconVersions size={16} />}
        active={within('gameVersions')}
        newAction={
          <NewButton
            to={`${base}/gameVersions/create/0`}
            label={newOf(t('design.kinds.gameVersion'))}
            disabled={!canEdit}
          />
        }
      >
        {isLoading ? (
          <EmptyText>{DESIGN_TEXTS.loading}</EmptyText>
        ) : versions.length === 0 ? (
          <EmptyText>{DESIGN_TEXTS.noItems}</EmptyText>
        ) : (
          versions.map((version) => (
            <ItemLink
              key={version.id}
              to={`${base}/gameVersions/edit/${version.id}`}
              label={versionLabel(version, t)}
              active={at(`gameVersions/edit/${version.id}`)}
              description={version.versionNotes ? version.versionNotes.slice(0, 60) : undefined}
            />
          ))
        )}
      </Section>

      <Section label={t('design.sidebar.initialWorld')} icon={<IconWorld size={16} />} active={within('initialState')}>
        <ItemLink
          to={`${base}/initialState/manage-objects/0`}
          label={t('design.sidebar.objects')}
          active={at('initialState/manage-objects/0')}
        />
        <ItemLink
          to={`${base}/initialState/manage-offers/0`}
          label={t('design.sidebar.offers')}
          active={at('initialState/manage-offers/0')}
        />
      </Section>

      <Section
        label={t('design.sidebar.items')}
        icon={<IconBox size={16} />}
        active={within('items')}
        newAction={
          <NewButton to={`${base}/items/create/0`} label={newOf(t('design.kinds.item'))} disabled={!canEdit} />
        }
      >
        {links(
          list('item', (item) => item.isCurrency !== true),
          (item) => `${base}/items/edit/${item.id}`,
        )}
      </Section>

      <Section
        label={t('design.sidebar.characters')}
        icon={<IconUsers size={16} />}
        active={within('characters')}
        newAction={
          <NewButton
            to={`${base}/characters/create/0`}
            label={newOf(t('design.kinds.character'))}
            disabled={!canEdit}
          />
        }
      >
        {links(
          list('character', (character) => character.isPlayer !== true),
          (character) => `${base}/characters/edit/${character.id}`,
        )}
      </Section>

      <Section
        label={t('design.sidebar.attributes')}
        icon={<IconSparkles size={16} />}
        active={within('attributes')}
        newAction={
          <NewButton
            to={`${base}/attributes/create/0`}
            label={newOf(t('design.kinds.attribute'))}
            disabled={!canEdit}
          />
        }
      >
        {links(list('attribute'), (attribute) => `${base}/attributes/edit/${attribute.id}`)}
      </Section>

      <Section
        label={t('design.sidebar.objectTypes')}
        icon={<IconBook2 size={16} />}
        active={within('archetypes')}
        newAction={
          <NewButton
            to={`${base}/archetypes/create/0`}
            label={newOf(t('design.kinds.archetype'))}
            disabled={!canEdit}
          />
        }
      >
        {isLoading ? (
          <EmptyText>{DESIGN_TEXTS.loading}</EmptyText>
        ) : archetypes.length === 0 ? (
          <EmptyText>{DESIGN_TEXTS.noObjects}</EmptyText>
        ) : (
          archetypes.map((archetype) => {
            const objects = worldObjects.filter((entry) => entry.archetypeId === archetype.id);
            return (
              <Stack key={archetype.id} gap={0} role="listitem">
                <Group gap={4} wrap="nowrap" pr={4}>
                  <NavLink
                    component={Link}
                    to={`${base}/archetypes/edit/${archetype.id}`}
                    label={archetype.name}
                    active={at(`archetypes/edit/${archetype.id}`)}
                    py={4}
                    style={{ flex: 1 }}
                  />
                  <NewButton
                    to={`${base}/initialState/create/${archetype.id}/objects`}
                    label={newOf(archetype.name)}
                    disabled={!canEdit}
                  />
                </Group>
                <Stack gap={0} pl={16} role="list" aria-label={archetype.name}>
                  {objects.length === 0 ? (
                    <EmptyText>{DESIGN_TEXTS.notUsedYet}</EmptyText>
                  ) : (
                    objects.map((entry) => (
                      <ItemLink
                        key={`${entry.sceneId}:${entry.id}`}
                        to={`${base}/initialState/edit/${entry.id}/objects`}
                        label={entry.name}
                        active={at(`initialState/edit/${entry.id}/objects`)}
                      />
                    ))
                  )}
                </Stack>
              </Stack>
            );
          })
        )}
      </Section>

      <Section
        label={t('design.sidebar.offers')}
        icon={<IconTag size={16} />}
        active={within('offers')}
        newAction={
          <NewButton to={`${base}/offers/create/0`} label={newOf(t('design.kinds.offer'))} disabled={!canEdit} />
        }
      >
        {isLoading ? (
          <EmptyText>{DESIGN_TEXTS.loading}</EmptyText>
        ) : offers.length === 0 ? (
          <EmptyText>{DESIGN_TEXTS.noOffers}</EmptyText>
        ) : (
          offers.map((offer) => {
            const placed = worldOffers.filter((entry) => entry.offerId === offer.id);
            return (
              <Stack key={offer.id} gap={2} role="listitem">
                <NavLink
                  component={Link}
                  to={`${base}/offers/edit/${offer.id}`}
                  label={offer.name}
                  active={at(`offers/edit/${offer.id}`)}
                  py={4}
                />
                <Stack gap={0} pl={16} role="list" aria-label={offer.name}>
                  {placed.map((entry) => (
                    <ItemLink
                      key={`${entry.sceneId}:${entry.id}`}
                      to={`${base}/initialState/edit/${entry.id}/offers`}
                      label={entry.name}
                      active={at(`initialState/edit/${entry.id}/offers`)}
                    />
                  ))}
                  {canEdit ? (
                    <Button
                      component={Link}
                      to={`${base}/initialState/create/${offer.id}/offers`}
                      variant="subtle"
                      size="compact-xs"
                      leftSection={<IconPlus size={12} />}
                      justify="flex-start"
                    >
                      {DESIGN_TEXTS.addOfferToWorld(offer.name)}
                    </Button>
                  ) : (
                    <Button variant="subtle" size="compact-xs" leftSection={<IconPlus size={12} />} disabled>
                      {DESIGN_TEXTS.addOfferToWorld(offer.name)}
                    </Button>
                  )}
                </Stack>
              </Stack>
            );
          })
        )}
      </Section>
    </Stack>
  );
}
