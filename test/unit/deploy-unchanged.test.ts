// The SDK's deployDirectory skips an upload whose files and settings equal the deploy's latest version
// (every commit makes a version on the server, so the check is the client's): its tree hash is the
// server's, and every render setting counts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { treeHash } from '../../src/domain/deploys/tree-hash.js';
import type { DeployVersion } from '../../src/sdk/api-types.js';
import { sameAsLatest, treeHashOf } from '../../src/sdk/deploy-unchanged.js';

const files = [
  { path: 'index.html', sha256: 'a'.repeat(64), size: 120 },
  { path: 'css/site.css', sha256: 'b'.repeat(64), size: 30 },
  { path: 'Index.html', sha256: 'c'.repeat(64), size: 7 },
];

/** The entries as the server stores them (normalizeBundlePath: a leading /). */
const stored = (fs: typeof files) => fs.map((f) => ({ ...f, path: `/${f.path}` }));

test("the local tree hash is the server's, whatever order the files were listed in", () => {
  assert.equal(treeHashOf(files), treeHash(stored(files)));
  assert.equal(treeHashOf([...files].reverse()), treeHash(stored(files)));
  assert.notEqual(treeHashOf(files.slice(1)), treeHash(stored(files)));
});

const latest = {
  id: 'ver_1',
  displayId: 'v3-abcdef0',
  deployId: 'dep_1',
  versionNo: 3,
  treeHash: treeHashOf(files),
  renderIndexKey: 'k',
  renderPackKey: 'p',
  route: '/',
  title: 'Invoice',
  renderTimeoutMs: 30000,
  metadataJson: '{"pdf":{"format":"A4","landscape":false},"fileName":"inv.pdf"}',
  printDefaults: 2,
  failOn: ['page_exception', 'missing_fonts'],
  engine: 'html',
  status: 'ready',
  fileCount: 3,
  totalBytes: 157,
  createdAt: 0,
} as unknown as DeployVersion;

const same = {
  route: '/',
  title: 'Invoice',
  renderTimeoutMs: 30000,
  metadata: { fileName: 'inv.pdf', pdf: { landscape: false, format: 'A4' } },
  failOn: ['missing_fonts', 'page_exception'],
};

test('the same files and settings repeat the latest version (key and failOn order do not matter)', () => {
  assert.equal(sameAsLatest(latest, treeHashOf(files), same), true);
  assert.equal(sameAsLatest(latest, treeHashOf(files), { ...same, engine: 'html' }), true);
});

test('any changed file or setting makes a new version', () => {
  const tree = treeHashOf(files);
  const changed: Array<[string, boolean]> = [
    ['a file', sameAsLatest(latest, treeHashOf(files.slice(1)), same)],
    ['the title', sameAsLatest(latest, tree, { ...same, title: 'Other' })],
    ['the route', sameAsLatest(latest, tree, { ...same, route: '/print/' })],
    ['the timeout', sameAsLatest(latest, tree, { ...same, renderTimeoutMs: 20000 })],
    ['no timeout', sameAsLatest(latest, tree, { ...same, renderTimeoutMs: undefined })],
    ['the metadata', sameAsLatest(latest, tree, { ...same, metadata: { fileName: 'inv.pdf', pdf: { format: 'A5' } } })],
    ['no metadata', sameAsLatest(latest, tree, { ...same, metadata: undefined })],
    ['failOn', sameAsLatest(latest, tree, { ...same, failOn: ['page_exception'] })],
    ['the engine', sameAsLatest(latest, tree, { ...same, engine: 'handlebars' })],
  ];
  for (const [what, repeats] of changed) assert.equal(repeats, false, what);
});

test('without an engine, a version whose engine was declared for an HTML entry would change', () => {
  const declared = { ...latest, engine: 'handlebars' } as DeployVersion;
  assert.equal(sameAsLatest(declared, treeHashOf(files), same), false, 'the server would infer html for index.html');
  const hbs = { ...latest, route: '/invoice.hbs', engine: 'handlebars' } as DeployVersion;
  assert.equal(sameAsLatest(hbs, treeHashOf(files), { ...same, route: '/invoice.hbs' }), true, 'the extension gives handlebars again');
});
