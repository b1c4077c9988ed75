// The resources of `folio mcp`, what a client can list and attach without a tool call: the account's
// deploys, each deploy version with its payload schema and sample payload (what a render needs), recent
// render jobs, and managed PDFs (the PDF itself up to the embedding limit). Reading one reads the API with
// the configured key; a failure is a JSON-RPC error with the API's code and message.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { mapLimit } from '../../../sdk/concurrency.js';
import { FolioApiError, type DeployVersion, type FolioClient } from '../../../sdk/index.js';
import { clientFromEnv } from '../api.js';
import { versionNumber } from '../versions.js';
import { EMBED_LIMIT, EMBED_MAX_BYTES, fetchPdf } from './embed.js';
import { jobView } from './jobs.js';
import { compact, iso } from './results.js';

/** The MCP error for a resource that does not exist (the protocol's code for it). */
const RESOURCE_NOT_FOUND = -32002;
/** How many deploys, jobs and PDFs resources/list names. */
const LISTED = 20;

/** Reads with the configured client; an API or configuration failure becomes a JSON-RPC error naming its code. */
async function reading<T>(work: (client: FolioClient) => Promise<T>): Promise<T> {
  let client: FolioClient;
  try {
    client = clientFromEnv();
  } catch (err) {
    throw new McpError(ErrorCode.InvalidRequest, `not_configured: ${(err as Error).message}`);
  }
  try {
    return await work(client);
  } catch (err) {
    if (err instanceof FolioApiError)
      throw new McpError(err.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InternalError, `${err.code}: ${err.message}`);
    throw err;
  }
}

/** resources/list must answer even without a key or server: then the templates list nothing. */
async function listing(work: (client: FolioClient) => Promise<Array<{ uri: string; name: string; mimeType: string }>>) {
  try {
    return { resources: await work(clientFromEnv()) };
  } catch (err) {
    process.stderr.write(`folio mcp: resources/list: ${(err as Error).message}\n`);
    return { resources: [] };
  }
}

const json = (uri: URL, data: unknown): ReadResourceResult => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(data, null, 2) }],
});

const one = (v: string | string[] | undefined) => decodeURIComponent(Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

async function first<T>(items: AsyncIterable<T>, n: number): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= n) break;
  }
  return out;
}

/** A deploy's version by spec: latest, a number (3, v3), an alias, or a version id. */
async function findVersion(client: FolioClient, deployId: string, spec: string): Promise<DeployVersion> {
  const { latestVersion, aliases } = await client.deploys.get(deployId);
  const aliased = aliases.find((a) => a.alias === spec)?.deployVersionId;
  const target = aliased ?? spec;
  if (target === 'latest') {
    if (latestVersion) return latestVersion;
  } else if (versionNumber(target) === null) {
    return (await client.deploys.getVersion(deployId, target)).deployVersion;
  } else {
    for await (const v of client.deploys.versions(deployId)) if (v.versionNo === versionNumber(target)) return v;
  }
  throw new FolioApiError({ status: 404, code: 'deploy_version_not_found', message: `the deploy has no version ${spec}` });
}

function registerDeployResources(server: McpServer): void {
  server.registerResource(
    'deploys',
    'folio://deploys',
    {
      title: 'Deploys',
      description: `The account's deployed templates (at most ${LISTED * 5}): slug, id, name, latest version and its aliases.`,
      mimeType: 'application/json',
    },
    async (uri) =>
      reading(async (client) => {
        const deploys = await first(client.deploys.iterate(), LISTED * 5);
        const items = await mapLimit(deploys, 8, async (d) => {
          const { latestVersion, aliases } = await client.deploys.get(d.id);
          return {
            slug: d.slug,
            id: d.id,
            name: d.name,
            latestVersion: latestVersion?.versionNo ?? null,
            aliases: Object.fromEntries(aliases.map((a) => [a.alias, a.deployVersionId])),
            ...(latestVersion ? { schema: `folio://deploys/${d.slug}/versions/${latestVersion.versionNo}` } : {}),
          };
        });
        return json(uri, { items });
      }),
  );

  server.registerResource(
    'deploy-version',
    new ResourceTemplate('folio://deploys/{deploy}/versions/{version}', {
      list: async () =>
        listing(async (client) => {
          // The inline deploy (render_html's sources) has no payload schema worth attaching.
          const deploys = (await first(client.deploys.iterate(), LISTED + 1)).filter((d) => d.slug !== '_inline').slice(0, LISTED);
          const latest = await mapLimit(deploys, 8, async (d) => ({ d, v: (await client.deploys.get(d.id)).latestVersion }));
          return latest.flatMap(({ d, v }) =>
            v
              ? [
                  {
                    uri: `folio://deploys/${d.slug}/versions/${v.versionNo}`,
                    name: `${d.slug} v${v.versionNo}`,
                    mimeType: 'application/json',
                  },
                ]
              : [],
          );
        }),
    }),
    {
      title: 'A deploy version and its payload',
      description:
        'A version of a deploy (slug or id; version latest, a number, an alias or an id): title, engine, aliases, and the payload schema and sample payload that say what render expects.',
      mimeType: 'application/json',
    },
    async (uri, vars) =>
      reading(async (client) => {
        const deploy = await client.deploys.resolve(one(vars.deploy));
        const v = await findVersion(client, deploy.id, one(vars.version));
        const { aliases } = await client.deploys.get(deploy.id);
        return json(
          uri,
          compact({
            deploy: { id: deploy.id, slug: deploy.slug, name: deploy.name },
            versionNo: v.versionNo,
            id: v.id,
            title: v.title,
            engine: v.engine,
            createdAt: iso(v.createdAt),
            aliases: aliases.filter((a) => a.deployVersionId === v.id).map((a) => a.alias),
            payloadSchema: v.payloadSchema,
            samplePayload: v.samplePayload,
          }),
        );
      }),
  );
}

function registerOutputResources(server: McpServer): void {
  server.registerResource(
    'render-job',
    new ResourceTemplate('folio://jobs/{jobId}', {
      list: async () =>
        listing(async (client) =>
          (await first(client.renderJobs.iterate({ limit: LISTED }), LISTED)).map((j) => ({
            uri: `folio://jobs/${j.id}`,
            name: `${j.id} ${j.status}${j.deployVersionTitle ? ` (${j.deployVersionTitle})` : ''}`,
            mimeType: 'application/json',
          })),
        ),
    }),
    {
      title: 'A render job',
      description: `A render job (the ${LISTED} most recent are listed): status, version, pages, warnings, error.`,
      mimeType: 'application/json',
    },
    async (uri, vars) => reading(async (client) => json(uri, jobView(await client.renderJobs.get(one(vars.jobId))))),
  );

  server.registerResource(
    'pdf',
    new ResourceTemplate('folio://pdfs/{pdfId}', {
      list: async () =>
        listing(async (client) =>
          (await first(client.pdfs.iterate({ limit: LISTED }), LISTED))
            .filter((p) => p.state === 'available')
            .map((p) => ({ uri: `folio://pdfs/${p.id}`, name: p.fileName, mimeType: 'application/pdf' })),
        ),
    }),
    {
      title: 'A managed PDF',
      description: `A managed PDF itself (the ${LISTED} most recent are listed). One over ${EMBED_LIMIT} is answered as JSON with a signed download link instead.`,
      mimeType: 'application/pdf',
    },
    async (uri, vars, extra) =>
      reading(async (client) => {
        const pdfId = one(vars.pdfId);
        const { access } = await client.pdfs.downloadLink(pdfId, undefined, { signal: extra.signal });
        const { pdf } = await client.pdfs.get(pdfId, { signal: extra.signal });
        const bytes = pdf.bytes <= EMBED_MAX_BYTES ? await fetchPdf(access.url, extra.signal) : null;
        if (bytes) return { contents: [{ uri: uri.href, mimeType: 'application/pdf', blob: bytes.toString('base64') }] };
        const why = pdf.bytes > EMBED_MAX_BYTES ? `over the ${EMBED_LIMIT} limit` : 'its link could not be fetched from the MCP server';
        return json(uri, {
          pdfId,
          fileName: pdf.fileName,
          pageCount: pdf.pageCount,
          bytes: pdf.bytes,
          downloadUrl: access.url,
          linkExpiresAt: iso(access.expiresAt),
          note: `not included (${why}): download it from downloadUrl`,
        });
      }),
  );
}

export function registerResources(server: McpServer): void {
  registerDeployResources(server);
  registerOutputResources(server);
}
