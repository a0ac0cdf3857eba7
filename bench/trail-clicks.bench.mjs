// Issue 30: how many clicks a teacher needs to build the reference trail
// (3 scenes, 4 places, two info boxes, a multiple-choice and a number
// question, a conversation, a key item, a mission completed by a milestone,
// its rules) in the console. Runs the browser test e2e/design/trail.spec.ts,
// which counts every click and fails above its budget of 70, and prints the
// count it wrote. Needs `npm run build` first and Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = mkdtempSync(path.join(tmpdir(), 'loci-trail-'));
try {
  const run = spawnSync('npx', ['playwright', 'test', 'design/trail.spec.ts', '--reporter=line'], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, LOCI_E2E_ARTIFACTS: artifacts },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const { clicks } = JSON.parse(readFileSync(path.join(artifacts, 'trail-clicks.json'), 'utf8'));
  console.log(`trail-clicks   reference trail built in ${clicks} clicks (budget 70)`);
  if (run.status !== 0) process.exitCode = run.status ?? 1;
} finally {
  rmSync(artifacts, { recursive: true, force: true });
}
