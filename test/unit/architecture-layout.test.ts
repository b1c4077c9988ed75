// The "Layout of `src/`" block of docs/architecture.md is the map of the code; this test keeps it honest.
// It reads that code block and fails when
//   - a folder of src/ (at any depth) is not named there,
//   - a .ts file of src/ (at any depth) is not named as `name.ts` in the entry of its own top-level folder
//     (a file directly in src/ is an entry of its own), unless UNNAMED below lets it off with a reason, or
//   - the block names a folder (`name/`) or a file (`name.ts`) that does not exist.
// How the block is read: a line indented by exactly two spaces starts the entry of a top-level folder
// (`main/`) or file (`app.ts`); the lines below it, indented further, continue that entry, and one of them
// that starts with a folder (`client/: …`, `routes/jobs/: …`) opens that subfolder for the lines up to the
// next such line. A name ending in `/` is a folder and a name ending in `.ts` is a file, looked up in the
// open subfolder, then in the entry's folder (`settings/` in the `config/` entry is src/config/settings/),
// then in src/ (`worker/job-queries.ts`); `<word>` stands for any one name. A file named from another
// entry (`worker/job-queries.ts` in the `db/` entry) must exist, but only its own entry counts as naming
// it, and a pattern (`routes/<resource>.ts`) names no file. Other words (a group such as "accounts,
// api-keys") are not checked.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');
const DOC = 'docs/architecture.md';
const HEADING = '## Layout of `src/`';

/** A folder name (`client/`, `http/plugins/`), not followed by more of a path. */
const FOLDER = /(?<![\w.<>/@-])((?:[\w.-]+\/)+)(?![\w<])/g;
/** A file name (`page-run.ts`, `routes/<resource>.ts`). */
const FILE = /(?<![\w.<>/@-])((?:[\w.<>-]+\/)*[\w.<>-]+\.ts)(?![\w])/g;

/** The .ts files the map need not name (paths relative to src/), each with the reason. Keep it short. */
const UNNAMED: { files: RegExp; why: string }[] = [
  {
    files: /^db\/migrations\/\d{3}-[\w-]+\.ts$/,
    why: 'one file per schema change, forward-only; db/migrations/index.ts (named) lists them in order and their names say what each changes',
  },
];

interface Part {
  /** The subfolder this part of an entry speaks of ("client"), or "" for the entry's own folder. */
  sub: string;
  line: number;
  text: string;
}

interface Entry {
  /** Path relative to src/ without a trailing slash ("cli", "app.ts"). */
  name: string;
  isFolder: boolean;
  line: number;
  parts: Part[];
}

function layoutBlock(): { lines: string[]; firstLine: number } {
  const doc = readFileSync(path.join(ROOT, DOC), 'utf8').split('\n');
  const heading = doc.findIndex((l) => l.startsWith(HEADING));
  assert.notEqual(heading, -1, `${DOC} has no heading starting "${HEADING}"`);
  const open = doc.findIndex((l, i) => i > heading && l.startsWith('```'));
  const close = doc.findIndex((l, i) => i > open && l.startsWith('```'));
  assert.ok(open !== -1 && close !== -1, `${DOC}: no code block under "${HEADING}"`);
  return { lines: doc.slice(open + 1, close), firstLine: open + 2 };
}

function entries(): Entry[] {
  const { lines, firstLine } = layoutBlock();
  const out: Entry[] = [];
  lines.forEach((l, i) => {
    const start = /^ {2}(\S+)/.exec(l);
    const line = firstLine + i;
    if (start) {
      const name = start[1];
      const text = l.slice(2 + name.length);
      out.push({ name: name.replace(/\/$/, ''), isFolder: name.endsWith('/'), line, parts: [{ sub: '', line, text }] });
    } else if (/^ {3,}\S/.test(l) && out.length > 0) {
      const parts = out[out.length - 1].parts;
      const sub = /^ +([\w.-]+(?:\/[\w.-]+)*)\/(?=[\s:<(])/.exec(l);
      if (sub) parts.push({ sub: sub[1], line, text: l });
      else parts[parts.length - 1].text += '\n' + l;
    }
  });
  return out;
}

/** Every folder of src/ (relative, e.g. "cli/client") and every .ts file of src/ at any depth ("cli/client/api.ts"). */
function tree(): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(SRC, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        folders.push(p);
        walk(p);
      } else if (e.isFile() && e.name.endsWith('.ts')) files.push(p);
    }
  };
  walk('');
  return { folders: folders.sort(), files: files.sort() };
}

/** Does `rel` (relative to src/, `<word>` for any one name) name an existing file or folder? */
function exists(rel: string, folder: boolean): boolean {
  if (!rel.includes('<')) {
    const p = path.join(SRC, rel);
    return existsSync(p) && statSync(p).isDirectory() === folder;
  }
  // A pattern: walk it one part at a time.
  let dirs = [''];
  const parts = rel.split('/');
  for (const [i, part] of parts.entries()) {
    const re = new RegExp('^' + part.replace(/[.]/g, '\\.').replace(/<[^>]+>/g, '[^/]+') + '$');
    const last = i === parts.length - 1;
    dirs = dirs.flatMap((d) =>
      existsSync(path.join(SRC, d))
        ? readdirSync(path.join(SRC, d), { withFileTypes: true })
            .filter((e) => re.test(e.name) && (last ? e.isDirectory() === folder : e.isDirectory()))
            .map((e) => (d ? `${d}/${e.name}` : e.name))
        : [],
    );
  }
  return dirs.length > 0;
}

interface Reading {
  /** Folders and files (relative to src/) the block names. */
  named: Set<string>;
  /** Files (relative to src/) named in the entry of their own top-level folder, or entries themselves. */
  described: Set<string>;
  problems: string[];
}

function readLayout(): Reading {
  const named = new Set<string>();
  const described = new Set<string>();
  const problems: string[] = [];
  for (const e of entries()) {
    const where = `${DOC}:${e.line} (the \`${e.name}${e.isFolder ? '/' : ''}\` entry)`;
    if (!exists(e.name, e.isFolder)) {
      problems.push(`${where} names src/${e.name}${e.isFolder ? '/' : ''}, which does not exist: remove or rename the entry`);
      continue;
    }
    named.add(e.name);
    if (!e.isFolder) described.add(e.name);
    const base = e.isFolder ? e.name : '';
    for (const part of e.parts) {
      const at = `${DOC}:${part.line} (the \`${e.name}${e.isFolder ? '/' : ''}\` entry)`;
      const sub = part.sub ? `${base}/${part.sub}` : '';
      const look = (token: string, folder: boolean) => {
        const rel = token.replace(/^src\//, '').replace(/\/$/, '');
        const candidates = [...new Set([sub && `${sub}/${rel}`, base && `${base}/${rel}`, rel].filter(Boolean))];
        const found = candidates.find((c) => exists(c, folder));
        if (found) {
          named.add(found);
          if (!folder && base && found.startsWith(`${base}/`) && !found.includes('<')) described.add(found);
        } else
          problems.push(
            `${at} names ${folder ? 'a folder' : 'a file'} \`${token}\` that does not exist (looked for ${candidates
              .map((c) => `src/${c}${folder ? '/' : ''}`)
              .join(', ')}): correct the name or remove it`,
          );
      };
      if (sub && !exists(sub, true)) problems.push(`${at} opens \`${part.sub}/\`, but src/${sub}/ does not exist: correct or remove it`);
      else if (sub) named.add(sub);
      for (const m of part.text.matchAll(FOLDER)) look(m[1], true);
      for (const m of part.text.matchAll(FILE)) look(m[1], false);
    }
  }
  return { named, described, problems };
}

/** Where the map should name `file` (relative to src/), in words for the error message. */
function placeFor(file: string): string {
  const dir = path.posix.dirname(file);
  const top = file.split('/')[0];
  return dir === top ? `the \`${top}/\` entry` : `the \`${dir.slice(top.length + 1)}/: …\` line of the \`${top}/\` entry`;
}

test(`${DOC}: the layout of src/ names every folder and .ts file, and nothing that is gone`, () => {
  const { named, described, problems } = readLayout();
  const { folders, files } = tree();
  const tops = new Set(entries().map((e) => e.name));
  for (const f of folders) {
    const parent = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : null;
    if (parent === null) {
      if (!tops.has(f)) problems.push(`src/${f}/ is not in the layout: add a line "  ${f}/   <what it holds>" to the block`);
    } else if (!named.has(f)) {
      const top = f.split('/')[0];
      problems.push(
        `src/${f}/ is not named in the layout: add \`${f.slice(top.length + 1)}/\` (and what it holds) to the \`${top}/\` entry`,
      );
    }
  }
  for (const f of files) {
    if (described.has(f) || UNNAMED.some((u) => u.files.test(f))) continue;
    if (!f.includes('/')) problems.push(`src/${f} is not in the layout: add a line "  ${f}   <what it does>" to the block`);
    else
      problems.push(
        `src/${f} is not named in the layout${named.has(f) ? ' (only from another entry)' : ''}: add \`${path.posix.basename(f)}\` ` +
          `and a few words on what it holds to ${placeFor(f)}`,
      );
  }
  for (const u of UNNAMED) {
    if (!files.some((f) => u.files.test(f)))
      problems.push(`UNNAMED in test/unit/architecture-layout.test.ts lets off ${u.files}, which matches no file of src/ now: remove it`);
  }
  assert.deepEqual(problems, [], `"Layout of \`src/\`" in ${DOC} is out of date:\n  ${problems.join('\n  ')}`);
});

test('the layout check reads names the way the doc writes them', () => {
  const folders = (s: string) => [...s.matchAll(FOLDER)].map((m) => m[1]);
  const files = (s: string) => [...s.matchAll(FILE)].map((m) => m[1]);
  assert.deepEqual(folders('client/: the commands; see db/migrations/ and `@folio/sdk`, SQLite/PostgreSQL'), ['client/', 'db/migrations/']);
  assert.deepEqual(files('routes/<resource>.ts, worker/job-queries.ts; app.ts (not node:crypto)'), [
    'routes/<resource>.ts',
    'worker/job-queries.ts',
    'app.ts',
  ]);
  assert.ok(exists('http/routes/<resource>.ts', false));
  assert.ok(!exists('http/routes/<resource>.js', false));
  assert.ok(exists('cli/client', true));
  assert.ok(!exists('app.ts', true));
  assert.equal(placeFor('render/renderer.ts'), 'the `render/` entry');
  assert.equal(placeFor('http/routes/jobs/files.ts'), 'the `routes/jobs/: …` line of the `http/` entry');
  assert.ok(UNNAMED[0].files.test('db/migrations/001-foundation.ts') && !UNNAMED[0].files.test('db/migrations/index.ts'));
});
