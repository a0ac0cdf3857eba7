import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's source files (tests and their factories left out), relative to apps/server/src. */
function sourceFiles(dir = server): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(server, 'test') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.relative(server, full)] : [];
  });
}

/** Statements that write a player row: drizzle's builders and SQL text. */
const WRITES = [
  /\.(update|insert|delete)\(\s*playerStates\s*\)/,
  /update\s+\$\{\s*playerStates\s*\}/,
  /(update|insert\s+into|delete\s+from)\s+player_states\b/i,
];

/**
 * The rule at the head of runtime/player-event.ts: a player row is written only under its instance's row
 * lock — by the runtime's one writer (instance-rows.ts) or the grouped optimistic write (event-write.ts),
 * never by a module of its own.
 */
describe('#architecture the writers of player rows', () => {
  it('are the runtime’s instance-rows.ts and event-write.ts alone', () => {
    const writers = sourceFiles().filter((file) =>
      WRITES.some((pattern) => pattern.test(readFileSync(path.join(server, file), 'utf8'))),
    );
    expect(writers.sort()).toEqual(['modules/runtime/event-write.ts', 'modules/runtime/instance-rows.ts']);
  });
});
