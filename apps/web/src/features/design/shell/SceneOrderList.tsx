import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { readableTitle, startSceneOf, type Scene } from '@loci/domain';
import { ActionIcon, Badge, Box, Group } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { designApi, designQueryKeys, type Workspace } from '../../../api/design';
import { notifyError } from '../../../components/notify';
import { entitiesOf } from '../common/workspace-data';
import { ItemNavLink, ListOrEmpty, type SidebarState } from './SidebarParts';

/** The workspace with its scenes in `ids`' order (the optimistic answer of a drag). */
function withSceneOrder(workspace: Workspace | undefined, ids: string[]): Workspace | undefined {
  if (!workspace) return workspace;
  const byId = new Map(workspace.scenes.map((scene) => [scene.id, scene]));
  const scenes = ids.flatMap((id, index) => {
    const scene = byId.get(id);
    return scene ? [{ ...scene, idx: index + 1 }] : [];
  });
  return { ...workspace, scenes };
}

function SortableScene({
  scene,
  state,
  isStart,
}: {
  scene: Scene & { idx?: number | null };
  state: SidebarState;
  isStart: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: scene.id,
    disabled: !state.canEdit,
  });
  const to = `${state.base}/scenes/show/${scene.id}`;
  const notes = [scene.universe ? t('design.sidebar.universe') : null];
  return (
    <Group
      ref={setNodeRef}
      role="listitem"
      gap={0}
      wrap="nowrap"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      {state.canEdit && (
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          // 24 × 24 px: the smallest target WCAG 2.5.8 allows.
          size={24}
          aria-label={t('design.sidebar.dragScene', { name: readableTitle(scene) })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <ItemNavLink
          to={to}
          label={readableTitle(scene)}
          active={state.pathname === to}
          description={notes.filter(Boolean).join(' · ') || undefined}
        />
      </Box>
      {isStart && (
        <Badge size="xs" variant="light" color="teal" title={t('design.sidebar.startSceneHint')}>
          {t('design.sidebar.startScene')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The Scenes section of the workspace sidebar: the scenes in the designer's
 * order (the game's script order), dragged by their handle (or moved with
 * the keyboard: focus the handle, Space, arrows, Space) and saved at once.
 * The scene the game starts in carries a "Start" badge.
 */
export function SceneOrderList({ state }: { state: SidebarState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const scenes = entitiesOf(state.workspace, 'scene') as Array<Scene & { idx?: number | null }>;
  const gameId = state.workspace?.game.id ?? '';
  const key = designQueryKeys.workspace(gameId);
  const startId = startSceneOf(scenes, state.workspace?.game.startSceneId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const reorder = useMutation({
    mutationFn: (ids: string[]) => designApi.orderScenes(gameId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Workspace>(key, (current) => withSceneOrder(current, ids));
    },
    onError: (error) => notifyError(t('design.sidebar.sceneOrderFailed'), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = scenes.map((scene) => scene.id);
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    reorder.mutate(arrayMove(ids, from, to));
  };

  return (
    <ListOrEmpty state={state} items={scenes.length > 0 ? [scenes] : []}>
      {(list) => (
        // The drag's announcements (a live region) go to the end of the page: the list holds list items only.
        <DndContext
          key="scenes"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={handleDragEnd}
          accessibility={{ container: document.body }}
        >
          <SortableContext items={list.map((scene) => scene.id)} strategy={verticalListSortingStrategy}>
            {list.map((scene) => (
              <SortableScene key={scene.id} scene={scene} state={state} isStart={scene.id === startId} />
            ))}
          </SortableContext>
        </DndContext>
      )}
    </ListOrEmpty>
  );
}
