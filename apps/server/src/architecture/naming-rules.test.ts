import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

/** The naming problems `npm run lint` finds in `code` saved as `file` (a path in the repository). */
async function namingProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter(
      (message) => message.ruleId === 'loci/file-name' || message.ruleId === '@typescript-eslint/naming-convention',
    )
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('#lint naming rules', () => {
  it('accepts the conventions the repository follows', async () => {
    const component = 'export function AccountPage() {\n  return null;\n}\n';
    expect(await namingProblems('apps/web/src/features/account/AccountPage.tsx', component)).toEqual([]);
    expect(
      await namingProblems('apps/web/src/features/locks/useEditLock.ts', 'export const useEditLock = () => 1;\n'),
    ).toEqual([]);
    const module =
      "export const MAX_ITEMS = 3;\nexport type WorldScene = { id: string };\nexport const worldSchema = { 'snake_key': 1 };\n";
    expect(await namingProblems('apps/web/src/features/design/world/world-values.ts', module)).toEqual([]);
  });

  it('fails a file name off the convention and identifiers off it', async () => {
    expect(await namingProblems('apps/web/src/features/account/account_page.ts', 'export const a = 1;\n')).toEqual([
      expect.stringContaining("loci/file-name: File name 'account_page.ts'"),
    ]);
    // PascalCase is for component (.tsx) files only.
    expect(await namingProblems('packages/domain/src/Rights.ts', 'export const a = 1;\n')).toHaveLength(1);
    const problems = await namingProblems(
      'packages/domain/src/rights.ts',
      'export const max_items = 3;\nexport type world_scene = string;\n',
    );
    expect(problems).toEqual([
      expect.stringContaining('Variable name `max_items`'),
      expect.stringContaining('Type Alias name `world_scene`'),
    ]);
  });
});
