// folio batch <deploy> <payloads.jsonl>: one render batch of up to 1,000 payloads, progress on stderr, and
// with --out every succeeded item's PDF downloaded. Resumable: the batch's Idempotency-Key defaults to a
// hash of what was asked, so running the same command again attaches to the same batch (nothing renders
// twice) and only the PDFs missing from --out are downloaded.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CreateRenderBatchBody, FolioClient, RenderBatch, RenderBatchCounts } from '../../sdk/index.js';
import { mapLimit } from '../../sdk/concurrency.js';
import { clientFromEnv } from './api.js';
import { int, noExtra, parse, positional, str } from './args.js';
import { plural, printJson, UsageError } from './output.js';

export const batchHelp = `Usage: folio batch <deploy> <payloads.jsonl> [options]

Renders every line of payloads.jsonl as one render batch (at most 1,000 lines; blank lines are skipped)
of the deploy (its id dep_… or its slug), shows progress on stderr, and with --out downloads each
succeeded item's PDF. A line is either {"businessKey": "INV-1", "payload": {…}} (an item: businessKey
optional, payloadBase64/payloadMime/outputMode allowed too) or any other JSON value, which is the payload.

Re-running the same command is safe: the batch key (Idempotency-Key) defaults to a hash of the deploy,
--version, --managed and the file, so the server answers the same batch for 24 hours (no item renders
twice) and only the PDFs not yet in --out are downloaded.

Options:
  --out DIR              download every succeeded item's PDF into DIR as BUSINESS_KEY.pdf (0001.pdf,
                         0002.pdf… by position for lines without one); files already there with
                         the right size are kept
  --version V            latest (default), an alias (production, preview, …) or a version id (ver_…)
  --batch-key KEY        the batch's Idempotency-Key (default: the hash above)
  --managed              keep each PDF as a managed PDF (default: transient, deleted 10 minutes after
                         the item finished: download them, or re-run, within that time)
  --timeout SECONDS      how long to wait for the batch (default 3600); it keeps running after that
  --json                 print {batch, items, downloaded, kept} as JSON, no progress
  -h, --help             show this help

Exit 0 when every item succeeded, 1 when some failed (each listed with its index, business key and
error code), 2 for a usage mistake. --merge (one PDF of all items) is not available yet: the server
does not combine batches.`;

const MAX_ITEMS = 1000;
const ITEM_KEYS = new Set(['businessKey', 'payload', 'payloadBase64', 'payloadMime', 'outputMode']);

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

function progressLine(batch: RenderBatch, c: RenderBatchCounts): string {
  const left = batch.itemCount - c.succeeded - c.failed - c.canceled;
  return `batch ${batch.id}: ${c.succeeded}/${batch.itemCount} succeeded, ${c.failed} failed${c.canceled ? `, ${c.canceled} canceled` : ''}, ${left} to go`;
}

export async function batchCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {
    out: { type: 'string' },
    version: { type: 'string' },
    'batch-key': { type: 'string' },
    managed: { type: 'boolean' },
    timeout: { type: 'string' },
    merge: { type: 'string' },
  });
  if (p.help) {
    console.log(batchHelp);
    return 0;
  }
  if (str(p, 'merge') !== undefined) throw new UsageError('--merge is not available yet: the server does not combine batches');
  const ref = positional(p, 0, 'the deploy (id or slug): folio batch <deploy> <payloads.jsonl>');
  const file = positional(p, 1, 'the payloads file: folio batch <deploy> <payloads.jsonl>');
  noExtra(p, 2);
  const timeoutMs = (int(p, 'timeout', 1, 7 * 86_400) ?? 3600) * 1000;
  const version = str(p, 'version') ?? 'latest';
  const managed = Boolean(p.values.managed);
  const out = str(p, 'out');
  const { items, text } = readPayloadLines(file);
  const batchKey =
    str(p, 'batch-key') ??
    `folio-batch-${createHash('sha256')
      .update(JSON.stringify([ref, version, managed]))
      .update('\n')
      .update(text)
      .digest('hex')
      .slice(0, 40)}`;

  const client = clientFromEnv();
  const deploy = await client.deploys.resolve(ref);
  const body: CreateRenderBatchBody = {
    deployId: deploy.id,
    deployVersionId: version,
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
  const results: Array<{ index: number; businessKey: string; jobId: string; status: string; errorCode?: string; file?: string }> = [];
  for await (const { index, job } of client.renderBatches.iterateItems(batch.id, { limit: 100 }))
    results.push({
      index,
      businessKey: job.businessKey,
      jobId: job.id,
      status: job.status,
      ...(job.errorCode ? { errorCode: job.errorCode } : {}),
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

  const failed = results.filter((r) => r.status !== 'succeeded');
  if (p.json) printJson({ batch, items: results, downloaded, kept });
  else {
    console.log(
      `batch ${batch.id}: ${batch.counts.succeeded}/${batch.itemCount} succeeded, ${batch.counts.failed} failed${batch.counts.canceled ? `, ${batch.counts.canceled} canceled` : ''}`,
    );
    if (out !== undefined) console.log(`${plural(downloaded, 'PDF')} downloaded to ${out}${kept ? `, ${kept} already there` : ''}`);
  }
  for (const r of failed) process.stderr.write(`item ${r.index} (${r.businessKey}): ${r.status}${r.errorCode ? `: ${r.errorCode}` : ''}\n`);
  return failed.length > 0 ? 1 : 0;
}

/** A file already downloaded: the same size as the job's output (asked only when the file exists). */
async function alreadyThere(client: FolioClient, jobId: string, target: string): Promise<boolean> {
  if (!fs.existsSync(target)) return false;
  const { output } = await client.renderJobs.get(jobId);
  return output !== undefined && fs.statSync(target).size === output.bytes;
}
