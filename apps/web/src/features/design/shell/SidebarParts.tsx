import { useTranslation } from 'react-i18next';
import { readableTitle, type DesignEntity } from '@loci/domain';
import { ActionIcon, Box, Group, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Workspace } from '../../../api/design';
import { domainText } from '../../../i18n/domain';

/** What every part of the sidebar knows: the workspace, the game's path, the rights and where the user is. */
export interface SidebarState {
  workspace: Workspace | undefined;
  /** /games/{gameId} */
  base: string;
  canEdit: boolean;
  isLoading: boolean;
  pathname: string;
}

/** What a sidebar list says when it has nothing (or nothing yet): an item of the list, for screen readers. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" px="sm" py={4} role="listitem">
      {children}
    </Text>
  );
}

/** A New button; without the edit right it is disabled (spec 2 §6). */
export function NewButton({ to, label, disabled }: { to: string; label: string; disabled: boolean }) {
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
export function Section({ label, icon, active, newAction, children, defaultOpened = false }: SectionProps) {
  const [opened, setOpened] = useState(defaultOpened || active);
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap" pr={4}>
        {/* A heading that opens and closes its list: a button, so that Tab reaches it and Enter or Space toggles it. */}
        <NavLink
          component="button"
          type="button"
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

interface ItemLinkProps {
  to: string;
  label: string;
  active: boolean;
  description?: string;
}

/** An entity's link, for a list item that holds more than it (a scene's drag handle and badge). */
export function ItemNavLink({ to, label, active, description }: ItemLinkProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      description={description}
      active={active}
      py={4}
      styles={{ label: { overflowWrap: 'anywhere' } }}
    />
  );
}

/** An entity's link as an item of its section's list. */
export function ItemLink(props: ItemLinkProps) {
  return (
    <Box role="listitem">
      <ItemNavLink {...props} />
    </Box>
  );
}

/** The loading text, the empty text, or the list. */
export function ListOrEmpty<T>({
  state,
  items,
  empty,
  children,
}: {
  state: SidebarState;
  items: T[];
  empty?: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.isLoading) return <EmptyText>{domainText(t, 'DESIGN_TEXTS', 'loading')}</EmptyText>;
  if (items.length === 0) return <EmptyText>{empty ?? domainText(t, 'DESIGN_TEXTS', 'noItems')}</EmptyText>;
  return <>{items.map(children)}</>;
}

/** The links of a kind's entities, by title (an older one without a title: its system name as words). */
export function EntityLinks({
  state,
  entities,
  pathOf,
}: {
  state: SidebarState;
  entities: DesignEntity[];
  pathOf: (entity: DesignEntity) => string;
}) {
  return (
    <ListOrEmpty state={state} items={entities}>
      {(entity) => (
        <ItemLink
          key={entity.id}
          to={pathOf(entity)}
          label={readableTitle(entity)}
          active={state.pathname === pathOf(entity)}
        />
      )}
    </ListOrEmpty>
  );
}
