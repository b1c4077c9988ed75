// Runs Gotenberg's own integration scenarios (Gherkin features, test/fixtures/gotenberg/) against a Folio
// server over real HTTP, the way Gotenberg's runner (test/integration/scenario/ in its repository) runs them
// against its container: the same requests, the same saved files, the same assertions (gotenberg-steps.ts).
//
// How a request is sent (scenario.go, doFormDataRequest): the `| name | value | kind |` rows become a
// multipart form: every `field` row in table order (a repeated name is a repeated field), then every `file`
// row in table order, each a part named by the row's name (`files`, `embeds`, `stamp`…) with the file's base
// name; `header` rows are request headers. File values are relative to the feature's folder
// (`testdata/x.pdf`), or `teststore/x.pdf`: a file of the last saved answer. Webhook URLs
// (`http://host.docker.internal:%d/webhook`) point at this scenario's receiver on 127.0.0.1. Every request
// carries the Folio API key as `Authorization: Bearer`.
//
// What is saved (Gotenberg's "teststore"): a 200 answer with a Content-Disposition file name is written
// under `<workdir>/<Gotenberg-Trace>/<file name>`, and a zip (Content-Type application/zip) is extracted
// beside it (entries by base name); a 204 points the store at `<workdir>/<Gotenberg-Trace>`, where the
// webhook receiver writes what it is sent, in the folder named by the webhook request's Gotenberg-Trace.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { loadFeatures, scenarioKey, type Feature, type Scenario } from './gotenberg-gherkin.js';
import { STEPS, type HttpAnswer, type StepDefinition, type World } from './gotenberg-steps.js';
import { PROPOSAL_STEPS } from './gotenberg-proposal-steps.js';

export { loadFeatures, scenarioKey, type Feature, type Scenario };

export interface Target {
  /** `http://127.0.0.1:<port>` of the Folio server. */
  base: string;
  key: string;
  version: string;
}

export interface RunOptions {
  /** Step text (a RegExp source) → why Folio cannot show it; such steps are counted, not run. */
  notApplicableSteps: ReadonlyMap<string, string>;
  /** Keys of 2xx JSON answers not compared → why. */
  ignoredJsonKeys: ReadonlyMap<string, string>;
  /** Counts of the steps not run, by pattern (for the file's summary). */
  skippedSteps: Map<string, number>;
}

/**
 * Gotenberg start-up flags a runnable scenario may set: they select one of Gotenberg's engines or turn its
 * request logs on, which changes nothing Folio answers (Folio has one engine and must give the same result).
 * Any other flag means the scenario tests Gotenberg's configuration: list it as not applicable.
 */
const HARMLESS_ENVIRONMENT: [RegExp, (value: string) => boolean][] = [
  [/^PDFENGINES_[A-Z]+_ENGINES$/, () => true],
  [/^API_DISABLE_[A-Z_]+_TELEMETRY$/, (v) => v === 'false'],
];

const WEBHOOK_HEADERS = new Set(['gotenberg-webhook-url', 'gotenberg-webhook-error-url', 'gotenberg-webhook-events-url']);

/** The file name of a Content-Disposition value (`filename*=UTF-8''…` first, as Go's mime package). */
export function dispositionFileName(value: string): string | null {
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (extended) return decodeURIComponent(extended[2].trim());
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(value);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  return /filename\s*=\s*([^;\s]+)/i.exec(value)?.[1] ?? null;
}

/** Writes `name` into `dir` and, for a zip, its entries beside it (by base name, as Go's archives does). */
async function saveFile(dir: string, name: string, body: Buffer, contentType: string): Promise<void> {
  if (name === '' || name !== path.basename(name) || name === '..') throw new Error(`unsafe file name "${name}"`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), body);
  if (contentType.split(';')[0].trim().toLowerCase() !== 'application/zip') return;
  const zip = await JSZip.loadAsync(body);
  for (const entry of Object.values(zip.files))
    if (!entry.dir) fs.writeFileSync(path.join(dir, path.basename(entry.name)), await entry.async('nodebuffer'));
}

function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return headers;
}

/** A promise settled from outside (first settlement wins), awaited with a timeout that names what it awaits. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  const wait = async (what: string, ms: number): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_r, rej) => (timer = setTimeout(() => rej(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)),
    );
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { wait, resolve: (v: T) => resolve(v), reject: (e: Error) => reject(e) };
}

/** Gotenberg's webhook test server (server.go): `/webhook` saves the file it is sent, `/webhook/error` and `/webhook/events` record. */
class WebhookReceiver {
  request: HttpAnswer | null = null;
  readonly delivered = deferred<void>();
  readonly event = deferred<Buffer>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  constructor(private readonly workdir: string) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer: HttpAnswer = { status: 0, headers: headersOf(req), body: Buffer.concat(chunks) };
    const route = (req.url ?? '').split('?')[0];
    const method = req.method ?? '';
    if (route === '/webhook/events' && method === 'POST') {
      this.event.resolve(answer.body);
      return void res.writeHead(200).end('OK');
    }
    if (!['/webhook', '/webhook/error'].includes(route) || !['POST', 'PATCH', 'PUT'].includes(method)) return void res.writeHead(404).end();
    this.request = answer;
    try {
      if (route === '/webhook') await this.save(answer);
      res.writeHead(200).end('OK');
      this.delivered.resolve();
    } catch (err) {
      res.writeHead(500).end(String(err));
      this.delivered.reject(err as Error);
    }
  }

  /** As server.go: the file name from Content-Disposition, else a UUID with the type's extension. */
  private async save(a: HttpAnswer): Promise<void> {
    const disposition = a.headers.get('content-disposition');
    if (!disposition) throw new Error('webhook request: no Content-Disposition header');
    const type = a.headers.get('content-type') ?? '';
    const extension = ({ 'application/zip': '.zip', 'application/pdf': '.pdf' } as Record<string, string>)[type];
    const name = dispositionFileName(disposition) ?? (extension ? randomUUID() + extension : null);
    if (!name) throw new Error(`webhook request: no filename in Content-Disposition "${disposition}" and Content-Type "${type}"`);
    await saveFile(traceDir(this.workdir, a.headers.get('gotenberg-trace') ?? ''), name, a.body, type);
  }
}

function traceDir(workdir: string, trace: string): string {
  const dir = path.resolve(workdir, trace);
  if (dir !== workdir && !dir.startsWith(workdir + path.sep)) throw new Error(`Gotenberg-Trace "${trace}" leaves the work folder`);
  return dir;
}

/** One scenario's state: its requests' answers, its work folder, its webhook receiver. */
export class ScenarioWorld implements World {
  readonly workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-gotenberg-'));
  storeDir: string | null = null;
  response: HttpAnswer | null = null;
  private receiver: WebhookReceiver | null = null;
  private receiverPort = 0;

  constructor(
    private readonly target: Target,
    private readonly scenario: Scenario,
    private readonly options: RunOptions,
  ) {}

  get version() {
    return this.target.version;
  }
  get ignoredJsonKeys() {
    return this.options.ignoredJsonKeys;
  }
  get webhookRequest() {
    return this.receiver?.request ?? null;
  }

  checkEnvironment(rows: string[][]): void {
    for (const [name, value] of rows)
      if (!HARMLESS_ENVIRONMENT.some(([re, ok]) => re.test(name) && ok(value)))
        throw new Error(
          `start-up flag ${name}=${value} configures Gotenberg itself: list "${scenarioKey(this.scenario)}" as not applicable`,
        );
  }

  async startServer(kind: string): Promise<void> {
    // Only a webhook receiver: a static server serves downloadFrom scenarios, which cannot apply to Folio
    // (it fetches no URL named in a form).
    if (kind !== 'webhook') throw new Error(`a ${kind} server serves downloadFrom: list "${scenarioKey(this.scenario)}" as not applicable`);
    this.receiver = new WebhookReceiver(this.workdir);
    this.receiverPort = await this.receiver.listen();
  }

  async waitForWebhook(): Promise<void> {
    if (!this.receiver) throw new Error('server not initialized');
    await this.receiver.delivered.wait('the request to the webhook', 60_000);
  }

  async waitForWebhookEvent(): Promise<Buffer> {
    if (!this.receiver) throw new Error('server not initialized');
    return this.receiver.event.wait('the webhook event', 60_000);
  }

  async request(method: string, endpoint: string, rows: string[][] = []): Promise<void> {
    const { form, headers } = this.formOf(rows);
    const res = await fetch(this.target.base + endpoint, {
      method,
      headers: { authorization: `Bearer ${this.target.key}`, ...headers },
      ...(method === 'POST' ? { body: form } : {}),
    });
    this.response = { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    await this.keep(this.response);
  }

  async dispose(): Promise<void> {
    await this.receiver?.close();
    fs.rmSync(this.workdir, { recursive: true, force: true });
  }

  private formOf(rows: string[][]): { form: FormData; headers: Record<string, string> } {
    const form = new FormData();
    const headers: Record<string, string> = {};
    const files: [string, string][] = [];
    for (const [name, value, kind] of rows) {
      if (kind === 'field') form.append(name, ['downloadFrom', 'url', 'cookies'].includes(name) ? this.local(value) : value);
      else if (kind === 'file') files.push([name, this.filePath(value)]);
      else if (kind === 'header') headers[name] = WEBHOOK_HEADERS.has(name.toLowerCase()) ? this.local(value) : value;
      else throw new Error(`unexpected "${kind}" "${value}"`);
    }
    for (const [name, file] of files) form.append(name, new Blob([new Uint8Array(fs.readFileSync(file))]), path.basename(file));
    return { form, headers };
  }

  /** `http://host.docker.internal:%d/…` → this scenario's receiver on 127.0.0.1. */
  private local(value: string): string {
    return value.replaceAll('host.docker.internal', '127.0.0.1').replaceAll('%d', String(this.receiverPort));
  }

  private filePath(value: string): string {
    if (!value.includes('teststore')) return path.join(this.scenario.dir, value);
    if (this.storeDir === null) throw new Error('no teststore directory available from previous requests');
    return value.replaceAll('teststore', this.storeDir);
  }

  /** Saves an answer as scenario.go does (header comment). */
  private async keep(a: HttpAnswer): Promise<void> {
    const dir = traceDir(this.workdir, a.headers.get('gotenberg-trace') ?? '');
    if (a.status === 204) this.storeDir = dir;
    const disposition = a.headers.get('content-disposition');
    if (a.status !== 200 || !disposition) return;
    const name = dispositionFileName(disposition);
    if (name === null) throw new Error(`no filename in Content-Disposition header: ${disposition}`);
    await saveFile(dir, name, a.body, a.headers.get('content-type') ?? '');
    this.storeDir = dir;
  }
}

/** Runs a scenario's steps in order; the first failing step fails it, named with its line. */
export async function runScenario(scenario: Scenario, target: Target, options: RunOptions): Promise<void> {
  const world = new ScenarioWorld(target, scenario, options);
  try {
    for (const step of scenario.steps) {
      const skipped = [...options.notApplicableSteps.keys()].find((re) => new RegExp(re).test(step.text));
      if (skipped !== undefined) {
        options.skippedSteps.set(skipped, (options.skippedSteps.get(skipped) ?? 0) + 1);
        continue;
      }
      const found = definitionOf(step.text);
      if (!found) throw new Error(`${scenario.feature}:${step.line}: no definition for step "${step.text}"`);
      try {
        await found.definition.run(world, found.match, step);
      } catch (err) {
        if (err instanceof Error) {
          // The stack was written with the message: the reporter prints the stack.
          const where = `${scenario.feature}:${step.line} ${step.keyword} ${step.text}\n`;
          err.stack = err.stack?.replace(err.message, where + err.message);
          err.message = where + err.message;
        }
        throw err;
      }
    }
  } finally {
    await world.dispose();
  }
}

/** The definition a step's text matches, with its match. */
export function definitionOf(text: string): { definition: StepDefinition; match: RegExpExecArray } | null {
  for (const definition of [...STEPS, ...PROPOSAL_STEPS]) {
    const match = definition.pattern.exec(text);
    if (match) return { definition, match };
  }
  return null;
}
