import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import { checkConditionBlocks, conditionBlocksField, toConditionBlocks, type ConditionBlock } from './condition.js';
import { nameText, reporter, text, type DesignContext } from './fields.js';

const milestoneFields = z.object({ name: nameText, notes: text, condition: conditionBlocksField });

/** A milestone's form body: reached the first time its condition blocks hold (spec 4 §3). */
export interface MilestoneValues {
  name: string;
  notes: string;
  condition: ConditionBlock[];
}
export type Milestone = MilestoneValues & { id: string; gameId: string };

/** The schema of the milestone form body: name and the condition blocks (spec 2 §5). */
export function milestoneSchemaFor(_context: DesignContext = {}) {
  return milestoneFields
    .superRefine((milestone, ctx) => {
      const report = reporter(ctx);
      if (!milestone.name) report(['name'], DESIGN_MESSAGES.required);
      checkConditionBlocks(milestone.condition, report, ['condition']);
    })
    .transform((milestone): MilestoneValues => ({
      name: milestone.name,
      notes: milestone.notes,
      condition: toConditionBlocks(milestone.condition),
    }));
}
export const milestoneSchema = milestoneSchemaFor();
export type MilestoneInput = z.input<typeof milestoneSchema>;

/** A new milestone for the create form. */
export function newMilestoneDefaults(): MilestoneInput {
  return { name: '', notes: '', condition: [] };
}
