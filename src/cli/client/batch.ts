// folio batch <deploy> <payloads.jsonl>: one render batch of up to 1,000 payloads, progress on stderr, with
// --out every succeeded item's PDF downloaded, and with --merge/--zip the batch's one merged PDF or zip.
// Resumable: the batch's Idempotency-Key defaults to a hash of what was asked, so running the same command
// again attaches to the same batch (nothing renders twice) and only the files missing are downloaded.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  FolioBatchProductError,
  type CreateRenderBatchBody,
  type FolioClient,
  type RenderBatch,
  type RenderBatchCounts,
} from '../../sdk/index.js';
import { mapLimit } from '../../sdk/concurrency.js';
import { clientFromEnv } from './api.js';
import { noExtra, parse, positional, seconds, str } from './args.js';
import { CliError, formatBytes, plural, printJson, UsageError } from './output.js';
import { printBatchWarnings, type ItemWarnings } from './batch-warnings.js';
import { normalizeVersionSpec, resolveVersion } from './versions.js';

export const batchHelp = `Usage: folio batch <deploy> <payloads.jsonl> [options]

Renders every line of payloads.jsonl as one render batch (at most 1,000 lines; blank lines are skipped)
of the deploy (its id dep_… or its slug), shows progress on stderr, with --out downloads each
succeeded item's PDF, and with --merge or --zip writes the batch's one merged PDF or zip. A line is
either {"businessKey": "INV-1", "payload": {…}} (an item: businessKey optional,
payloadBase64/payloadMime/outputMode and the item's own pdf/attachments/eInvoice/protection/
signature/images, as the API takes them, allowed too) or any other JSON value, which is the payload.
(A protected item cannot go into --merge; with --out its PDF is downloaded encrypted.)

Re-running the same command is safe: the batch key (Idempotency-Key) defaults to a hash of the deploy,
--version, --managed, --merge/--zip (whether, not where) and the file, so the server answers the same
batch for 24 hours (no item renders twice) and only the files not yet written are downloaded.

Options:
  --out DIR              download every succeeded item's PDF into DIR as BUSINESS_KEY.pdf (0001.pdf,
                         0002.pdf… by position for lines without one); files already there with
                         the right size are kept
  --merge FILE           create the batch with combine "merge": once every item is finished, the
                         succeeded items' PDFs joined in line order are written to FILE (a managed
                         PDF on the server); --out is optional with it
  --zip FILE             create the batch with combine "zip": one zip of the succeeded items' PDFs
                         (named as their downloads are) written to FILE; --out is optional with it
  --version V            latest (default), a version number (2 or v2), an alias (production, preview, …)
                         or a version id (ver_…)
  --batch-key KEY        the batch's Idempotency-Key (default: the hash above)
  --managed              keep each PDF as a managed PDF (default: transient, deleted 10 minutes after
                         the item finished: download them, or re-run, within that time)
  --timeout SECONDS      how long to wait for the batch (default 3600); it keeps running after that
  --strict               exit 1 when any item has warnings (every PDF is still written)
  --json                 print {batch, items, downloaded, kept} as JSON (each item with its warnings),
                         no progress
  -h, --help             show this help

Items that made their PDF while something in the page went wrong have warnings: a summary per code
(how many items, and the first item's message) is printed on stderr; folio jobs show JOB_ID lists an
item's. To make warnings fail the items, commit the version with render.failOn (folio deploy --fail-on).

Exit 0 when every item succeeded (and the merged PDF or zip was written), 1 when some failed (each
listed with its index, business key and error code; the merged PDF or zip of the others is still
written), when the merged PDF or zip failed (its error code and message printed), or with --strict when
an item has warnings; 2 for a usage mistake.`;

const MAX_ITEMS = 1000;
const ITEM_KEYS = new Set([
  'businessKey',
  'payload',
  'payloadBase64',
  'payloadMime',
  'outputMode',
  'pdf',
  'attachments',
  'eInvoice',
  'protection',
  'signature',
  'images',
]);

type Item = CreateRenderBatchBody['items'][number];

/** The items of a JSONL file; a UsageError names the first bad line. */
export function readPayloadLines(file: string): { items: Item[]; text: string } {
  if (!fs.existsSync(file)) throw new UsageError(`payloads file not found: ${file}`);
  if (!fs.statSync(file).isFile()) throw new UsageError(`payloads is not a file: ${file}`);
  const text = fs.readFileSync(file, 'utf8');
  const items: Item[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    if (items.length === MAX_ITEMS)
      throw new UsageError(`${file} has more than ${MAX_ITEMS} payloads (line ${i + 1}); split it into batches`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new UsageError(`${file} line ${i + 1} is not valid JSON (${(err as Error).message})`);
    }
    const isItem =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      ('payload' in value || 'payloadBase64' in value) &&
      Object.keys(value).every((k) => ITEM_KEYS.has(k));
    if (isItem) {
      const bk = (value as { businessKey?: unknown }).businessKey;
      if (bk !== undefined && (typeof bk !== 'string' || bk === ''))
        throw new UsageError(`${file} line ${i + 1}: businessKey must be a non-empty string`);
      items.push(value as Item);
    } else items.push({ payload: value });
  }
  if (items.length === 0) throw new UsageError(`${file} has no payloads`);
  return { items, text };
}

/** File names for the items: the business key made safe for a file name, or the index; unique. */
function fileNames(items: Item[]): string[] {
  const width = Math.max(4, String(items.length).length);
  const names = items.map((it, i) =>
    it.businessKey ? it.businessKey.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_') : String(i + 1).padStart(width, '0'),
  );
  const seen = new Map<string, number>();
  for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1);
  return names.map((n, i) => `${seen.get(n)! > 1 ? `${n}-${i}` : n}.pdf`);
}

export function progressLine(batch: RenderBatch, c: RenderBatchCounts): string {
  const left = batch.itemCount - c.succeeded - c.failed - c.canceled;
  const head = `batch ${batch.id}: ${c.succeeded}/${batch.itemCount} succeeded, ${c.failed} failed${c.canceled ? `, ${c.canceled} canceled` : ''}`;
  if (batch.status === 'combining') return `${head}, combining…`;
  return `${head}, ${left} to go`;
}

const productName = (kind: 'merge' | 'zip') => (kind === 'merge' ? 'merged PDF' : 'zip');

interface ProductResult {
  kind: 'merge' | 'zip';
  state: string;
  file?: string;
  bytes?: number;
  pageCount?: number;
  downloaded?: boolean;
  error?: { code: string; message: string };
}

export async function batchCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {
    out: { type: 'string' },
    version: { type: 'string' },
    'batch-key': { type: 'string' },
    managed: { type: 'boolean' },
    timeout: { type: 'string' },
    merge: { type: 'string' },
    zip: { type: 'string' },
    strict: { type: 'boolean' },
  });
  if (p.help) {
    console.log(batchHelp);
    return 0;
  }
  const mergeTo = str(p, 'merge');
  const zipTo = str(p, 'zip');
  if (mergeTo !== undefined && zipTo !== undefined) throw new UsageError('--merge and --zip exclude each other: a batch makes one product');
  if (mergeTo === '' || zipTo === '') throw new UsageError(`--${mergeTo === '' ? 'merge' : 'zip'} needs a file name`);
  const combine: 'none' | 'merge' | 'zip' = mergeTo !== undefined ? 'merge' : zipTo !== undefined ? 'zip' : 'none';
  const productTo = mergeTo ?? zipTo;
  const ref = positional(p, 0, 'the deploy (id or slug): folio batch <deploy> <payloads.jsonl>');
  const file = positional(p, 1, 'the payloads file: folio batch <deploy> <payloads.jsonl>');
  noExtra(p, 2);
  const timeoutMs = seconds(p, 'timeout', 1, 7 * 86_400) ?? 3_600_000;
  const version = normalizeVersionSpec(str(p, 'version') ?? 'latest');
  const managed = Boolean(p.values.managed);
  const out = str(p, 'out');
  const { items, text } = readPayloadLines(file);
  const batchKey =
    str(p, 'batch-key') ??
    `folio-batch-${createHash('sha256')
      // The key of a plain batch is what it was before batches could combine (a re-run still attaches).
      .update(JSON.stringify(combine === 'none' ? [ref, version, managed] : [ref, version, managed, combine]))
      .update('\n')
      .update(text)
      .digest('hex')
      .slice(0, 40)}`;

  const client = clientFromEnv();
  const deploy = await client.deploys.resolve(ref);
  const body: CreateRenderBatchBody = {
    deployId: deploy.id,
    deployVersionId: await resolveVersion(client, deploy.id, version),
    ...(combine !== 'none' ? { combine } : {}),
    items: managed ? items.map((it) => ({ outputMode: 'managed' as const, ...it })) : items,
  };
  const tty = Boolean(process.stderr.isTTY);
  let drawn = false;
  const batch = await client.renderBatch(body, {
    idempotencyKey: batchKey,
    timeoutMs,
    pollMs: 1000,
    onProgress: (counts, b) => {
      if (p.json) return;
      if (tty) {
        process.stderr.write(`\r\x1b[2K${progressLine(b, counts)}`);
        drawn = true;
      } else process.stderr.write(`${progressLine(b, counts)}\n`);
    },
  });
  if (drawn) process.stderr.write('\n');

  const names = fileNames(items);
  const results: Array<ItemWarnings & { jobId: string; status: string; errorCode?: string; file?: string }> = [];
  for await (const { index, job } of client.renderBatches.iterateItems(batch.id, { limit: 100 }))
    results.push({
      index,
      businessKey: job.businessKey,
      jobId: job.id,
      status: job.status,
      ...(job.errorCode ? { errorCode: job.errorCode } : {}),
      warnings: job.warnings ?? [],
    });

  let downloaded = 0;
  let kept = 0;
  if (out !== undefined) {
    fs.mkdirSync(out, { recursive: true });
    const succeeded = results.filter((r) => r.status === 'succeeded');
    await mapLimit(succeeded, 4, async (r) => {
      const target = path.join(out, names[r.index]!);
      r.file = target;
      if (await alreadyThere(client, r.jobId, target)) kept++;
      else {
        await client.download(r.jobId, target);
        downloaded++;
      }
    });
  }

  const product = productTo !== undefined && combine !== 'none' ? await writeProduct(client, batch, combine, productTo) : undefined;

  const failed = results.filter((r) => r.status !== 'succeeded');
  if (p.json) printJson({ batch, items: results, downloaded, kept, ...(product ? { product } : {}) });
  else {
    console.log(
      `batch ${batch.id}: ${batch.counts.succeeded}/${batch.itemCount} succeeded, ${batch.counts.failed} failed${batch.counts.canceled ? `, ${batch.counts.canceled} canceled` : ''}`,
    );
    if (out !== undefined) console.log(`${plural(downloaded, 'PDF')} downloaded to ${out}${kept ? `, ${kept} already there` : ''}`);
    if (product?.file !== undefined)
      console.log(
        `${product.downloaded ? 'wrote' : 'kept'} ${productName(product.kind)} ${product.file} (${product.kind === 'merge' ? `${plural(product.pageCount ?? 0, 'page')}, ` : ''}${formatBytes(product.bytes ?? 0)}${product.downloaded ? '' : ', already there'})`,
      );
  }
  for (const r of failed) process.stderr.write(`item ${r.index} (${r.businessKey}): ${r.status}${r.errorCode ? `: ${r.errorCode}` : ''}\n`);
  if (product?.error)
    process.stderr.write(`${productName(product.kind)} ${product.state}: ${product.error.code}: ${product.error.message}\n`);
  const warned = printBatchWarnings(results, p.json);
  if (p.values.strict && warned > 0)
    throw new CliError(
      'items_have_warnings',
      `${warned} of ${plural(results.length, 'item')} of batch ${batch.id} have warnings and --strict fails on any; their PDFs were written`,
    );
  return failed.length > 0 || product?.error ? 1 : 0;
}

/**
 * Writes the batch's merged PDF or zip to `target` (a temporary file renamed into place: never half
 * written); a file already there with the product's sha256 is kept. A failed or deleted product comes back
 * with its error instead.
 */
async function writeProduct(client: FolioClient, batch: RenderBatch, kind: 'merge' | 'zip', target: string): Promise<ProductResult> {
  const product = batch.product;
  if (product?.state === 'failed')
    return { kind, state: 'failed', error: product.error ?? { code: 'batch_combine_failed', message: `the ${productName(kind)} failed` } };
  const ready = product?.state === 'ready' ? (kind === 'merge' ? product.pdf : product.zip) : undefined;
  const meta = {
    kind,
    state: product?.state ?? 'pending',
    ...(kind === 'merge' && product?.pdf ? { pageCount: product.pdf.pageCount } : {}),
  };
  if (ready && fs.existsSync(target) && fs.statSync(target).isFile() && (await fileSha256(target)) === ready.sha256)
    return { ...meta, file: target, bytes: ready.bytes, downloaded: false };
  let download;
  try {
    download = await client.renderBatches.streamProduct(batch);
  } catch (err) {
    if (!(err instanceof FolioBatchProductError)) throw err;
    return { ...meta, state: err.state ?? meta.state, error: { code: err.code, message: err.message } };
  }
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const tmp = `${target}.${process.pid}.${randomUUID().slice(0, 8)}.part`;
  try {
    await pipeline(download.stream, fs.createWriteStream(tmp));
    fs.renameSync(tmp, target);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  return { ...meta, file: target, bytes: download.bytes, downloaded: true };
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** A file already downloaded: the same size as the job's output (asked only when the file exists). */
async function alreadyThere(client: FolioClient, jobId: string, target: string): Promise<boolean> {
  if (!fs.existsSync(target)) return false;
  const { output } = await client.renderJobs.get(jobId);
  return output !== undefined && fs.statSync(target).size === output.bytes;
}
