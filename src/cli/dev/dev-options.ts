// What `folio dev` is asked to do (cli/dev/index.ts runs it): the folder, route, payload and env files, the
// PDF options of --metadata, and whether it prints once or serves a preview. Usage errors are found here,
// before Chromium or a server starts.
import fs from 'node:fs';
import path from 'node:path';
import { buildPayload, DEFAULT_PAYLOAD_MIME } from '../../domain/jobs/payload.js';
import { validatePdfOverrides } from '../../render/pdf-options.js';
import type { PdfOverrides } from '../../render/types.js';
import { int, noExtra, parse, seconds, str } from '../client/args.js';
import { UsageError } from '../client/output.js';
import type { PrintOptions } from './local-printer.js';
import type { DevInputs } from './preview-server.js';

function readText(file: string, what: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`${what} file not found: ${file}`);
  }
}

/** Payload bytes exactly as a job would get them (canonical JSON for JSON MIME types: the server's code). */
export function loadPayload(file: string | undefined, mime: string | undefined): { payload: Buffer; payloadMime: string } {
  const payloadMime = mime ?? DEFAULT_PAYLOAD_MIME;
  let input: { payload?: unknown; hasPayload: boolean } = { hasPayload: false };
  if (file !== undefined) {
    const text = readText(file, 'payload');
    if (/json/i.test(payloadMime)) {
      try {
        input = { payload: JSON.parse(text), hasPayload: true };
      } catch (err) {
        throw new UsageError(`payload ${file} is not valid JSON: ${(err as Error).message}`);
      }
    } else input = { payload: text, hasPayload: true };
  }
  const r = buildPayload({ ...input, payloadMime, maxBytes: Number.MAX_SAFE_INTEGER });
  if (!r.ok) throw new UsageError(`payload: ${r.message}`);
  return { payload: r.bytes, payloadMime: r.mime };
}

export function loadEnv(file: string | undefined): DevInputs['env'] {
  if (file === undefined) return { variables: {}, secrets: {} };
  const text = readText(file, 'env');
  const strings = (o: unknown, where: string): Record<string, string> => {
    if (o === undefined) return {};
    if (!o || typeof o !== 'object' || Array.isArray(o)) throw new UsageError(`env ${file}: ${where} must be an object of strings`);
    for (const [k, v] of Object.entries(o)) if (typeof v !== 'string') throw new UsageError(`env ${file}: ${where}.${k} must be a string`);
    return o as Record<string, string>;
  };
  if (/^\s*\{/.test(text)) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`env ${file} is not valid JSON: ${(err as Error).message}`);
    }
    if ('variables' in parsed || 'secrets' in parsed)
      return { variables: strings(parsed.variables, 'variables'), secrets: strings(parsed.secrets, 'secrets') };
    return { variables: strings(parsed, 'the file'), secrets: {} };
  }
  const variables: Record<string, string> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new UsageError(`env ${file}:${i + 1}: expected NAME=value`);
    variables[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return { variables, secrets: {} };
}

/** `folio dev`'s options, checked. */
export interface DevOptions {
  help: boolean;
  json: boolean;
  dir: string;
  route: string;
  /** The payload file: --payload, else the folder's sample-payload.json when it has one. */
  payloadFile?: string;
  /** Where the payload comes from, in words for the pages view. */
  payloadSource: string;
  payloadFromFlag: boolean;
  envFile?: string;
  /** The payload and env as a job would get them, read again on every change. */
  loadInputs: () => Promise<DevInputs>;
  printOpts: PrintOptions;
  bundleOpts: { route: string; includeDotfiles: boolean; includeNodeModules: boolean };
  /** --pdf: the file to print to. */
  pdfOut?: string;
  /** A preview is served: without --pdf, or with --serve. */
  serving: boolean;
  port: number;
}

export function devOptions(argv: string[]): DevOptions {
  const p = parse(argv, {
    payload: { type: 'string' },
    'payload-mime': { type: 'string' },
    env: { type: 'string' },
    port: { type: 'string' },
    route: { type: 'string' },
    metadata: { type: 'string' },
    pdf: { type: 'string' },
    serve: { type: 'boolean' },
    timeout: { type: 'string' },
    'allow-external-network': { type: 'boolean' },
    'include-dotfiles': { type: 'boolean' },
    'include-node-modules': { type: 'boolean' },
  });
  if (p.help) return { help: true } as DevOptions;
  noExtra(p, 1);
  const dir = path.resolve(p.positionals[0] ?? '.');
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new UsageError(`folder not found: ${p.positionals[0] ?? '.'}`);
  const route = str(p, 'route') ?? '/';
  if (!route.startsWith('/')) throw new UsageError('--route must begin with /');
  // Without --payload, the folder's sample payload (the one a deploy checks against payload.schema.json) is
  // the obvious data to preview with.
  const samplePayload = path.join(dir, 'sample-payload.json');
  const payloadFromFlag = str(p, 'payload') !== undefined;
  const payloadFile = str(p, 'payload') ?? (fs.existsSync(samplePayload) ? samplePayload : undefined);
  const payloadSource = payloadFromFlag ? `--payload ${str(p, 'payload')}` : payloadFile ? 'sample-payload.json' : 'no --payload: {}';
  const payloadMime = str(p, 'payload-mime');
  const envFile = str(p, 'env');
  const pdfOut = str(p, 'pdf');
  return {
    help: false,
    json: Boolean(p.json),
    dir,
    route,
    payloadFile,
    payloadSource,
    payloadFromFlag,
    envFile,
    loadInputs: async () => ({ ...loadPayload(payloadFile, payloadMime), env: loadEnv(envFile) }),
    printOpts: {
      pdf: readPdfMetadata(str(p, 'metadata')),
      timeoutMs: seconds(p, 'timeout', 1, 600, true) ?? 30_000,
      allowExternalNetwork: Boolean(p.values['allow-external-network']),
    },
    bundleOpts: {
      route,
      includeDotfiles: Boolean(p.values['include-dotfiles']),
      includeNodeModules: Boolean(p.values['include-node-modules']),
    },
    pdfOut,
    serving: !pdfOut || Boolean(p.values.serve),
    port: int(p, 'port', 0, 65_535) ?? 4321,
  };
}

/** The PDF options of a --metadata file (its `pdf`, checked as a version's render.metadata.pdf). */
function readPdfMetadata(file: string | undefined): PdfOverrides {
  if (!file) return {};
  let metadata: { pdf?: unknown };
  try {
    metadata = JSON.parse(readText(file, 'metadata'));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`metadata ${file} is not valid JSON: ${(err as Error).message}`);
  }
  if (metadata?.pdf === undefined) return {};
  const v = validatePdfOverrides(metadata.pdf);
  if (!v.ok) throw new UsageError(`metadata ${file}: render.metadata.pdf: ${v.message}`);
  return metadata.pdf as PdfOverrides;
}
