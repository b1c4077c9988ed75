// The step definitions of Gotenberg's integration features (test/integration/scenario/scenario.go in
// Gotenberg's repository), each asserting what Gotenberg's own step asserts, with the tools it uses or their
// poppler/qpdf equivalents. Where Folio differs from Gotenberg by design, the step says so in a comment:
//
// - Errors: Gotenberg answers a text/plain sentence, Folio `{error, message, details}` JSON with
//   `details.field`. On a 4xx/5xx answer, "Content-Type should be text/plain…" asserts Folio's JSON instead,
//   and "the response body should match/contain string" asserts a Folio error body that names (in
//   `details.field` or `message`) one of the form fields Gotenberg's sentence names (FIELD_SENTENCES;
//   Gotenberg lists every problem, Folio reports the first). A sentence naming no field asserts the shape only.
// - Content types: media type and charset compared case-insensitively (`charset=UTF-8` = `charset=utf-8`);
//   an expected type without charset accepts `charset=utf-8` (Fastify adds it to JSON).
// - "valid PDF/A-…, PDF/UA-… with a tolerance of N failed rules": veraPDF is not installed (nor packaged by
//   Debian). This checks the CLAIM only: the XMP `pdfaid:part`/`conformance` (`pdfuaid:part`) that
//   `pdfinfo -meta` shows must be the requested standard. It does not check validity; N is not used.
// - "should be flatten": veraPDF's annotation report is empty ⇔ no page has annotations (qpdf --json).
// - "file embedded" (or "attached"): `pdfdetach -list` names (veraPDF's `<fileName>`); its relationship from qpdf --json.
// - Page text: `pdftotext -f N -l N file -` must CONTAIN the doc string as is (no whitespace normalisation:
//   Gotenberg's step uses strings.Contains on the raw output).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Step } from './gotenberg-gherkin.js';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** What the steps act on: one scenario's requests, the files they saved, its webhook receiver. */
export interface World {
  /** Folio's version: stands for `{version}` (Folio answers its own version, docs/gotenberg.md). */
  readonly version: string;
  /** Keys of 2xx JSON answers not compared, with the reason (the test file's table). */
  readonly ignoredJsonKeys: ReadonlyMap<string, string>;
  readonly workdir: string;
  /** Gotenberg's "teststore": where the last file answer (or webhook delivery) was saved. */
  readonly storeDir: string | null;
  readonly response: HttpAnswer | null;
  /** The last request to `/webhook` or `/webhook/error`. */
  readonly webhookRequest: HttpAnswer | null;
  checkEnvironment(rows: string[][]): void;
  startServer(kind: string): Promise<void>;
  request(method: string, endpoint: string, rows?: string[][]): Promise<void>;
  waitForWebhook(): Promise<void>;
  waitForWebhookEvent(): Promise<Buffer>;
}

export interface StepDefinition {
  pattern: RegExp;
  run(world: World, match: RegExpExecArray, step: Step): unknown;
}

/** A tool's stdout and stderr together, whatever its exit code (as Gotenberg's tools container gives them). */
export function tool(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve) =>
    execFile(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve(`${stdout}${stderr}` || (err ? String(err) : '')),
    ),
  );
}

/** The files below `dir` (relative paths), in Go's filepath.Walk order (lexical). */
function filesBelow(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
}

function store(w: World): string {
  if (w.storeDir === null || !fs.existsSync(w.storeDir))
    throw new Error(`directory "${w.storeDir ?? ''}" does not exist: no file answer was saved (last status ${w.response?.status})`);
  return w.storeDir;
}

/** Every PDF of the store (`*.pdf`, any case), as Gotenberg's "the … PDF(s)" steps walk it. */
function storePdfs(w: World): string[] {
  const dir = store(w);
  return filesBelow(dir)
    .filter((f) => path.extname(f).toLowerCase() === '.pdf')
    .map((f) => path.join(dir, f));
}

/** A named file: `x.pdf` in the last answer's trace folder, or `*_x` the first file whose name contains `x`. */
export function namedFile(w: World, name: string): string {
  if (name.startsWith('*_')) {
    const part = name.slice(2);
    const found = filesBelow(store(w)).find((f) => path.basename(f).includes(part));
    if (!found) throw new Error(`no file whose name contains "${part}" in ${w.storeDir}`);
    return path.join(w.storeDir!, found);
  }
  const file = path.join(w.workdir, w.response?.headers.get('gotenberg-trace') ?? '', name);
  if (!fs.existsSync(file))
    throw new Error(`PDF "${name}" does not exist (files: ${w.storeDir ? filesBelow(w.storeDir).join(', ') : 'none'})`);
  return file;
}

function answer(w: World, kind: string): HttpAnswer {
  const a = kind === 'response' ? w.response : kind === 'webhook request' ? w.webhookRequest : null;
  if (kind !== 'response' && kind !== 'webhook request')
    throw new Error(`the ${kind} steps assert what Gotenberg's static server received (downloadFrom): list the scenario as not applicable`);
  if (!a) throw new Error(kind === 'response' ? 'no response yet' : 'no webhook request found');
  return a;
}

function mediaType(value: string): { type: string; charset: string | null } {
  const [type, ...params] = value.split(';').map((p) => p.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length) ?? null;
  return { type, charset: charset?.replace(/^"|"$/g, '') ?? null };
}

function assertContentType(a: HttpAnswer, expected: string, actual: string): void {
  const e = mediaType(expected);
  const got = mediaType(actual);
  if (a.status >= 400 && e.type === 'text/plain') {
    // Gotenberg's errors are text/plain sentences; Folio's are JSON {error, message, details}.
    assert.equal(got.type, 'application/json', `a Folio error answers JSON, got ${actual}`);
    return;
  }
  assert.equal(got.type, e.type, `Content-Type: expected ${expected}, got ${actual}`);
  if (e.charset !== null) assert.equal(got.charset, e.charset, `Content-Type: expected ${expected}, got ${actual}`);
  else assert.ok(got.charset === null || got.charset === 'utf-8', `Content-Type: expected ${expected}, got ${actual}`);
}

/**
 * The form fields a Gotenberg error sentence names, line by line (Gotenberg joins several problems with
 * newlines): `form field 'splitMode' …`; else `'userPassword' or 'ownerPassword'`; else a known sentence.
 */
const FIELD_SENTENCES: [RegExp, string[]][] = [
  [/no form file found for extensions/, ['files']],
  [/a stamp file is required/, ['stamp']],
  [/a watermark file is required/, ['watermark']],
  [/The requested PDF format is not supported/, ['pdfa']],
  [/The requested split mode is not supported/, ['splitMode', 'splitSpan']],
  [/The requested metadata could not be written/, ['metadata']],
  [/bulk stamp entry \d+/, ['stamps']],
];

export function fieldsNamedBy(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const field = /form field '([^']+)'/.exec(line);
    if (field) return [field[1]];
    const either = /'(\w+)' or '(\w+)'/.exec(line);
    if (either) return [either[1], either[2]];
    return FIELD_SENTENCES.find(([re]) => re.test(line))?.[1] ?? [];
  });
}

function assertFolioError(a: HttpAnswer, gotenbergText: string): void {
  let body: any;
  try {
    body = JSON.parse(a.body.toString('utf8'));
  } catch {
    assert.fail(`a Folio error body is JSON {error, message, details}, got: ${a.body.toString('utf8').slice(0, 300)}`);
  }
  assert.equal(typeof body.error, 'string', JSON.stringify(body));
  assert.equal(typeof body.message, 'string', JSON.stringify(body));
  const named = fieldsNamedBy(gotenbergText);
  if (named.length === 0) return;
  const field = body.details?.field;
  assert.ok(
    named.some((f) => field === f || body.message.includes(f)),
    `Gotenberg's error names ${named.join(' or ')}; Folio's names ${field ?? 'no field'}: ${JSON.stringify(body)}`,
  );
}

/** Gotenberg's compareJson: expected keys must match ("ignore" skips one), extra keys allowed, arrays whole. */
export function compareJson(expected: unknown, actual: unknown, at: string, ignored: ReadonlyMap<string, string>): void {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    assert.ok(
      actual !== null && typeof actual === 'object' && !Array.isArray(actual),
      `${at || 'body'}: expected an object, got ${JSON.stringify(actual)}`,
    );
    for (const [key, value] of Object.entries(expected)) {
      if (value === 'ignore' || ignored.has(key)) continue;
      assert.ok(Object.hasOwn(actual, key), `${at || 'body'}: missing key "${key}" in ${JSON.stringify(actual)}`);
      compareJson(value, (actual as Record<string, unknown>)[key], `${at}.${key}`, ignored);
    }
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${at}: expected an array, got ${JSON.stringify(actual)}`);
    assert.equal(actual.length, expected.length, `${at}: array length, got ${JSON.stringify(actual)}`);
    expected.forEach((v, i) => compareJson(v, actual[i], `${at}[${i}]`, ignored));
  } else assert.deepEqual(actual, expected, `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function bodyStep(kind: 'match' | 'contain') {
  return (w: World, m: RegExpExecArray, s: Step) => {
    const a = answer(w, m[1]);
    const expected = (s.docString ?? '').replaceAll('{version}', w.version);
    if (m[1] === 'response' && a.status >= 400) return assertFolioError(a, expected);
    const actual = a.body.toString('utf8');
    if (kind === 'match') assert.equal(actual, expected, `${m[1]} body`);
    else assert.ok(actual.includes(expected), `${m[1]} body should contain ${JSON.stringify(expected)}: ${actual.slice(0, 500)}`);
  };
}

function jsonStep(w: World, body: Buffer, doc: string | undefined, ignored: ReadonlyMap<string, string>): void {
  const expected: unknown = JSON.parse((doc ?? '').replaceAll('{version}', w.version));
  let actual: unknown;
  try {
    actual = JSON.parse(body.toString('utf8'));
  } catch {
    assert.fail(`not JSON: ${body.toString('utf8').slice(0, 300)}`);
  }
  compareJson(expected, actual, '', ignored);
}

/** The standard's XMP claim as `pdfinfo -meta` prints it: PDF/A part and conformance, or PDF/UA part. */
async function assertStandardClaim(file: string, standard: string): Promise<void> {
  const xmp = await tool('pdfinfo', ['-meta', file]);
  const prop = (name: string) =>
    new RegExp(`${name}(?:="([^"]*)"|>([^<]*)<)`)
      .exec(xmp)
      ?.slice(1)
      .find((v) => v !== undefined) ?? null;
  const pdfa = /^PDF\/A-(\d)([abu])$/i.exec(standard);
  const pdfua = /^PDF\/UA-(\d)$/i.exec(standard);
  if (pdfa) {
    assert.equal(prop('pdfaid:part'), pdfa[1], `${path.basename(file)}: XMP pdfaid:part for ${standard}`);
    assert.equal(prop('pdfaid:conformance')?.toUpperCase(), pdfa[2].toUpperCase(), `${path.basename(file)}: XMP pdfaid:conformance`);
  } else if (pdfua) assert.equal(prop('pdfuaid:part'), pdfua[1], `${path.basename(file)}: XMP pdfuaid:part for ${standard}`);
  else throw new Error(`unknown standard "${standard}"`);
}

type QpdfObjects = Record<string, { value?: any; stream?: { dict: any } }>;

async function qpdfObjects(file: string): Promise<QpdfObjects> {
  const out = await tool('qpdf', ['--json=2', '--json-key=qpdf', file]);
  try {
    return JSON.parse(out).qpdf[1];
  } catch {
    throw new Error(`qpdf --json ${path.basename(file)}: ${out.slice(0, 300)}`);
  }
}

const deref = (objects: QpdfObjects, v: unknown) =>
  typeof v === 'string' && /^\d+ \d+ R$/.test(v) ? objects[`obj:${v}`]?.value : (v as unknown);
const pdfString = (v: unknown) =>
  typeof v !== 'string'
    ? null
    : v.startsWith('u:')
      ? v.slice(2)
      : v.startsWith('b:')
        ? Buffer.from(v.slice(2), 'hex').toString('latin1')
        : v;

async function hasAnnotations(file: string): Promise<boolean> {
  const objects = await qpdfObjects(file);
  return Object.values(objects).some(({ value }) => {
    if (value?.['/Type'] !== '/Page') return false;
    const annots = deref(objects, value['/Annots']);
    return Array.isArray(annots) && annots.length > 0;
  });
}

async function embeddedNames(file: string): Promise<string[]> {
  const out = await tool('pdfdetach', ['-list', file]);
  return [...out.matchAll(/^\d+: (.+)$/gm)].map((m) => m[1].trim());
}

/** The /AFRelationship of each file specification, by its /UF (or /F) name. */
async function relationships(file: string): Promise<Map<string, string | null>> {
  const objects = await qpdfObjects(file);
  const specs = Object.values(objects)
    .map(({ value }) => value)
    .filter((v) => v?.['/Type'] === '/Filespec' || (v?.['/EF'] !== undefined && (v?.['/UF'] ?? v?.['/F']) !== undefined));
  return new Map(
    specs.map((v) => [
      pdfString(deref(objects, v['/UF'] ?? v['/F'])) ?? '',
      (v['/AFRelationship'] as string | undefined)?.slice(1) ?? null,
    ]),
  );
}

const PERMISSION_FLAGS: Record<string, string> = { printing: 'print', copying: 'copy', modifying: 'change', annotating: 'addNotes' };

/** `pdfinfo` without password: an encrypted PDF (a user password) fails with "Incorrect password". */
export async function isEncrypted(file: string): Promise<boolean> {
  return (await tool('pdfinfo', [file])).replace(/[ \n]/g, '').includes('CommandLineError:Incorrectpassword');
}

async function pageText(w: World, name: string, page: string): Promise<string> {
  return tool('pdftotext', ['-f', page, '-l', page, namedFile(w, name), '-']);
}

const invert = (should: string) => should === 'should NOT';

async function forEachPdf(w: World, check: (file: string) => Promise<void>): Promise<void> {
  for (const file of storePdfs(w)) await check(file);
}

const step = (pattern: RegExp, run: StepDefinition['run']): StepDefinition => ({ pattern, run });
const form = String.raw`with the following form data and header\(s\):`;
const pdfs = String.raw`^the (response|webhook request) PDF\(s\)`;

export const STEPS: StepDefinition[] = [
  step(/^I have a default Gotenberg container$/, () => {}),
  step(/^I have a Gotenberg container with the following environment variable\(s\):$/, (w, _m, s) => w.checkEnvironment(s.table ?? [])),
  step(/^I have a (webhook|static) server$/, (w, m) => w.startServer(m[1])),
  step(/^I make a "(GET|HEAD)" request to Gotenberg at the "([^"]*)" endpoint$/, (w, m) => w.request(m[1], m[2])),
  step(/^I make a "(GET|HEAD)" request to Gotenberg at the "([^"]*)" endpoint with the following header\(s\):$/, (w, m, s) =>
    w.request(
      m[1],
      m[2],
      (s.table ?? []).map(([name, value]) => [name, value, 'header']),
    ),
  ),
  step(new RegExp(`^I make a "(POST)" request to Gotenberg at the "([^"]*)" endpoint ${form}$`), (w, m, s) =>
    w.request(m[1], m[2], s.table ?? []),
  ),
  step(/^I wait for the asynchronous request to the webhook$/, (w) => w.waitForWebhook()),
  step(/^the response status code should be (\d+)$/, (w, m) => {
    const a = answer(w, 'response');
    assert.equal(a.status, Number(m[1]), `status ${a.status}: ${a.body.toString('utf8').slice(0, 500)}`);
  }),
  step(/^the (response|webhook request|file request|server request) header "([^"]*)" should be "([^"]*)"$/, (w, m) => {
    const a = answer(w, m[1]);
    const actual = a.headers.get(m[2]) ?? '';
    if (m[2].toLowerCase() === 'content-type') assertContentType(a, m[3], actual);
    else assert.equal(actual, m[3], `${m[1]} header ${m[2]}`);
  }),
  step(/^the webhook request header "([^"]*)" should carry trace id "([^"]*)"$/, (w, m) => {
    const value = answer(w, 'webhook request').headers.get(m[1]) ?? '';
    const parts = value.split('-');
    assert.equal(parts.length, 4, `webhook request header ${m[1]} should be a W3C traceparent, got "${value}"`);
    assert.equal(parts[1], m[2], `trace id of ${m[1]}: ${value}`);
  }),
  step(/^the (response|webhook request) body should match string:$/, bodyStep('match')),
  step(/^the (response|webhook request) body should contain string:$/, bodyStep('contain')),
  step(/^the (response|webhook request) body should match JSON:$/, (w, m, s) =>
    jsonStep(w, answer(w, m[1]).body, s.docString, m[1] === 'response' ? w.ignoredJsonKeys : new Map()),
  ),
  step(/^the webhook event should match JSON:$/, async (w, _m, s) => jsonStep(w, await w.waitForWebhookEvent(), s.docString, new Map())),
  step(/^there should be (\d+) PDF\(s\) in the (response|webhook request)$/, (w, m) => {
    const found = storePdfs(w);
    assert.equal(found.length, Number(m[1]), `PDFs: ${found.map((f) => path.basename(f)).join(', ')}`);
  }),
  step(/^there should be the following file\(s\) in the (response|webhook request):$/, (w, _m, s) => {
    const names = filesBelow(store(w)).map((f) => path.basename(f));
    for (const [expected] of s.table ?? []) {
      const found = names.some((n) =>
        expected.startsWith('*_') ? n.includes(expected.slice(2)) : n.toLowerCase() === expected.toLowerCase(),
      );
      assert.ok(found, `expected file "${expected}" not found among ${JSON.stringify(names)}`);
    }
  }),
  step(new RegExp(`${pdfs} should be valid "([^"]*)" with a tolerance of (\\d+) failed rule\\(s\\)$`), (w, m) =>
    forEachPdf(w, (f) => assertStandardClaim(f, m[2])),
  ),
  step(new RegExp(`${pdfs} (should|should NOT) be flatten$`), (w, m) =>
    forEachPdf(w, async (f) => assert.equal(await hasAnnotations(f), invert(m[2]), `${path.basename(f)}: annotations`)),
  ),
  step(new RegExp(`${pdfs} (should|should NOT) be encrypted`), (w, m) =>
    forEachPdf(w, async (f) => assert.equal(await isEncrypted(f), !invert(m[2]), `${path.basename(f)}: needs a password to open`)),
  ),
  step(new RegExp(`${pdfs} (should|should NOT) allow "([^"]*)"$`), (w, m) =>
    forEachPdf(w, async (f) => {
      const info = (await tool('pdfinfo', [f])).replace(/[ \n]/g, '');
      const flag = PERMISSION_FLAGS[m[3]];
      assert.ok(info.includes(`${flag}:${invert(m[2]) ? 'no' : 'yes'}`), `${path.basename(f)} ${m[2]} allow ${m[3]}: ${info}`);
    }),
  ),
  // "attached": the proposed attachments/add route's name for the same check.
  step(new RegExp(`${pdfs} (should|should NOT) have the "([^"]*)" file (?:embedded|attached)$`), (w, m) =>
    forEachPdf(w, async (f) => {
      const names = await embeddedNames(f);
      assert.equal(names.includes(m[3]), !invert(m[2]), `${path.basename(f)} embeds ${JSON.stringify(names)}`);
    }),
  ),
  step(new RegExp(`${pdfs} should have the "([^"]*)" file embedded with relationship "([^"]*)"$`), (w, m) =>
    forEachPdf(w, async (f) => {
      const specs = await relationships(f);
      assert.ok(specs.has(m[2]), `${path.basename(f)}: embedded file ${m[2]} not found among ${JSON.stringify([...specs.keys()])}`);
      assert.equal(specs.get(m[2]), m[3], `${path.basename(f)}: /AFRelationship of ${m[2]}`);
    }),
  ),
  step(/^the "([^"]*)" PDF should have (\d+) page\(s\)$/, async (w, m) => {
    const info = (await tool('pdfinfo', [namedFile(w, m[1])])).replace(/ /g, '');
    assert.equal(Number(/Pages:(\d+)/.exec(info)?.[1]), Number(m[2]), `${m[1]}: ${info.slice(0, 300)}`);
  }),
  step(/^the "([^"]*)" PDF (should|should NOT) have the following content at page (\d+):$/, async (w, m, s) => {
    const text = await pageText(w, m[1], m[3]);
    assert.equal(
      text.includes(s.docString ?? ''),
      !invert(m[2]),
      `${m[1]} page ${m[3]} ${m[2]} contain ${JSON.stringify(s.docString)}: ${JSON.stringify(text)}`,
    );
  }),
  step(/^the "([^"]*)" PDF (should|should NOT) have content matching "([^"]*)" at page (\d+)$/, async (w, m) => {
    const text = await pageText(w, m[1], m[4]);
    assert.equal(new RegExp(m[3]).test(text), !invert(m[2]), `${m[1]} page ${m[4]} ${m[2]} match /${m[3]}/: ${JSON.stringify(text)}`);
  }),
  step(/^the "([^"]*)" file size should be (less|greater) than (\d+) KB$/, (w, m) => {
    const size = fs.statSync(namedFile(w, m[1])).size;
    const limit = Number(m[3]) * 1024;
    assert.ok(m[2] === 'less' ? size < limit : size > limit, `${m[1]} is ${size} bytes, expected ${m[2]} than ${m[3]} KB`);
  }),
];
