#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs
// the server, which migrates its database and serves the console at /fe.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files below `dir` (skipping dependencies and outputs). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builds = [
  { workspace: '@loci/domain', sources: ['packages/domain/src'], output: 'packages/domain/dist/index.js' },
  {
    workspace: '@loci/engine',
    sources: ['packages/engine/src', 'packages/domain/src'],
    output: 'packages/engine/dist/index.js',
  },
  {
    workspace: '@loci/server',
    sources: ['apps/server/src', 'packages/domain/src', 'packages/engine/src'],
    output: 'apps/server/dist/main.js',
  },
  {
    workspace: '@loci/web',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/domain/src', 'packages/engine/src'],
    output: 'apps/web/dist/index.html',
  },
];

for (const build of builds) {
  const output = path.join(root, build.output);
  const sourceTime = Math.max(
    ...build.sources.map((s) => {
      const full = path.join(root, s);
      return statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    }),
  );
  if (existsSync(output) && statSync(output).mtimeMs >= sourceTime) continue;
  console.log(`Building ${build.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
