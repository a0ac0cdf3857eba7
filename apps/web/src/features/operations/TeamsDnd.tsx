import {
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { TeamMember } from '@loci/domain';
import type { ReactNode } from 'react';

/** The drop target of "no team" (the unassigned list). */
const NO_TEAM = 'no-team';

/**
 * Dragging members between teams on the Teams panel (@dnd-kit): drop a member on another team's card (or on the
 * unassigned list) to move them. It is the pointer's shortcut; the keyboard's way is each member's "Move to"
 * menu, which stays beside them.
 */
export function TeamsDragArea({
  onMove,
  children,
}: {
  onMove: (member: TeamMember, teamId: string | null) => void;
  children: ReactNode;
}) {
  // A small move first: a click on a member's menu is not a drag.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as { member: TeamMember; from: string | null } | undefined;
    if (!over || !data) return;
    const to = over.id === NO_TEAM ? null : String(over.id);
    if (to !== data.from) onMove(data.member, to);
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      {children}
    </DndContext>
  );
}

/** A team's card (or the unassigned list, teamId null) as a place to drop members; highlighted while over it. */
export function TeamDropZone({ teamId, children }: { teamId: string | null; children: (over: boolean) => ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: teamId ?? NO_TEAM });
  return (
    <div ref={setNodeRef} data-team-drop={teamId ?? NO_TEAM}>
      {children(isOver)}
    </div>
  );
}

/** A member's name, to pick up with the pointer (the keyboard moves them with the menu beside it). */
export function DraggableMember({
  member,
  from,
  children,
}: {
  member: TeamMember;
  from: string | null;
  children: ReactNode;
}) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: member.id, data: { member, from } });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      data-member-drag={member.name}
      style={{
        cursor: isDragging ? 'grabbing' : 'grab',
        touchAction: 'none',
        position: 'relative',
        zIndex: isDragging ? 10 : undefined,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
    >
      {children}
    </div>
  );
}
