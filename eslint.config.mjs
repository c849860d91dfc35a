// One flat config for the whole monorepo (the rules are explained in docs/style.md#lint).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The dependency rules of the architecture, as `no-restricted-imports` patterns per package
 * folder (docs/style.md#lint). `scripts/check-architecture.mjs` checks the same rules on the
 * package.json files and on dynamic imports and `require`, which this rule does not see.
 */
const noAppsImport = {
  regex: '(^|/)apps/|^@grove/reference-server(/|$)',
  message: 'Nothing imports from apps/: they are the top of the graph.',
};
const groveOtherThanToolkit = {
  regex: '^@grove/(?!datasource-toolkit(/|$))',
  message: 'The customizer and the SQL data source depend on the toolkit only.',
};
const architecture = [
  {
    files: ['packages/datasource-toolkit/**'],
    patterns: [
      { regex: '^@grove/', message: 'The toolkit imports no @grove package.' },
      noAppsImport,
    ],
  },
  { files: ['packages/datasource-customizer/**'], patterns: [groveOtherThanToolkit, noAppsImport] },
  { files: ['packages/datasource-sql/**'], patterns: [groveOtherThanToolkit, noAppsImport] },
  {
    files: ['packages/mcp-server/**'],
    patterns: [
      {
        regex: '^@grove/agent(/|$)',
        message: 'The MCP server never imports the agent (the agent embeds the MCP server).',
      },
      noAppsImport,
    ],
  },
];

/** The syntax no file may use (hot-path files add theirs below). */
const baseRestrictedSyntax = [
  {
    selector: 'ExportAllDeclaration',
    message: 'Write public exports out by hand (no export *).',
  },
  { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/coverage/**', '**/.turbo/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // The console's browser app is its own TypeScript project (DOM, JSX); the project service
    // only finds the tsconfig.json next to it.
    files: ['packages/console/src/app/**'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './packages/console/tsconfig.app.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', ...baseRestrictedSyntax],
      // Typed rules: the design in the linter.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/consistent-type-exports': 'error',
      'max-params': ['error', { max: 4 }],
      'no-restricted-imports': ['error', { patterns: [noAppsImport] }],
    },
  },
  ...architecture.map(({ files, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    // Five parameters, for now (six and more are gone). Contracts the code does not choose:
    // `getForm` implements the toolkit's `Collection` interface, `userCodeConfirmSource` is
    // oidc-provider's. The others are to become options objects (issue 19); no new file joins.
    files: [
      'apps/reference-server/src/demo-database/demo-words.ts',
      'bench/src/bench-database.ts',
      'packages/agent/src/permissions/authorization.ts',
      'packages/agent/src/routes/actions/build-action-filter.ts',
      'packages/agent/src/routes/assert-browsable-paths.ts',
      'packages/agent/src/routes/charts/saved-chart-replay.ts',
      'packages/agent/src/routes/charts/stats-chart-context.ts',
      'packages/agent/src/routes/collection/link-to-one.ts',
      'packages/agent/src/routes/scoped-filter.ts',
      'packages/datasource-customizer/src/decorators/action/action-collection-decorator.ts',
      'packages/datasource-customizer/src/decorators/collection-decorator.ts',
      'packages/datasource-customizer/src/decorators/hook/context/list-hook-contexts.ts',
      'packages/datasource-customizer/src/decorators/relation/rewrite-relation-leaf.ts',
      'packages/datasource-customizer/src/decorators/search/search-date-condition.ts',
      'packages/datasource-customizer/src/decorators/validation/validate-record-rules.ts',
      'packages/datasource-customizer/src/decorators/write/write-replace/write-customization-context.ts',
      'packages/datasource-sql/src/sql/build-select.ts',
      'packages/datasource-sql/src/sql/build-writes.ts',
      'packages/datasource-sql/src/sql/mysql-dialect.ts',
      'packages/datasource-sql/src/sql/sqlite-dialect.ts',
      'packages/datasource-toolkit/src/base/base-collection.ts',
      'packages/datasource-toolkit/src/query/condition-tree/equivalence/condition-tree-equivalent.ts',
      'packages/datasource-toolkit/src/query/filter-factory.ts',
      'packages/mcp-server/src/http/mount-mcp-endpoint.ts',
      'packages/platform-client/src/permissions/action-decision.ts',
      'packages/platform-client/src/permissions/permission-service.ts',
      'packages/platform/src/oidc/create-oidc-provider.ts',
      'packages/platform/src/public-api/add-note-message.ts',
      'packages/platform/src/public-api/find-acting-team.ts',
      'packages/platform/src/public-api/update-note.ts',
      'packages/platform/src/public-api/workflow-runs.ts',
      'packages/platform/src/public-api/write-api-activity-log.ts',
      'packages/platform/src/routes/admin/find-in-project.ts',
      'packages/platform/src/routes/admin/role-rights-route.ts',
      'packages/platform/src/routes/mcp-oauth/mcp-authorize-route.ts',
    ],
    rules: { 'max-params': ['error', { max: 5 }] },
  },
  {
    // Hot paths: code run for every request. On Node 20, an object literal that starts with a
    // spread and adds anything after it gets a new hidden class nearly every time once warm
    // (docs/style.md#hot-paths). The list only grows.
    files: [
      'packages/agent/src/csv/assert-export-size.ts',
      'packages/agent/src/csv/export-records.ts',
      'packages/agent/src/http/caller.ts',
      'packages/agent/src/query/build-filter.ts',
      'packages/agent/src/routes/related/list-related.ts',
      'packages/agent/src/routes/scoped-filter.ts',
      'packages/datasource-customizer/src/context/relaxed-collection.ts',
      'packages/datasource-sql/src/sql/build-aggregate.ts',
      'packages/datasource-toolkit/src/query/filter.ts',
      'packages/datasource-toolkit/src/query/paginated-filter.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...baseRestrictedSyntax,
        {
          selector: 'ObjectExpression > SpreadElement:first-child ~ *',
          message:
            'Hot path: no `{ ...source, more }` (a new hidden class per object on Node 20); ' +
            'use Object.assign on a fresh object (docs/style.md#hot-paths).',
        },
      ],
    },
  },
  {
    // Tests: `it.each` tables hand their columns to the test as positional parameters.
    files: ['**/test/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off', 'max-params': 'off' },
  },
);
