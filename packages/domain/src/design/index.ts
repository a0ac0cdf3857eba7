import { z } from 'zod';
import type { DesignEntity, DesignKind, DesignReference } from './registry.js';

export * from './registry.js';
export * from './spec.js';

// PLACEHOLDERS — replaced by the per-kind modules (scene.ts, rule.ts, …):
// the contract is the two functions' signatures.

/** The zod schema of a kind's form body (POST and PATCH): its own fields, validated with the spec's messages. */
export function designEntitySchema(_kind: DesignKind): z.ZodType<Omit<DesignEntity, 'id' | 'gameId'>> {
  return z.looseObject({ name: z.string().trim().min(1, 'Required') }) as unknown as z.ZodType<
    Omit<DesignEntity, 'id' | 'gameId'>
  >;
}

/** Every other design entity an entity refers to (by kind and id), e.g. the items and interactions a rule uses. */
export function referencesOf(_kind: DesignKind, _entity: DesignEntity): DesignReference[] {
  return [];
}
