import {
  workspaceEntities,
  type DesignEntity,
  type DesignEntityOf,
  type DesignKind,
  type DesignSchemaContext,
  richTextAsText,
} from '@loci/domain';
import type { Workspace } from '../../../api/design';

/** The entities of one kind in the workspace answer (an empty list while it loads). */
export function entitiesOf<K extends DesignKind>(workspace: Workspace | undefined, kind: K): Array<DesignEntityOf<K>> {
  return workspace ? workspaceEntities(workspace, kind) : [];
}

/** One entity of the workspace by kind and id. */
export function findEntity<K extends DesignKind>(workspace: Workspace | undefined, kind: K, id: string | undefined) {
  if (!id) return undefined;
  return entitiesOf(workspace, kind).find((entity) => entity.id === id);
}

/** What the kind schemas need to know of the game: its background type and whether it has a market. */
/** The game's place (spec 1 §2 `pg.place`): where new scenes and places start on the map. */
export function gameCenter(workspace: Workspace | undefined): { lat: number; lng: number } {
  return { lat: workspace?.game.pg.place.lat ?? 0, lng: workspace?.game.pg.place.lng ?? 0 };
}

export function schemaContextOf(workspace: Workspace | undefined): DesignSchemaContext {
  return {
    backgroundType: workspace?.game.pg.type ?? 'map',
    market: workspace?.game.market ?? false,
  };
}

/** The label of an entity in lists and pickers: its title when it has one, else its system name. */
export function entityLabel(entity: DesignEntity): string {
  const title = typeof entity.title === 'string' ? entity.title.trim() : '';
  return title ? `${title} (${entity.name})` : entity.name;
}

/** Cuts `text` at `max` characters, marking the cut with an ellipsis (spec 2 §9: 150 in pickers, 400 for descriptions). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Labels are cut at 150 characters in pickers (spec 2 §9). */
export const PICKER_LABEL_MAX = 150;

/** Plain text of rich text, for short previews. */
export function plainText(html: unknown): string {
  return typeof html === 'string' ? richTextAsText(html) : '';
}
