import type { DesignEntity, DesignKind, InteractionType } from '@loci/domain';
import { createContext, useContext, type ReactNode } from 'react';

/** Renders a creation form in EntityPicker's modal; `done` picks what was created. */
export type CreateFormRenderer = (done: (created?: DesignEntity) => void) => ReactNode;

/** The 'Create new…' form of a kind (an interaction of the type asked for), or undefined. */
export type CreateFormFinder = (
  kind: DesignKind | null,
  interactionType: InteractionType | null,
) => CreateFormRenderer | undefined;

/**
 * Supplies the create-in-a-modal forms to the condition and action editors
 * (spec 2 §2: milestones, places and interactions can be created in a
 * modal). The design workspace provides them from its kinds registry, so the
 * editors never import the form pages that themselves use the editors.
 */
export const CreateFormsContext = createContext<CreateFormFinder>(() => undefined);

/** Finds the 'Create new…' form for a picker of a kind (undefined for the kinds created elsewhere). */
export function useCreateForms(): CreateFormFinder {
  return useContext(CreateFormsContext);
}
