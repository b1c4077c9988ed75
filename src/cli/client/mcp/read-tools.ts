// The reading tools of `folio mcp`: list_deploys, list_versions, list_pdfs and get_usage. Each lists what
// the API key's account holds, newest first, bounded by a limit.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { mapLimit } from '../../../sdk/concurrency.js';
import type { DeployVersion, UsageOverview } from '../../../sdk/index.js';
import { formatBytes, plural } from '../output.js';
import { compact, iso, ok, withClient } from './results.js';

const limit = (byDefault: number, max: number) =>
  z.number().int().min(1).max(max).optional().describe(`At most this many, newest first (default ${byDefault}, at most ${max}).`);

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

const versionSummary = (v: DeployVersion) => ({ versionNo: v.versionNo, id: v.id, displayId: v.displayId, createdAt: iso(v.createdAt) });

export function registerReadTools(server: McpServer): void {
  server.registerTool(
    'list_deploys',
    {
      title: 'List deploys',
      description:
        'The deployed templates of the account: slug, id, name and latest version. A deploy\u2019s slug or id is what render takes. The deploy _inline holds the sources of render_html.',
      inputSchema: { limit: limit(50, 200) },
      annotations: READ_ONLY,
    },
    async (args) =>
      withClient(async (client) => {
        const listed: Array<{ id: string; slug: string; name: string; createdAt: number }> = [];
        for await (const d of client.deploys.iterate()) {
          listed.push(d);
          if (listed.length >= (args.limit ?? 50)) break;
        }
        // The list has no version: one GET per deploy (a few at a time) adds its latest version.
        const items = await mapLimit(listed, 8, async (d) => {
          const { latestVersion } = await client.deploys.get(d.id);
          return { slug: d.slug, id: d.id, name: d.name, latestVersion: latestVersion ? versionSummary(latestVersion) : null };
        });
        const line =
          items.length === 0
            ? 'No deploys yet (deploy a template folder with `folio deploy DIR`, or use render_html).'
            : `${plural(items.length, 'deploy')}: ${items.map((d) => `${d.slug} (${d.latestVersion ? `v${d.latestVersion.versionNo}` : 'no version'})`).join(', ')}`;
        return ok(line, { items });
      }),
  );

  server.registerTool(
    'list_versions',
    {
      title: 'List the versions of a deploy',
      description:
        'The versions of a deploy (by slug or id), newest first, with the aliases pointing at them. withPayloadSchema: true adds each version\u2019s payload schema (payload.schema.json) and sample payload, which say what payload render expects.',
      inputSchema: {
        deploy: z.string().min(1).describe('The deploy: its slug or id (dep_…).'),
        limit: limit(10, 100),
        withPayloadSchema: z.boolean().optional().describe('Include payloadSchema and samplePayload of each version (default false).'),
      },
      annotations: READ_ONLY,
    },
    async (args) =>
      withClient(async (client) => {
        const deploy = await client.deploys.resolve(args.deploy);
        const { aliases } = await client.deploys.get(deploy.id);
        const versions: DeployVersion[] = [];
        for await (const v of client.deploys.versions(deploy.id)) {
          versions.push(v);
          if (versions.length >= (args.limit ?? 10)) break;
        }
        const items = versions.map((v) =>
          compact({
            ...versionSummary(v),
            title: v.title,
            engine: v.engine,
            aliases: aliases.filter((a) => a.deployVersionId === v.id).map((a) => a.alias),
            hasPayloadSchema: v.payloadSchema !== undefined,
            ...(args.withPayloadSchema ? { payloadSchema: v.payloadSchema, samplePayload: v.samplePayload } : {}),
          }),
        );
        const shown = items.map((v) => `v${v.versionNo}${v.aliases?.length ? ` (${v.aliases.join(', ')})` : ''}`);
        const line =
          items.length === 0
            ? `Deploy ${deploy.slug} has no versions yet.`
            : `Deploy ${deploy.slug}: ${plural(items.length, 'version')}: ${shown.join(', ')}`;
        // An alias may follow `latest` instead of naming a version.
        const floating = aliases.filter((a) => a.deployVersionId === 'latest').map((a) => a.alias);
        return ok(line, { deploy: { id: deploy.id, slug: deploy.slug }, items, ...(floating.length ? { aliasesOnLatest: floating } : {}) });
      }),
  );

  server.registerTool(
    'list_pdfs',
    {
      title: 'List managed PDFs',
      description:
        'The managed PDFs of the account (renders with managed: true, and merges), newest first: id, file name, pages, size, business key. withLinks: true adds a signed download link to each.',
      inputSchema: {
        deploy: z.string().min(1).optional().describe('Only the PDFs of this deploy (slug or id).'),
        limit: limit(20, 100),
        withLinks: z.boolean().optional().describe('Add a signed download link (downloadUrl, valid 600 s) to each PDF (default false).'),
      },
      annotations: READ_ONLY,
    },
    async (args) =>
      withClient(async (client) => {
        const deployId = args.deploy ? (await client.deploys.resolve(args.deploy)).id : undefined;
        const max = args.limit ?? 20;
        const pdfs = [];
        for await (const pdf of client.pdfs.iterate({ ...(deployId ? { deployId } : {}), limit: max })) {
          pdfs.push(pdf);
          if (pdfs.length >= max) break;
        }
        const items = await mapLimit(pdfs, 8, async (p) => ({
          ...compact({
            id: p.id,
            fileName: p.fileName,
            state: p.state,
            pageCount: p.pageCount,
            bytes: p.bytes,
            businessKey: p.businessKey,
            deployId: p.deployId,
            renderJobId: p.renderJobId,
            createdAt: iso(p.createdAt),
            protected: p.protected,
          }),
          ...(args.withLinks && p.state === 'available' ? { downloadUrl: (await client.pdfs.downloadLink(p.id)).access.url } : {}),
        }));
        const line =
          items.length === 0
            ? 'No managed PDFs (render with managed: true to keep one).'
            : `${plural(items.length, 'managed PDF')}: ${items.map((p) => `${p.fileName} (${plural(p.pageCount ?? 0, 'page')})`).join(', ')}`;
        return ok(line, { items });
      }),
  );

  server.registerTool(
    'get_usage',
    {
      title: 'Get usage and limits',
      description:
        'The account\u2019s plan, this month\u2019s usage (deploy commits, render jobs, render time) against the plan\u2019s limits, storage in use, and the limits a render meets (concurrency, render timeout, external network).',
      inputSchema: {},
      annotations: READ_ONLY,
    },
    async () => withClient(async (client) => usageAnswer(await client.usage())),
  );
}

/** The usage overview as used/limit pairs (limit null: unlimited) and one line. */
function usageAnswer(u: UsageOverview) {
  const meter = (code: string) => u.usageMeters.find((m) => m.code === code)?.totalQuantity ?? 0;
  const data = {
    plan: { key: u.plan.key, name: u.plan.name },
    period: { start: u.period.usageDayStart, endExclusive: u.period.usageDayEndExclusive },
    deployCommits: { used: meter('deploy_commits'), limit: u.policy.maxDeployCommitsPerBillPeriod },
    renderJobs: { used: meter('render_jobs'), limit: u.policy.maxRenderJobsPerBillPeriod },
    renderTimeMs: { used: meter('render_time_ms'), limit: u.policy.maxRenderTimeMsPerBillPeriod },
    storageBytes: {
      used: u.liveStorage.totalBytes,
      limit: u.policy.storageLimitBytes,
      deployFiles: u.liveStorage.deployVersionStorageBytes,
      managedPdfs: u.liveStorage.managedPdfStorageBytes,
      renderOutputs: u.liveStorage.renderOutputStorageBytes,
    },
    limits: {
      maxConcurrentRenderJobs: u.policy.maxConcurrentRenderJobs,
      maxRenderTimeoutMs: u.policy.maxRenderTimeoutMs,
      allowExternalNetwork: u.policy.allowExternalNetwork,
    },
  };
  const of = (used: string, limit: number | null, fmt: (n: number) => string = String) =>
    `${used} of ${limit === null ? 'unlimited' : fmt(limit)}`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const line = [
    `Plan ${u.plan.name} (${u.plan.key}), ${u.period.usageDayStart} to ${u.period.usageDayEndExclusive}:`,
    `${of(String(data.renderJobs.used), data.renderJobs.limit)} render jobs,`,
    `${of(seconds(data.renderTimeMs.used), data.renderTimeMs.limit, seconds)} render time,`,
    `${of(String(data.deployCommits.used), data.deployCommits.limit)} deploy commits,`,
    `${of(formatBytes(data.storageBytes.used), data.storageBytes.limit, formatBytes)} storage.`,
  ].join(' ');
  return ok(line, data);
}
