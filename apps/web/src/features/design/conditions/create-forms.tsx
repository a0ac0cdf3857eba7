import type { DesignEntity, DesignKind, InteractionType } from '@loci/domain';
import type { ReactNode } from 'react';
import { InteractionForm } from '../interactions/InteractionFormPage';
import { LocationForm } from '../locations/LocationFormPage';
import { MilestoneForm } from '../milestones/MilestoneFormPage';

/** Renders a creation form in EntityPicker's modal; `done` picks what was created. */
export type CreateFormRenderer = (done: (created?: DesignEntity) => void) => ReactNode;

/**
 * The 'Create new…' form of a picker inside the condition and action editors
 * (spec 2 §2: milestones, places and interactions can be created in a modal),
 * or undefined for the kinds created elsewhere. An interaction is created of
 * the type the condition or action needs.
 */
export function createFormFor(
  kind: DesignKind | null,
  interactionType: InteractionType | null,
): CreateFormRenderer | undefined {
  switch (kind) {
    case 'milestone':
      return (done) => <MilestoneForm entityId={undefined} onDone={done} />;
    case 'location':
      return (done) => <LocationForm onDone={done} />;
    case 'interaction':
      return interactionType
        ? (done) => <InteractionForm entityId={undefined} interactionType={interactionType} onDone={done} />
        : undefined;
    default:
      return undefined;
  }
}
