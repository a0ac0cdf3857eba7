#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs in turn; each prints its own
// figures, which are recorded by hand in bench/README.md with the date and machine.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
if (benches.length === 0) console.log('No benchmarks match.');
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, ['--conditions=loci-source', '--import', 'tsx', path.join(dir, bench)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
