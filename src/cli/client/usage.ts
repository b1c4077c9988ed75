// folio usage: the account's plan, this month's meters against the plan's limits, and storage.
import type { UsageOverview } from '../../sdk/index.js';
import { clientFromEnv } from './api.js';
import { noExtra, parse } from './args.js';
import { formatBytes, printJson, table } from './output.js';

export const usageHelp = `Usage: folio usage [--json]

Shows the plan, this month's deploy commits, render jobs and render time against the plan's limits, and
the storage in use.`;

const limitText = (v: number | null, fmt: (n: number) => string = String) => (v === null ? 'unlimited' : fmt(v));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function usageTable(u: UsageOverview): string {
  const meter = (code: string) => u.usageMeters.find((m) => m.code === code)?.totalQuantity ?? 0;
  const pct = (used: number, limit: number | null) => (limit ? `${Math.round((used / limit) * 100)}%` : '');
  const rows: Array<[string, string, string, string]> = [
    [
      'deploy commits',
      String(meter('deploy_commits')),
      limitText(u.policy.maxDeployCommitsPerBillPeriod),
      pct(meter('deploy_commits'), u.policy.maxDeployCommitsPerBillPeriod),
    ],
    [
      'render jobs',
      String(meter('render_jobs')),
      limitText(u.policy.maxRenderJobsPerBillPeriod),
      pct(meter('render_jobs'), u.policy.maxRenderJobsPerBillPeriod),
    ],
    [
      'render time',
      seconds(meter('render_time_ms')),
      limitText(u.policy.maxRenderTimeMsPerBillPeriod, seconds),
      pct(meter('render_time_ms'), u.policy.maxRenderTimeMsPerBillPeriod),
    ],
    [
      'storage',
      formatBytes(u.liveStorage.totalBytes),
      limitText(u.policy.storageLimitBytes, formatBytes),
      pct(u.liveStorage.totalBytes, u.policy.storageLimitBytes),
    ],
    ['  deploy files', formatBytes(u.liveStorage.deployVersionStorageBytes), '', ''],
    ['  managed PDFs', formatBytes(u.liveStorage.managedPdfStorageBytes), '', ''],
    ['  render outputs', formatBytes(u.liveStorage.renderOutputStorageBytes), '', ''],
  ];
  const price = u.plan.monthlyPriceCents
    ? `${(u.plan.monthlyPriceCents / 100).toFixed(2)} ${u.plan.currency.toUpperCase()}/${u.plan.interval}`
    : 'free';
  const head = `Plan: ${u.plan.name} (${u.plan.key}, ${price})\nPeriod: ${u.period.usageDayStart} to ${u.period.usageDayEndExclusive} (exclusive)\n`;
  const limits = [
    `Limits: ${limitText(u.policy.maxConcurrentRenderJobs)} concurrent renders, render timeout ${limitText(u.policy.maxRenderTimeoutMs, seconds)},`,
    `        ${limitText(u.policy.maxFilesPerDeployCommit)} files / ${limitText(u.policy.maxBytesPerDeployCommit, formatBytes)} per deploy, ${formatBytes(u.uploadLimits.maxSingleFileBytes)} per file,`,
    `        external network ${u.policy.allowExternalNetwork ? 'allowed' : 'blocked'}`,
  ].join('\n');
  return `${head}\n${table(['', 'USED', 'LIMIT', ''], rows)}\n\n${limits}`;
}

export async function usageCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {});
  if (p.help) {
    console.log(usageHelp);
    return 0;
  }
  noExtra(p, 0);
  const u = await clientFromEnv().usage();
  if (p.json) printJson(u);
  else console.log(usageTable(u));
  return 0;
}
