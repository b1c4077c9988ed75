// folio render <deploy>: create a render job with a payload; --wait / -o waits (long-poll) and downloads;
// --sync -o asks POST /v1/render for the PDF in one request. --png/--jpeg/--webp and --images (see
// image-options.ts) make page images the product or add them beside the PDF. The job's warnings follow
// "wrote …" (warnings.ts); --strict exits 1 on any, --fail-on gives the job its own failOn.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FolioRenderError, type FolioClient } from '../../sdk/index.js';
import { clientFromEnv } from './api.js';
import { documentOptionFlags, documentOptions, documentOptionsHelp } from './document-options.js';
import { noExtra, parse, positional, seconds, str } from './args.js';
import {
  checkImageTarget,
  describeImage,
  imageOptionFlags,
  imageOptions,
  imageOptionsHelp,
  imageTargets,
  writeAllOrNothing,
  type ImagePlan,
} from './image-options.js';
import { waitForJob } from './job-wait.js';
import { checkOutputDir, CliError, formatBytes, plural, printJson, UsageError } from './output.js';
import { imageJson, jobImages, saveJobResult } from './render-output.js';
import { inlineSources } from './inline-sources.js';
import { engineOfPath, isTemplateEngine, TEMPLATE_ENGINES, type TemplateEngine } from '../../domain/deploys/template-engines.js';
import { resolveVersion } from './versions.js';
import { urlSourceFlags, urlSourceHelp, urlSourceOption } from './url-source-options.js';
import { checkStrict, failOnOption, printWarnings, warningOptionFlags, warningOptionsHelp, withMessages } from './warnings.js';

export const renderHelp = `Usage: folio render <deploy> [options]
       folio render --html FILE [--assets DIR] [--engine E] -o out.pdf [options]
       folio render --md FILE [--assets DIR] -o out.pdf [options]
       folio render --office FILE [--page-ranges R] [--single-page-sheets] -o out.pdf [options]
       folio render <deploy> --png -o card.png [--width PX] [options]
       folio render --url URL [--header 'Name: value'] [--cookie name=value] -o out.pdf [options]

Creates a render job for a deploy (its id dep_… or its slug) and, with --wait or -o, waits for it.
With --html, renders that HTML file without a deploy (inline sources, one POST /v1/render), with the
files under --assets DIR (CSS, images, fonts) available to it by their paths relative to DIR (read as folio
deploy reads a folder: no dot files or folders, node_modules or PDFs, nor what DIR's .folioignore lists).
A file named
*.hbs, *.liquid, *.njk or *.mustache is a template in that language (or say so with --engine), rendered
with --payload as its data. With --md, renders a Markdown file (front matter, tables, code) the same way.
With --office, converts an Office document (.docx .xlsx .pptx .odt .ods .odp .doc .xls .ppt .rtf .txt
.csv) to PDF with the server's LibreOffice (one POST /v1/render; a protected one opens with the password in
the environment variable FOLIO_OFFICE_PASSWORD). With --url, prints that web page (a URL source, one POST /v1/render); the plan must allow the external
network, and the server refuses loopback and private addresses unless its operator allow-listed the host.

Options:
  --version V            latest (default), a version number (2 or v2), an alias (production, preview, …)
                         or a version id (ver_…)
  --payload FILE|-       the payload: a JSON file, or - to read standard input
  --payload-mime MIME    send the payload as this MIME type instead of JSON (e.g. text/plain)
  --engine E             with --html: the file's template language (handlebars, liquid, nunjucks,
                         mustache; markdown: an HTML page placing Markdown files of --assets with
                         {{ toHTML "name.md" }}); default: from the file's extension, else plain HTML
  --md FILE              render this Markdown file without a deploy (with --assets DIR); needs -o
  --office FILE          convert this Office document without a deploy; needs -o
  --page-ranges R        with --office: the pages to keep ("1-3,5")
  --landscape            with --office: landscape pages
  --single-page-sheets   with --office: one page per sheet of a spreadsheet
  --managed              keep the PDF as a managed PDF (default: transient, deleted after 10 minutes)
  --business-key KEY     your reference for the job (default: the job id)
${urlSourceHelp}
${documentOptionsHelp}
${imageOptionsHelp}
${warningOptionsHelp}
  --idempotency-key KEY  make retries of this command create one job
  -o, --output FILE      wait, then download the PDF (or the image) to FILE (implies --wait)
  --wait                 wait until the job has finished
  --sync                 one request (POST /v1/render): the server answers the PDF (or the image) when it
                         is ready (needs -o; with a deploy id dep_… and no version number, no other
                         request; images of several pages or beside a PDF are then downloaded by link)
  --timeout SECONDS      how long to wait (default 120; with --sync the server's wait, default 60 or
                         the version's render timeout + 10 s when lower, then the job is polled)
  --json                 print the job as JSON (with its warnings)
  -h, --help             show this help

A job that made its output while something in the page went wrong (an exception, a file missing from the
bundle, a blocked request…) succeeds with warnings: each is printed on stderr after "wrote …". Exit 0
unless --strict (then 1, the output still written); --fail-on makes the listed ones fail the job (exit 1).

Examples:
  folio render invoice --payload inv.json -o inv.pdf
  folio render card --png -o card.png --width 1200
  folio render --html invoice.hbs --assets partials/ --payload inv.json -o inv.pdf
  folio render --md notes.md -o notes.pdf
  folio render --office report.docx -o report.pdf
  folio render invoice --payload inv.json -o inv.pdf --images png --width 400 --pages 1`;

export function readPayload(spec: string, mime: string | undefined): { payload?: unknown; payloadMime?: string } {
  let text: string;
  if (spec === '-') text = fs.readFileSync(0, 'utf8');
  else {
    if (!fs.existsSync(spec)) throw new UsageError(`payload file not found: ${spec}`);
    if (!fs.statSync(spec).isFile()) throw new UsageError(`payload is not a file: ${spec}`);
    text = fs.readFileSync(spec, 'utf8');
  }
  if (mime && !/json/i.test(mime)) return { payload: text, payloadMime: mime };
  try {
    return { payload: JSON.parse(text), ...(mime ? { payloadMime: mime } : {}) };
  } catch (err) {
    throw new UsageError(
      `payload ${spec === '-' ? 'from standard input' : spec} is not valid JSON (${(err as Error).message}); use --payload-mime for other formats`,
    );
  }
}

export async function renderCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {
    version: { type: 'string' },
    payload: { type: 'string' },
    'payload-mime': { type: 'string' },
    managed: { type: 'boolean' },
    'business-key': { type: 'string' },
    'idempotency-key': { type: 'string' },
    output: { type: 'string', short: 'o' },
    wait: { type: 'boolean' },
    sync: { type: 'boolean' },
    html: { type: 'string' },
    md: { type: 'string' },
    office: { type: 'string' },
    'page-ranges': { type: 'string' },
    landscape: { type: 'boolean' },
    'single-page-sheets': { type: 'boolean' },
    engine: { type: 'string' },
    assets: { type: 'string' },
    timeout: { type: 'string' },
    ...documentOptionFlags,
    ...imageOptionFlags,
    ...warningOptionFlags,
    ...urlSourceFlags,
  });
  if (p.help) {
    console.log(renderHelp);
    return 0;
  }
  const source = urlSourceOption(p);
  const given = (['url', 'html', 'md', 'office'] as const).filter((f) => str(p, f) !== undefined);
  if (given.length > 1) throw new UsageError(`${given.map((f) => `--${f}`).join(' and ')}: give one of them`);
  const htmlFile = str(p, 'html');
  const mdFile = str(p, 'md');
  const inlineFile = htmlFile ?? mdFile;
  if (inlineFile === undefined && str(p, 'assets') !== undefined) throw new UsageError('--assets goes with --html FILE or --md FILE');
  const engine = inlineEngine(htmlFile, mdFile, str(p, 'engine'));
  const officeFile = str(p, 'office');
  const office = officeOptions(p, officeFile);
  const oneShot = inlineFile !== undefined || source !== null || officeFile !== undefined;
  const ref = !oneShot ? positional(p, 0, 'the deploy (id or slug): folio render <deploy>') : null;
  noExtra(p, !oneShot ? 1 : 0);
  if (source && str(p, 'payload') !== undefined) throw new UsageError('--url prints a web page, which gets no payload');
  const payloadSpec = str(p, 'payload');
  const payload = payloadSpec !== undefined ? readPayload(payloadSpec, str(p, 'payload-mime')) : {};
  const document = documentOptions(p);
  const plan = imageOptions(p);
  const out = str(p, 'output');
  const wait = Boolean(p.values.wait) || out !== undefined;
  const strict = Boolean(p.values.strict);
  if (strict && !wait) throw new UsageError('--strict needs --wait or -o: it judges the finished job');
  const timeoutMsGiven = seconds(p, 'timeout', 1, 86_400);
  const timeoutSeconds = timeoutMsGiven === undefined ? undefined : Math.max(1, Math.round(timeoutMsGiven / 1000));
  const timeoutMs = (timeoutSeconds ?? 120) * 1000;
  if ((p.values.sync || oneShot) && out === undefined)
    throw new UsageError(
      `${source ? '--url' : htmlFile !== undefined ? '--html' : mdFile !== undefined ? '--md' : officeFile !== undefined ? '--office' : '--sync'} needs -o FILE: where to write the ${plan.product ? 'image' : 'PDF'}`,
    );
  if (out !== undefined) checkOutputDir(out);
  if (out !== undefined && plan.product) checkImageTarget(out, plan.product);

  const client = clientFromEnv();
  const common = {
    ...payload,
    ...document,
    ...plan.body,
    ...failOnOption(p),
    ...(p.values.managed ? { outputMode: 'managed' as const } : {}),
    ...(str(p, 'business-key') ? { businessKey: str(p, 'business-key') } : {}),
  };
  const versionSpec = str(p, 'version') ?? 'latest';
  const body = async (deployId: string) => ({ deployId, deployVersionId: await resolveVersion(client, deployId, versionSpec), ...common });
  const sync: SyncOptions = {
    out: out!,
    plan,
    waitSeconds: timeoutSeconds,
    idempotencyKey: str(p, 'idempotency-key'),
    json: p.json,
    strict,
  };
  if (source) return renderSync(client, { source, ...common }, sync);
  if (officeFile !== undefined) {
    if (!fs.existsSync(officeFile) || !fs.statSync(officeFile).isFile()) throw new UsageError(`--office: file not found: ${officeFile}`);
    const name = path.basename(officeFile);
    const files = { [name]: fs.readFileSync(officeFile).toString('base64') };
    return renderSync(client, { entry: name, files, ...(office ? { office } : {}), ...common }, sync);
  }
  if (inlineFile !== undefined) {
    const { entry, files } = await inlineSources(inlineFile, str(p, 'assets'), mdFile !== undefined ? '--md' : '--html');
    const sources = mdFile !== undefined ? { markdown: entry } : { html: entry, ...(engine ? { engine } : {}) };
    return renderSync(client, { ...sources, ...(files ? { files } : {}), ...common }, sync);
  }
  if (p.values.sync) {
    // A deploy id needs no lookup: then --sync is exactly one request (one more when the job has warnings).
    const deployId = ref!.startsWith('dep_') ? ref! : (await client.deploys.resolve(ref!)).id;
    return renderSync(client, await body(deployId), sync);
  }
  const deploy = await client.deploys.resolve(ref!);
  const created = await client.renderJobs.create(await body(deploy.id), { idempotencyKey: str(p, 'idempotency-key') });
  const job = created.job;
  if (!wait) {
    if (p.json) printJson(created);
    else
      console.log(
        `job ${job.id} ${job.status} (deploy ${deploy.slug}, version v${job.deployVersionNo ?? '?'}); follow it with: folio jobs get ${job.id} --wait`,
      );
    return 0;
  }
  if (!p.json) process.stderr.write(`job ${job.id}: ${job.status} (deploy ${deploy.slug}, version v${job.deployVersionNo ?? '?'})\n`);
  const done = await waitForJob(client, job.id, timeoutMs, p.json);
  if (done.job.status !== 'succeeded') {
    if (p.json) printJson(done);
    if (done.job.status === 'failed' || done.job.status === 'canceled') {
      process.stderr.write(
        `error: ${done.job.errorCode ?? done.job.status}: render job ${job.id} ${done.job.status}${done.job.errorMessage ? `: ${done.job.errorMessage}` : ''}\n`,
      );
    } else {
      process.stderr.write(
        `error: wait_timeout: job ${job.id} is still ${done.job.status} after ${timeoutMs / 1000} s (it keeps running: folio jobs get ${job.id} --wait)\n`,
      );
    }
    return 1;
  }
  checkStrict(strict, job.id, await saveJobResult(client, done, out, plan, p.json));
  return 0;
}

interface SyncOptions {
  out: string;
  plan: ImagePlan;
  waitSeconds: number | undefined;
  idempotencyKey: string | undefined;
  json: boolean;
  strict: boolean;
}

/**
 * --sync: POST /v1/render writes the PDF (or the one image of an image product) in one request (a deploy
 * slug costs one lookup first). Images of several pages come as a JSON answer with links, images beside a
 * PDF by a second request; all are fetched before any file is written. When the server's wait runs out the
 * job is followed with the long poll and downloaded, as without --sync.
 */
async function renderSync(
  client: FolioClient,
  body: Parameters<FolioClient['render']>[0],
  { out, plan, waitSeconds, idempotencyKey, json, strict }: SyncOptions,
): Promise<number> {
  const o = { waitSeconds, idempotencyKey: idempotencyKey ?? randomUUID() };
  let r: Awaited<ReturnType<FolioClient['render']>> | Awaited<ReturnType<FolioClient['renderImages']>>;
  try {
    r = plan.product && plan.severalPages ? await client.renderImages(body, o) : await client.render(body, o);
  } catch (err) {
    if (err instanceof FolioRenderError) {
      if (json) printJson({ job: err.job });
      process.stderr.write(`error: ${err.code}: render job ${err.job.id} ${err.job.status}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (r.status === 'pending') {
    if (!json) process.stderr.write(`job ${r.job.id}: still ${r.job.status} after the server's wait; following it\n`);
    const done = await waitForJob(client, r.job.id, 120_000, json);
    if (done.job.status !== 'succeeded') {
      if (json) printJson(done);
      process.stderr.write(`error: ${done.job.errorCode ?? 'wait_timeout'}: render job ${r.job.id} is ${done.job.status}\n`);
      return 1;
    }
    checkStrict(strict, r.job.id, await saveJobResult(client, done, out, plan, json));
    return 0;
  }
  if ('images' in r) {
    // Several pages of an image product: every picture is in memory before the first file is written.
    if (r.images.length === 0) throw new CliError('render_output_not_found', `render job ${r.job.id} has no page images`);
    const files = writeAllOrNothing(imageTargets(out, plan, r.images).map((file, n) => ({ path: file, data: r.images[n]!.image })));
    const warnings = r.job.warnings ?? [];
    if (json) printJson({ job: r.job, images: imageJson(r.images, files), warnings });
    else for (const [n, i] of r.images.entries()) console.log(`wrote ${describeImage(files[n]!, i)} from job ${r.job.id}`);
    printWarnings(warnings, { json });
    checkStrict(strict, r.job.id, warnings);
    return 0;
  }
  if ('image' in r) {
    const [file] = writeAllOrNothing([{ path: out, data: r.image }]);
    const warnings = await withMessages(client, r.jobId, r.warnings);
    if (json) printJson({ jobId: r.jobId, format: r.format, sha256: r.sha256, bytes: r.image.length, file, warnings });
    else console.log(`wrote ${file} (${r.format.toUpperCase()}, ${formatBytes(r.image.length)}) from job ${r.jobId}`);
    printWarnings(warnings, { json });
    checkStrict(strict, r.jobId, warnings);
    return 0;
  }
  // Images beside the PDF: fetched by link first, then the PDF and they are written together.
  const images = await jobImages(client, r.jobId, plan);
  const targets = imageTargets(out, plan, images);
  const [target, ...files] = writeAllOrNothing([
    { path: out, data: r.pdf },
    ...images.map((i, n) => ({ path: targets[n]!, data: i.image })),
  ]);
  const warnings = await withMessages(client, r.jobId, r.warnings);
  if (json)
    printJson({
      jobId: r.jobId,
      pageCount: r.pageCount,
      sha256: r.sha256,
      bytes: r.pdf.length,
      file: target,
      ...(images.length ? { images: imageJson(images, files) } : {}),
      warnings,
    });
  else {
    console.log(`wrote ${target} (${plural(r.pageCount, 'page')}, ${formatBytes(r.pdf.length)}) from job ${r.jobId}`);
    for (const [n, i] of images.entries()) console.log(`wrote ${describeImage(files[n]!, i)}`);
  }
  printWarnings(warnings, { json });
  checkStrict(strict, r.jobId, warnings);
  return 0;
}

/**
 * The template language of --html FILE: --engine, else the file's extension (invoice.hbs), else none. --md
 * is Markdown; --engine without --html is a mistake.
 */
function inlineEngine(
  htmlFile: string | undefined,
  mdFile: string | undefined,
  flag: string | undefined,
): TemplateEngine | 'html' | undefined {
  if (flag !== undefined && htmlFile === undefined)
    throw new UsageError(
      mdFile !== undefined
        ? '--engine goes with --html: a --md file is Markdown'
        : "--engine goes with --html FILE (a deploy's template language is set when it is deployed)",
    );
  if (flag !== undefined && flag !== 'html' && !isTemplateEngine(flag))
    throw new UsageError(`--engine must be one of html, ${TEMPLATE_ENGINES.join(', ')}; got ${flag}`);
  if (htmlFile === undefined) return undefined;
  const declared = flag as TemplateEngine | 'html' | undefined;
  const inferred = engineOfPath(htmlFile);
  if (flag !== undefined && inferred !== null && flag !== inferred)
    throw new UsageError(`--engine ${flag}, but ${path.basename(htmlFile)} is a ${inferred} template by its extension: give one`);
  const engine = declared ?? inferred ?? undefined;
  if (engine === 'markdown' && inferred === 'markdown') throw new UsageError(`${htmlFile} is Markdown: render it with --md`);
  return engine;
}

/** --office's conversion options: the flags, and the password from FOLIO_OFFICE_PASSWORD (never a flag: it would show in ps). */
function officeOptions(p: ReturnType<typeof parse>, officeFile: string | undefined) {
  const ranges = str(p, 'page-ranges');
  const flags = { landscape: p.values.landscape === true, singlePageSheets: p.values['single-page-sheets'] === true };
  if (officeFile === undefined) {
    if (ranges !== undefined || flags.landscape || flags.singlePageSheets)
      throw new UsageError('--page-ranges, --landscape and --single-page-sheets go with --office FILE');
    return undefined;
  }
  const password = process.env.FOLIO_OFFICE_PASSWORD;
  const o = {
    ...(ranges !== undefined ? { pageRanges: ranges } : {}),
    ...(flags.landscape ? { landscape: true } : {}),
    ...(flags.singlePageSheets ? { singlePageSheets: true } : {}),
    ...(password ? { password } : {}),
  };
  return Object.keys(o).length > 0 ? o : undefined;
}
