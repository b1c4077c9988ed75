// The rendering tools of `folio mcp`: render (a deploy with a payload), render_html (inline HTML, a
// template or Markdown) and get_job. Each creates or reads a render job through the SDK, so what a key may
// do is what the server allows it.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod/v4';
import { FolioApiError, type CreateRenderJobBody, type FolioClient } from '../../../sdk/index.js';
import { TEMPLATE_ENGINES } from '../../../domain/deploys/template-engines.js';
import { versionNumber } from '../versions.js';
import { EMBED_LIMIT } from './embed.js';
import { answerJob, callContext, DEFAULT_WAIT_SECONDS, followJob, MAX_WAIT_SECONDS, renderAndAnswer } from './jobs.js';
import { fail, withClient } from './results.js';

const payload = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('The data the template prints (a JSON object), as its payload.schema.json describes; default {}.');
/** A page's print options, as the API takes them. */
export const printOptions = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('Print options: format (A4, Letter…), landscape, margin {top, right, bottom, left}, scale, printBackground, …');

export const common = {
  managed: z
    .boolean()
    .optional()
    .describe(
      'true: keep the PDF as a managed PDF until deleted (listed by list_pdfs). Default false: transient, deleted 10 minutes after the job ends.',
    ),
  businessKey: z.string().min(1).max(255).optional().describe('Your reference for the job (an invoice number…); default: the job id.'),
  waitSeconds: z
    .number()
    .int()
    .min(1)
    .max(MAX_WAIT_SECONDS)
    .optional()
    .describe(`How long to wait for the PDF (default ${DEFAULT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS}); the job keeps running after.`),
  linkExpiresInSeconds: z
    .number()
    .int()
    .min(1)
    .max(604_800)
    .optional()
    .describe('How long the download link works (default 600 s, at most 7 days).'),
  embed: z
    .boolean()
    .optional()
    .describe(`false: the link only. Default true: a PDF of at most ${EMBED_LIMIT} also comes embedded in the answer as a resource.`),
};

/** The concrete version id to send for a spec: a number (3 or v3) is looked up; latest, aliases and ids go as they are. */
export async function versionSpec(client: FolioClient, deployId: string, spec: string, signal: AbortSignal): Promise<string> {
  const n = versionNumber(spec);
  if (n === null) return spec;
  for await (const v of client.deploys.versions(deployId)) {
    if (signal.aborted) break;
    if (v.versionNo === n) return v.id;
  }
  throw new FolioApiError({ status: 404, code: 'deploy_version_not_found', message: `the deploy has no version v${n}` });
}

export function registerRenderTools(server: McpServer): void {
  server.registerTool(
    'render',
    {
      title: 'Render a PDF from a deployed template',
      description: `Renders a deployed Folio template (a deploy, by slug or id) with a JSON payload into a PDF, waits for it, and answers the job id, page count, warnings and a signed download link (no API key needed to open it), and the PDF itself as an embedded resource when it is at most ${EMBED_LIMIT}. Find deploys with list_deploys and what payload a template expects with list_versions (withPayloadSchema: true). A failed render is an error with the job\u2019s error code.`,
      inputSchema: {
        deploy: z.string().min(1).describe('The deploy: its slug (invoice) or id (dep_…).'),
        version: z
          .string()
          .min(1)
          .optional()
          .describe('latest (default), a version number (3 or v3), an alias (production, preview…) or a version id (ver_…).'),
        payload,
        ...common,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args, extra) =>
      withClient(async (client) => {
        const ctx = callContext(extra);
        const deploy = await client.deploys.resolve(args.deploy, { signal: ctx.signal });
        const spec = args.version ?? 'latest';
        const body: CreateRenderJobBody = {
          deployId: deploy.id,
          deployVersionId: await versionSpec(client, deploy.id, spec, ctx.signal),
          payload: args.payload ?? {},
        };
        return renderAndAnswer(client, body, `${deploy.slug} ${spec === 'latest' ? 'latest version' : spec}`, args, ctx);
      }),
  );

  server.registerTool(
    'render_html',
    {
      title: 'Render a PDF from HTML or Markdown',
      description: `Renders HTML (or Markdown) given inline into a PDF, without deploying a template first: the page is printed in headless Chromium with CSS paged media (@page size and margins). With engine handlebars, liquid, nunjucks or mustache the HTML is a template printed with payload as its data. Waits, and answers the job id, page count, warnings and a signed download link (and the PDF embedded when it is at most ${EMBED_LIMIT}). Give exactly one of html and markdown.`,
      inputSchema: {
        html: z.string().min(1).optional().describe('The HTML document (or template) to print.'),
        markdown: z
          .string()
          .min(1)
          .optional()
          .describe('A Markdown document to print instead (front matter, tables and code blocks are supported).'),
        engine: z
          .enum(['html', ...TEMPLATE_ENGINES.filter((e) => e !== 'markdown')])
          .optional()
          .describe('The language html is written in: html (default, a plain page), handlebars, liquid, nunjucks or mustache.'),
        files: z
          .record(z.string(), z.string())
          .optional()
          .describe('Files the document refers to (CSS, images, fonts, partials): {"css/style.css": "<base64 of its bytes>"}.'),
        payload,
        print: printOptions,
        ...common,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args, extra) =>
      withClient(async (client) => {
        if ((args.html === undefined) === (args.markdown === undefined))
          return fail('invalid_request', 'give exactly one of html and markdown');
        if (args.engine !== undefined && args.html === undefined) return fail('invalid_request', 'engine goes with html');
        const ctx = callContext(extra);
        const source =
          args.html !== undefined ? { html: args.html, ...(args.engine ? { engine: args.engine } : {}) } : { markdown: args.markdown! };
        const body = {
          ...source,
          ...(args.files ? { files: args.files } : {}),
          ...(args.print ? { print: args.print } : {}),
          payload: args.payload ?? {},
        } as CreateRenderJobBody;
        return renderAndAnswer(
          client,
          body,
          args.html !== undefined
            ? `inline ${args.engine && args.engine !== 'html' ? `${args.engine} template` : 'HTML'}`
            : 'inline Markdown',
          args,
          ctx,
        );
      }),
  );

  server.registerTool(
    'get_job',
    {
      title: 'Get a render job',
      description: `A render job by id: its status, version, page count, warnings and, when it failed, its error code and message; a succeeded job comes with a signed download link of its PDF (and the PDF embedded when it is at most ${EMBED_LIMIT}). waitSeconds waits (long poll) for a job that is still running.`,
      inputSchema: {
        jobId: z.string().min(1).describe('The job id (job_…).'),
        waitSeconds: z
          .number()
          .int()
          .min(0)
          .max(MAX_WAIT_SECONDS)
          .optional()
          .describe(`Wait up to this long for the job to end (default 0: answer at once; at most ${MAX_WAIT_SECONDS}).`),
        link: z.boolean().optional().describe('false: no download link (and no embedded PDF) for a succeeded job (default true).'),
        linkExpiresInSeconds: common.linkExpiresInSeconds,
        embed: common.embed,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args, extra) =>
      withClient(async (client) => {
        const ctx = callContext(extra);
        const r = args.waitSeconds
          ? await followJob(client, args.jobId, args.waitSeconds, ctx)
          : await client.renderJobs.get(args.jobId, {}, { signal: ctx.signal });
        const what = `${r.job.deployVersionTitle ?? r.job.deployId}${r.job.deployVersionNo !== undefined ? ` v${r.job.deployVersionNo}` : ''}`;
        return answerJob(client, r, {
          what,
          linkExpiresInSeconds: args.linkExpiresInSeconds,
          signal: ctx.signal,
          link: args.link,
          embed: args.embed,
          failedIsError: false,
          ...(args.waitSeconds ? { waited: args.waitSeconds } : {}),
        });
      }),
  );
}
