// folio jobs list|get|cancel|download
import { clientFromEnv } from './api.js';
import { int, noExtra, parse, positional, str } from './args.js';
import { checkOutputDir, formatBytes, formatTime, printJson, table, UsageError } from './output.js';
import { printJobResult, waitForJob } from './render.js';

export const jobsHelp = `Usage: folio jobs <list|get|cancel|download> [options]

  folio jobs list [--deploy D] [--status S] [--business-key K] [--limit N] [--all]
                               render jobs, newest first (default 20; --all pages through every job)
  folio jobs get JOB_ID [--wait] [--timeout SECONDS]
                               one job, with its output after success; --wait long-polls until it ends
  folio jobs cancel JOB_ID     cancel a queued, retrying or rendering job
  folio jobs download JOB_ID [-o FILE]
                               download the job's PDF (default FILE: JOB_ID.pdf)

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
            ['ID', 'STATUS', 'DEPLOY', 'VERSION', 'BUSINESS KEY', 'MODE', 'REQUESTED', 'ERROR'],
            items.map((j) => [
              j.id,
              j.status,
              j.deployId,
              j.deployVersionNo !== undefined ? `v${j.deployVersionNo}` : '-',
              j.businessKey,
              j.outputMode,
              formatTime(j.requestedAt),
              j.errorCode,
            ]),
          ),
        );
      return 0;
    }
    case 'get': {
      const id = positional(p, 1, 'the job id: folio jobs get JOB_ID');
      noExtra(p, 2);
      const r = p.values.wait
        ? await waitForJob(client, id, (int(p, 'timeout', 1, 86_400) ?? 120) * 1000, p.json)
        : await client.renderJobs.get(id);
      if (p.json) printJson(r);
      else printJobResult(r);
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
      const r = await client.download(id, checkOutputDir(str(p, 'output') ?? `${id}.pdf`));
      if (p.json) printJson(r);
      else console.log(`wrote ${r.path} (${formatBytes(r.bytes)})`);
      return 0;
    }
    default:
      throw new UsageError(`unknown jobs command "${sub}" (list, get, cancel, download)`);
  }
}
