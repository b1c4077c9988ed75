// folio jobs list|get|show|cancel|download|images
import fs from 'node:fs';
import path from 'node:path';
import { clientFromEnv } from './api.js';
import { int, noExtra, parse, positional, seconds, str } from './args.js';
import { describeImage, imageExt, writeAllOrNothing } from './image-options.js';
import { printJobResult } from './job-summary.js';
import { waitForJob } from './job-wait.js';
import { checkOutputDir, formatBytes, formatTime, plural, printJson, table, UsageError } from './output.js';
import { printWarnings } from './warnings.js';

export const jobsHelp = `Usage: folio jobs <list|get|show|cancel|download|images> [options]

  folio jobs list [--deploy D] [--status S] [--business-key K] [--limit N] [--all]
                               render jobs, newest first (default 20; --all pages through every job)
  folio jobs get JOB_ID [--wait] [--timeout SECONDS]
                               one job, with its output after success and its warnings (what went wrong
                               in a page that still printed); --wait long-polls until it ends
  folio jobs show JOB_ID [--wait] [--timeout SECONDS]
                               the job and what its page did: console messages, exceptions, failed or
                               blocked requests, the ready path and the time of each phase (diagnostics)
  folio jobs cancel JOB_ID     cancel a queued, retrying or rendering job
  folio jobs download JOB_ID [-o FILE]
                               download the job's PDF (default FILE: JOB_ID.pdf); its warnings follow
                               on stderr
  folio jobs images JOB_ID [--out DIR]
                               list the job's page images; --out downloads them into DIR (an existing
                               folder) as JOB_ID-page-<n>.<png|jpg|webp>

Common options: --json (machine-readable output), -h/--help.
--status: queued, rendering, succeeded, retry_scheduled, failed, canceled. --deploy takes an id or a slug.`;

const STATUSES = ['queued', 'rendering', 'succeeded', 'retry_scheduled', 'failed', 'canceled'] as const;

export async function jobsCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {
    deploy: { type: 'string' },
    status: { type: 'string' },
    'business-key': { type: 'string' },
    limit: { type: 'string' },
    all: { type: 'boolean' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
    output: { type: 'string', short: 'o' },
    out: { type: 'string' },
  });
  const sub = p.positionals[0];
  if (p.help || !sub) {
    console.log(jobsHelp);
    return p.help ? 0 : 2;
  }
  const client = clientFromEnv();
  switch (sub) {
    case 'list': {
      noExtra(p, 1);
      const status = str(p, 'status');
      if (status && !(STATUSES as readonly string[]).includes(status))
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
      const deployRef = str(p, 'deploy');
      const deployId = deployRef ? (await client.deploys.resolve(deployRef)).id : undefined;
      const filters = {
        ...(deployId ? { deployId } : {}),
        ...(status ? { status: status as (typeof STATUSES)[number] } : {}),
        ...(str(p, 'business-key') ? { businessKey: str(p, 'business-key') } : {}),
      };
      const limit = int(p, 'limit', 1, 100_000) ?? 20;
      const items = [];
      for await (const j of client.renderJobs.iterate({ ...filters, limit: Math.min(100, limit) })) {
        items.push(j);
        if (!p.values.all && items.length >= limit) break;
      }
      if (p.json) printJson({ items });
      else if (items.length === 0) console.log('no render jobs');
      else
        console.log(
          table(
            ['ID', 'STATUS', 'KIND', 'DEPLOY', 'VERSION', 'BUSINESS KEY', 'MODE', 'REQUESTED', 'ERROR', 'WARNINGS'],
            items.map((j) => [
              j.id,
              j.status,
              j.kind,
              j.deployId,
              j.deployVersionNo !== undefined ? `v${j.deployVersionNo}` : '-',
              j.businessKey,
              j.outputMode,
              formatTime(j.requestedAt),
              j.errorCode,
              (j.warnings ?? []).map((w) => w.code).join(',') || undefined,
            ]),
          ),
        );
      return 0;
    }
    case 'get': {
      const id = positional(p, 1, 'the job id: folio jobs get JOB_ID');
      noExtra(p, 2);
      const r = p.values.wait
        ? await waitForJob(client, id, seconds(p, 'timeout', 1, 86_400) ?? 120_000, p.json)
        : await client.renderJobs.get(id);
      if (p.json) printJson(r);
      else printJobResult(r);
      return r.job.status === 'failed' && p.values.wait ? 1 : 0;
    }
    case 'show': {
      const id = positional(p, 1, 'the job id: folio jobs show JOB_ID');
      noExtra(p, 2);
      const r = p.values.wait
        ? await waitForJob(client, id, seconds(p, 'timeout', 1, 86_400) ?? 120_000, p.json)
        : await client.renderJobs.get(id);
      const { diagnostics } = await client.request('GET /v1/render-jobs/{jobId}/diagnostics', { path: { jobId: id } });
      if (p.json) printJson({ ...r, diagnostics });
      else {
        printJobResult(r);
        console.log('');
        printDiagnostics(diagnostics);
      }
      return r.job.status === 'failed' && p.values.wait ? 1 : 0;
    }
    case 'cancel': {
      const id = positional(p, 1, 'the job id: folio jobs cancel JOB_ID');
      noExtra(p, 2);
      const r = await client.renderJobs.cancel(id);
      if (p.json) printJson(r);
      else console.log(`job ${r.job.id} ${r.job.status}`);
      return 0;
    }
    case 'download': {
      const id = positional(p, 1, 'the job id: folio jobs download JOB_ID');
      noExtra(p, 2);
      const target = checkOutputDir(str(p, 'output') ?? `${id}.pdf`);
      const { job } = await client.renderJobs.get(id);
      const r = await client.download(id, target);
      const warnings = job.warnings ?? [];
      if (p.json) printJson({ ...r, warnings });
      else console.log(`wrote ${r.path} (${formatBytes(r.bytes)})`);
      printWarnings(warnings, { json: p.json, perJob: false });
      return 0;
    }
    case 'images': {
      const id = positional(p, 1, 'the job id: folio jobs images JOB_ID');
      noExtra(p, 2);
      const dir = str(p, 'out');
      if (dir !== undefined && !(fs.existsSync(dir) && fs.statSync(dir).isDirectory()))
        throw new UsageError(`--out ${dir}: not an existing folder`);
      if (dir === undefined) {
        const { images } = await client.renderJobs.images(id);
        if (p.json) printJson({ images });
        else if (images.length === 0) console.log(`job ${id} has no page images (it asked for none)`);
        else
          console.log(
            table(
              ['PAGE', 'FORMAT', 'SIZE', 'BYTES'],
              images.map((i) => [i.page, i.format, `${i.width}×${i.height}`, formatBytes(i.bytes)]),
            ),
          );
        return 0;
      }
      // Every image is fetched before the first file is written: a failed download leaves none behind.
      const { job } = await client.renderJobs.get(id);
      const images = await client.renderJobs.downloadImages(id);
      const files = writeAllOrNothing(
        images.map((i) => ({ path: path.join(dir, `${id}-page-${i.page}.${imageExt(i.format)}`), data: i.image })),
      );
      const warnings = job.warnings ?? [];
      if (p.json) printJson({ images: images.map(({ image: _image, ...i }, n) => ({ ...i, file: files[n] })), warnings });
      else if (images.length === 0) console.log(`job ${id} has no page images (it asked for none)`);
      else {
        for (const [n, i] of images.entries()) console.log(`wrote ${describeImage(files[n]!, i)}`);
        console.log(`${plural(images.length, 'image')} of job ${id} in ${path.resolve(dir)}`);
      }
      if (images.length > 0) printWarnings(warnings, { json: p.json, perJob: false });
      return 0;
    }
    default:
      throw new UsageError(`unknown jobs command "${sub}" (list, get, show, cancel, download, images)`);
  }
}

/** GET /v1/render-jobs/{id}/diagnostics (docs/api.md "Diagnostics"), as much of it as is printed. */
interface DiagnosticsBody {
  diagnostics: null | {
    attempt: number;
    entries: Array<
      | { kind: 'console'; at: number; level: string; text: string; source?: string }
      | { kind: 'exception'; at: number; text: string; stack?: string; source?: string }
      | { kind: 'request'; at: number; url: string; problem: string; reason: string }
    >;
    dropped: { console: number; exception: number; request: number };
    ready: null | { mode: string; detail?: string };
    timings: Record<string, number | undefined>;
    pageReferences?: { references: number; prints: number; unresolved: string[] };
  };
}

/** The diagnostics of `folio jobs show`, one line per entry (texts as they are: this is a terminal, not HTML). */
function printDiagnostics(d: DiagnosticsBody['diagnostics']): void {
  if (!d) {
    console.log('diagnostics: none yet (no attempt has ended)');
    return;
  }
  console.log(`diagnostics of attempt ${d.attempt}:`);
  if (d.ready) console.log(`  ready: ${d.ready.mode}${d.ready.detail ? ` (${d.ready.detail})` : ''}`);
  const timings = Object.entries(d.timings).filter(([, v]) => v !== undefined);
  if (timings.length) console.log(`  timings: ${timings.map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
  const refs = d.pageReferences;
  if (refs)
    console.log(
      `  page references: ${refs.references}, printed ${refs.prints} time(s)${refs.unresolved.length ? `; no printed element for ${refs.unresolved.map((id) => `#${id}`).join(', ')}` : ''}`,
    );
  if (d.entries.length === 0) console.log('  the page logged nothing and every request was served');
  for (const e of d.entries) {
    const at = `+${e.at} ms`.padStart(9);
    if (e.kind === 'console') console.log(`  ${at} console.${e.level}: ${e.text}${e.source ? `  (${e.source})` : ''}`);
    else if (e.kind === 'exception') console.log(`  ${at} exception: ${e.text}${e.source ? `  (${e.source})` : ''}`);
    else console.log(`  ${at} request ${e.problem}: ${e.url}: ${e.reason}`);
  }
  const dropped = d.dropped.console + d.dropped.exception + d.dropped.request;
  if (dropped > 0) console.log(`  ${dropped} more entries were dropped (the limit is 200 entries, about 64 kB)`);
}
