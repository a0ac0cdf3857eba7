import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

/** The rules `npm run lint` applies, run on a small tree laid out like the repository's. */
async function violationsIn(baseDir: string): Promise<string[]> {
  const result = await cruise(['packages', 'apps'], {
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    baseDir,
  });
  if (typeof result.output === 'string') throw new Error('expected a JSON cruise result');
  return result.output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from}`).sort();
}

function writeTree(baseDir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(baseDir, file)), { recursive: true });
    writeFileSync(path.join(baseDir, file), text);
  }
}

describe('#lint dependency rules', () => {
  let bad: string;
  let good: string;

  beforeAll(() => {
    bad = mkdtempSync(path.join(tmpdir(), 'loci-depcruise-bad-'));
    writeTree(bad, {
      // A cycle between two server modules.
      'apps/server/src/modules/a/service.js': "import { b } from '../b/service.js';\nexport const a = () => b();\n",
      'apps/server/src/modules/b/service.js': "import { a } from '../a/service.js';\nexport const b = () => a();\n",
      // The rule covers every package and app: cycles in the engine and in the web fail too.
      'packages/engine/src/actions.js': "import { pick } from './objects.js';\nexport const run = () => pick();\n",
      'packages/engine/src/objects.js': "import { run } from './actions.js';\nexport const pick = () => run();\n",
      'apps/web/src/forms/form.js': "import { field } from './field.js';\nexport const form = () => field();\n",
      'apps/web/src/forms/field.js': "import { form } from './form.js';\nexport const field = () => form();\n",
      // The domain reaching into the server, the engine into the web, the web into the server.
      'packages/domain/src/rights.js':
        "import { a } from '../../../apps/server/src/modules/a/service.js';\nexport { a };\n",
      'packages/engine/src/step.js': "import { page } from '../../../apps/web/src/page.js';\nexport { page };\n",
      'apps/web/src/page.js': "import { b } from '../../server/src/modules/b/service.js';\nexport const page = b;\n",
      'apps/server/src/app.js': "import { page } from '../../web/src/page.js';\nexport const app = page;\n",
    });
    good = mkdtempSync(path.join(tmpdir(), 'loci-depcruise-good-'));
    writeTree(good, {
      'packages/domain/src/rights.js': 'export const rights = [];\n',
      'packages/engine/src/step.js':
        "import { rights } from '../../domain/src/rights.js';\nexport const step = rights;\n",
      'apps/server/src/modules/a/service.js':
        "import { step } from '../../../../../packages/engine/src/step.js';\nexport const a = step;\n",
      'apps/web/src/page.js':
        "import { rights } from '../../../packages/domain/src/rights.js';\nexport const page = rights;\n",
    });
  });
  afterAll(() => {
    rmSync(bad, { recursive: true, force: true });
    rmSync(good, { recursive: true, force: true });
  });

  it('fails on a cycle and on every layer crossed the wrong way', async () => {
    expect(await violationsIn(bad)).toEqual([
      'domain-imports-nothing-of-ours: packages/domain/src/rights.js',
      'engine-imports-only-domain: packages/engine/src/step.js',
      'no-cycles: apps/server/src/modules/a/service.js',
      'no-cycles: apps/web/src/forms/field.js',
      'no-cycles: packages/engine/src/actions.js',
      'server-never-imports-web: apps/server/src/app.js',
      'web-never-imports-server: apps/web/src/page.js',
    ]);
  });

  it('passes dependencies that point the right way', async () => {
    expect(await violationsIn(good)).toEqual([]);
  });
});
