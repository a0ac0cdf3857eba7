/**
 * Layer boundaries and import cycles, checked by `npm run lint` (dependency-cruiser).
 * Dependencies point one way: packages/domain ← packages/engine ← apps/server, packages/domain ← apps/web.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle in any package or app: a cycle hides which part depends on which.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      // A type-only import is gone at run time: it cannot make a cycle of modules loading each other.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'versions-sits-above-design-and-runtime',
      comment:
        'No folder circle between the runtime, design and versions (issue 25): versions reads design (publishing, ' +
        'a rollback) and the runtime (specs, player rows), so neither imports versions. The workspace, which ' +
        'reads design and versions, has a folder of its own (modules/workspace).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/(design|runtime)/' },
      to: { path: '^apps/server/src/modules/versions/' },
    },
    {
      name: 'design-never-imports-runtime',
      comment: 'The runtime reads the design (runtime/specs.ts, the working spec): the design never reads it back.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/design/' },
      to: { path: '^apps/server/src/modules/runtime/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      comment: 'packages/domain is the shared language: it imports no other package or app of the repository.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/(?!domain/)|apps/|e2e/|bench/)' },
    },
    {
      name: 'engine-imports-only-domain',
      comment: 'packages/engine is the pure runtime: of ours it imports packages/domain only.',
      severity: 'error',
      from: { path: '^packages/engine/' },
      to: { path: '^(packages/(?!engine/|domain/)|apps/|e2e/|bench/)' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // The workspaces import each other's sources through this export condition (docs/development.md).
      conditionNames: ['loci-source', 'import', 'types', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    combinedDependencies: true,
  },
};
