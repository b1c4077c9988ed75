// Lint: a small rule set, each rule for a mistake we can make here, plus the dependency rules of
// docs/architecture.md ("Dependency rules") as import restrictions, so a wrong import fails `npm test`.
// Formatting is Prettier's job (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Import patterns a layer may not use: `[glob, why]`. */
const forbid = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([group, message]) => ({ group: [group], message })) }],
});

const IO_MODULES = [
  'node:fs',
  'node:fs/promises',
  'node:child_process',
  'node:http',
  'node:https',
  'node:dns',
  'node:dgram',
  'node:worker_threads',
  'fs',
  'child_process',
  'http',
  'https',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dashboard/dist/**', 'dist/**', 'data/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    // Each file is typed by the nearest tsconfig.json: the root one, or dashboard/tsconfig.json for the
    // dashboard's browser code. dashboard/vite.config.ts runs in Node at build time and is in neither: it
    // gets the default project.
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['dashboard/vite.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits loses its rejection: mark the deliberate ones with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function passed where a callback's result is ignored (an event handler, forEach).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Validation matches control characters on purpose (paths, MIME types, file names).
      'no-control-regex': 'off',
      // Unused names are the compiler's job (noUnusedLocals / noUnusedParameters in tsconfig.json).
      '@typescript-eslint/no-unused-vars': 'off',
      // JSON from the wire and CDP results are narrowed where they are used.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      // Tests read untyped JSON bodies freely; a wrong field fails the assertion anyway.
      '@typescript-eslint/no-explicit-any': 'off',
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] }] },
      ],
    },
  },
  {
    // Migrations are written against the schema as it was, not today's table types.
    files: ['src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  {
    // No import circles in src/: a module and what it imports form a tree, so each can be understood, tested
    // and moved from the bottom up (type-only imports count: they tie the modules' shapes together too).
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The dependency rules of docs/architecture.md.
  {
    files: ['src/domain/**/*.ts'],
    rules: forbid(
      ['../*', 'domain/ is pure: it imports no other layer (docs/architecture.md, Dependency rules)'],
      ...IO_MODULES.map((m) => [m, 'domain/ does no I/O (docs/architecture.md, Dependency rules)']),
    ),
  },
  {
    // A folder inside domain/ (domain/gotenberg/) may import the rest of domain/, and still nothing else.
    files: ['src/domain/*/**/*.ts'],
    rules: forbid(
      ['../../*', 'domain/ is pure: it imports no other layer (docs/architecture.md, Dependency rules)'],
      ...IO_MODULES.map((m) => [m, 'domain/ does no I/O (docs/architecture.md, Dependency rules)']),
    ),
  },
  {
    files: ['src/services/**/*.ts'],
    rules: forbid(
      ['**/http/**', 'services/ never import http/: HTTP is translated at the edge'],
      ['**/worker/**', 'services/ never import worker/'],
      ['**/render/**', 'services/ never import render/ (Chromium is behind a port)'],
      ['fastify', 'services/ never import Fastify'],
      ['pg', 'services/ reach the database through ServiceContext.db'],
      ['libsql', 'services/ reach the database through ServiceContext.db'],
      ['@aws-sdk/*', 'services/ reach storage through ServiceContext.blobs'],
      ['puppeteer-core', 'services/ never import Chromium'],
      ['**/app.js', 'services/ never import app.ts: it wires them'],
    ),
  },
  {
    files: ['src/db/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'db/ is below services/: it never imports them'],
      ['**/http/**', 'db/ never imports http/'],
      ['**/worker/**', 'db/ never imports worker/'],
      ['**/render/**', 'db/ never imports render/'],
      ['**/app.js', 'db/ never imports app.ts'],
    ),
  },
  {
    files: ['src/render/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'render/ never imports services/'],
      ['**/http/**', 'render/ never imports http/'],
      ['**/db/**', 'render/ never imports db/'],
      ['**/worker/**', 'render/ never imports worker/'],
      ['**/app.js', 'render/ never imports app.ts'],
    ),
  },
  {
    // The e-invoice validator owns its Java process; it knows XML and rule sets, not requests or accounts.
    files: ['src/einvoice/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'einvoice/ never imports services/'],
      ['**/http/**', 'einvoice/ never imports http/'],
      ['**/db/**', 'einvoice/ never imports db/'],
      ['**/worker/**', 'einvoice/ never imports worker/'],
      ['**/render/**', 'einvoice/ never imports render/'],
      ['**/app.js', 'einvoice/ never imports app.ts'],
    ),
  },
  {
    // The Office converter owns LibreOffice's processes; it knows requests, not databases or accounts' plans.
    files: ['src/office/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'office/ never imports services/'],
      ['**/http/**', 'office/ never imports http/'],
      ['**/db/**', 'office/ never imports db/'],
      ['**/worker/**', 'office/ never imports worker/'],
      ['**/render/**', 'office/ never imports render/'],
      ['**/app.js', 'office/ never imports app.ts'],
    ),
  },
  {
    // PDF post-processing is a library: domain/ rules, its npm libraries and node built-ins, nothing else.
    files: ['src/pdf/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'pdf/ never imports services/: it is a library the worker calls'],
      ['**/http/**', 'pdf/ never imports http/'],
      ['**/db/**', 'pdf/ never imports db/'],
      ['**/worker/**', 'pdf/ never imports worker/'],
      ['**/render/**', 'pdf/ never imports render/: it takes the printed PDF as bytes'],
      ['**/app.js', 'pdf/ never imports app.ts'],
    ),
  },
  {
    // The worker turns queued jobs into files through services and the renderer; HTTP is another edge.
    files: ['src/worker/**/*.ts'],
    rules: forbid(
      ['**/http/**', 'worker/ never imports http/: requests and jobs meet only in services/'],
      ['**/cli/**', 'worker/ never imports cli/'],
      ['**/main/**', 'worker/ never imports main/: app.ts wires it'],
      ['**/app.js', 'worker/ never imports app.ts: the composition root passes it what it needs'],
      ['fastify', 'worker/ never imports Fastify'],
    ),
  },
  {
    // http/ translates HTTP to service calls and back: no rendering, no storage or database drivers.
    files: ['src/http/**/*.ts'],
    rules: forbid(
      ['**/worker/**', 'http/ never imports worker/: it queues jobs through services/'],
      ['**/render/**', "http/ never imports render/: Chromium is the worker's"],
      ['**/cli/**', 'http/ never imports cli/'],
      ['**/main/**', 'http/ never imports main/'],
      ['**/app.js', 'http/ never imports app.ts: the composition root passes it the services'],
      ['pg', 'http/ reaches the database through services/'],
      ['libsql', 'http/ reaches the database through services/'],
      ['@aws-sdk/*', 'http/ reaches storage through services/'],
      ['puppeteer-core', 'http/ never imports Chromium'],
    ),
  },
  {
    // The client CLI talks to a server through the SDK only: installing it must not need the server's code.
    files: ['src/cli/client/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'cli/client/ is a client: it reaches Folio through the SDK (src/sdk)'],
      ['**/db/**', 'cli/client/ is a client: it reaches Folio through the SDK (src/sdk)'],
      ['**/render/**', 'cli/client/ is a client: it reaches Folio through the SDK (src/sdk)'],
      ['**/worker/**', 'cli/client/ is a client: it reaches Folio through the SDK (src/sdk)'],
      ['**/http/**', 'cli/client/ is a client: it reaches Folio through the SDK (src/sdk)'],
      ['**/app.js', 'cli/client/ is a client: it reaches Folio through the SDK (src/sdk)'],
    ),
  },
  {
    // @folio/cli bundles src/main/client-cli.ts and what it imports, and nothing else (scripts/build-cli.mjs
    // refuses it at build time too): the client commands, `folio init`, `folio dev --server`, `folio test
    // --server`, the SDK and domain/ rules.
    files: ['src/main/client-cli.ts', 'src/cli/init/**/*.ts'],
    rules: forbid(
      ...['services', 'db', 'render', 'worker', 'http', 'config', 'pdf', 'sandbox', 'blobs', 'net', 'webhooks', 'notifier'].map((layer) => [
        `**/${layer}/**`,
        `@folio/cli never includes the server: ${layer}/ is the server's (docs/cli.md, "Installing folio")`,
      ]),
      // `folio dev --server` and `folio test --server` print through a server: their files are the client's.
      ...[
        'cli/dev/index',
        'cli/dev/local-printer',
        'cli/dev/preview-server',
        'cli/snapshots/index',
        'cli/snapshots/local-printer',
        'cli/snapshots/full-tools',
      ].map((file) => [`**/${file}*`, `@folio/cli never includes the local renderer: ${file} is the full folio's`]),
      ['**/app.js', '@folio/cli never includes the server: app.ts wires it'],
      ['**/operator*', '@folio/cli never includes the operator commands: they act on the database'],
      ['**/doctor*', '@folio/cli never includes folio doctor: it checks a server machine'],
    ),
  },
  {
    // `folio test` prints with the production renderer in this process (cli/dev's LocalPrinter) or with a
    // server through the SDK: a template's tests never reach into a server's services, database or queue.
    files: ['src/cli/snapshots/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'cli/snapshots/ prints through cli/dev (the renderer) or the SDK, never through services/'],
      ['**/db/**', 'cli/snapshots/ prints through cli/dev (the renderer) or the SDK: it has no database'],
      ['**/worker/**', 'cli/snapshots/ prints through cli/dev (the renderer) or the SDK, never through worker/'],
      ['**/http/**', 'cli/snapshots/ prints through cli/dev (the renderer) or the SDK, never through http/'],
      ['**/app.js', 'cli/snapshots/ prints through cli/dev (the renderer) or the SDK, never through app.ts'],
    ),
  },
  {
    // Small files named for what they do: past 400 lines a file holds more than one concept (generated
    // files excepted). Every file of src/ is within it, so it is an error.
    files: ['src/**/*.ts'],
    ignores: ['src/sdk/api-types.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Functions short enough to read in one screen: 80 lines (blank lines and comments not counted). The
    // exceptions are named, in two groups:
    //   - declarative lists: route registrations (one entry per route), migrations (one per table), CLI
    //     commands (one per option), and the wiring of the app, its services and its HTTP server;
    //   - one unit by nature: the page-side ready script (serialised into the page as one function), the
    //     PDF lexer's byte loop (a state machine over a chunk) and the auth hook (closures kept
    //     synchronous on the hot path, measured in bench/api).
    // Any other function longer than the limit is split.
    files: ['src/**/*.ts'],
    ignores: [
      // declarative lists
      'src/sdk/api-types.ts',
      'src/http/routes/**',
      'src/db/migrations/**',
      'src/cli/client/**',
      'src/app.ts',
      'src/cli/operator.ts',
      'src/http/server.ts',
      'src/services/index.ts',
      // one unit by nature
      'src/http/plugins/auth.ts',
      'src/pdf/syntax/pdf-lexer.ts',
      'src/render/ready-protocol.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The sandbox runs libraries on an account's input: pdf/, domain/ and npm packages, nothing with I/O ports.
    files: ['src/sandbox/**/*.ts'],
    rules: forbid(
      ['**/services/**', 'sandbox/ never imports services/: services call it through ServiceContext.sandbox'],
      ['**/http/**', 'sandbox/ never imports http/'],
      ['**/db/**', 'sandbox/ never imports db/'],
      ['**/worker/**', 'sandbox/ never imports worker/'],
      ['**/render/**', 'sandbox/ never imports render/'],
      ['**/app.js', 'sandbox/ never imports app.ts'],
    ),
  },
  {
    files: ['src/notifier/**/*.ts', 'src/blobs/**/*.ts', 'src/net/**/*.ts', 'src/webhooks/**/*.ts'],
    rules: forbid(['**/services/**', 'an adapter below services/ never imports them'], ['**/http/**', 'an adapter never imports http/']),
  },
  {
    files: ['src/sdk/**/*.ts'],
    rules: forbid(
      ['../*', 'the SDK is a client package: it imports nothing of the server'],
      ...IO_MODULES.filter((m) => m.includes('child_process')).map((m) => [m, 'the SDK runs no processes']),
    ),
  },
);
