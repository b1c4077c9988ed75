// folio pdfs list|get|delete|link|download|merge|upload|info|run: managed PDFs, their links, merging them,
// and the PDF tools (pdf-tools.ts).
import { clientFromEnv } from './api.js';
import { isPdfToolCommand, pdfToolCommand, pdfToolFlags, pdfToolsHelp } from './pdf-tools.js';
import { int, noExtra, parse, positional, str } from './args.js';
import { checkOutputDir, formatBytes, formatTime, plural, printJson, table, UsageError } from './output.js';

export const pdfsHelp = `Usage: folio pdfs <list|get|delete|link|download|merge|upload|info|run> [options]

  folio pdfs list [--deploy D] [--limit N] [--all]
                               managed PDFs, newest first (default 20)
  folio pdfs get PDF_ID        one managed PDF
  folio pdfs delete PDF_ID     delete it (its permanent links stop working at once)
  folio pdfs link PDF_ID       create a permanent public link (valid until the link or the PDF is deleted)
  folio pdfs link PDF_ID --signed [--preview] [--expires SECONDS]
                               a signed, expiring link instead (download, or inline with --preview;
                               default 600 s, at most 604800)
  folio pdfs link PDF_ID --list          list its permanent links
  folio pdfs link PDF_ID --revoke LINK_ID
                               delete a permanent link
  folio pdfs download PDF_ID [-o FILE]   download it (default FILE: its file name)
  folio pdfs merge SOURCE... [--file-name NAME] [--idempotency-key KEY]
                               join managed PDFs (pdf_…) and succeeded jobs' outputs (job_…), in order,
                               into a new managed PDF; SOURCE@PAGES takes only those pages (e.g.
                               pdf_…@1-3,5 or job_…@2-); prints the new PDF's id
${pdfToolsHelp}

Common options: --json (machine-readable output), -h/--help. --deploy takes an id or a slug.`;

export async function pdfsCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {
    deploy: { type: 'string' },
    limit: { type: 'string' },
    all: { type: 'boolean' },
    signed: { type: 'boolean' },
    preview: { type: 'boolean' },
    expires: { type: 'string' },
    list: { type: 'boolean' },
    revoke: { type: 'string' },
    output: { type: 'string', short: 'o' },
    'file-name': { type: 'string' },
    'idempotency-key': { type: 'string' },
    ...pdfToolFlags,
  });
  const sub = p.positionals[0];
  if (p.help || !sub) {
    console.log(pdfsHelp);
    return p.help ? 0 : 2;
  }
  const client = clientFromEnv();
  if (isPdfToolCommand(sub)) return pdfToolCommand(client, sub, p);
  switch (sub) {
    case 'list': {
      noExtra(p, 1);
      const deployRef = str(p, 'deploy');
      const deployId = deployRef ? (await client.deploys.resolve(deployRef)).id : undefined;
      const limit = int(p, 'limit', 1, 100_000) ?? 20;
      const items = [];
      for await (const pdf of client.pdfs.iterate({ ...(deployId ? { deployId } : {}), limit: Math.min(100, limit) })) {
        items.push(pdf);
        if (!p.values.all && items.length >= limit) break;
      }
      if (p.json) printJson({ items });
      else if (items.length === 0) console.log('no managed PDFs');
      else
        console.log(
          table(
            ['ID', 'STATE', 'FILE NAME', 'PAGES', 'SIZE', 'BUSINESS KEY', 'CREATED'],
            items.map((x) => [x.id, x.state, x.fileName, x.pageCount, formatBytes(x.bytes), x.businessKey, formatTime(x.createdAt)]),
          ),
        );
      return 0;
    }
    case 'get': {
      const id = positional(p, 1, 'the PDF id: folio pdfs get PDF_ID');
      noExtra(p, 2);
      const { pdf } = await client.pdfs.get(id);
      if (p.json) printJson({ pdf });
      else {
        const rows: Array<[string, string | number | undefined]> = [
          ['id', pdf.id],
          ['state', pdf.state],
          ['file name', pdf.fileName],
          ['size', `${plural(pdf.pageCount, 'page')}, ${formatBytes(pdf.bytes)}`],
          ['deploy', pdf.deployId],
          ['version', pdf.deployVersionId],
          ['render job', pdf.renderJobId],
          ['business key', pdf.businessKey],
          ['created', formatTime(pdf.createdAt)],
        ];
        console.log(table(['', ''], rows).split('\n').slice(1).join('\n'));
      }
      return 0;
    }
    case 'delete': {
      const id = positional(p, 1, 'the PDF id: folio pdfs delete PDF_ID');
      noExtra(p, 2);
      await client.pdfs.delete(id);
      if (p.json) printJson({ deleted: id });
      else console.log(`deleted ${id}`);
      return 0;
    }
    case 'link': {
      const id = positional(p, 1, 'the PDF id: folio pdfs link PDF_ID');
      noExtra(p, 2);
      if (p.values.list) {
        const r = await client.pdfs.listLinks(id);
        if (p.json) printJson(r);
        else if (r.items.length === 0) console.log('no permanent links');
        else
          console.log(
            table(
              ['ID', 'URL', 'CREATED'],
              r.items.map((l) => [l.id, l.url, formatTime(l.createdAt)]),
            ),
          );
        return 0;
      }
      const revoke = str(p, 'revoke');
      if (revoke) {
        await client.pdfs.deleteLink(id, revoke);
        if (p.json) printJson({ deleted: revoke });
        else console.log(`deleted link ${revoke}`);
        return 0;
      }
      if (p.values.signed || p.values.preview || str(p, 'expires')) {
        const expires = int(p, 'expires', 1, 604_800);
        const r = p.values.preview ? await client.pdfs.previewLink(id, expires) : await client.pdfs.downloadLink(id, expires);
        if (p.json) printJson(r);
        else console.log(`${r.access.url}\n(expires ${formatTime(r.access.expiresAt)})`);
        return 0;
      }
      const r = await client.pdfs.createLink(id);
      if (p.json) printJson(r);
      else console.log(r.link.url);
      return 0;
    }
    case 'download': {
      const id = positional(p, 1, 'the PDF id: folio pdfs download PDF_ID');
      noExtra(p, 2);
      const dest = checkOutputDir(str(p, 'output') ?? (await client.pdfs.get(id)).pdf.fileName);
      const r = await client.download(id, dest);
      if (p.json) printJson(r);
      else console.log(`wrote ${r.path} (${formatBytes(r.bytes)})`);
      return 0;
    }
    case 'merge': {
      const specs = p.positionals.slice(1);
      if (specs.length === 0) throw new UsageError('missing the PDFs to merge: folio pdfs merge SOURCE [SOURCE…]');
      const sources = specs.map(mergeSource);
      const fileName = str(p, 'file-name');
      const { pdf } = await client.pdfs.merge(
        { sources, ...(fileName ? { fileName } : {}) },
        { idempotencyKey: str(p, 'idempotency-key') },
      );
      if (p.json) printJson({ pdf });
      else
        console.log(
          `merged ${plural(sources.length, 'source')} into ${pdf.id} (${plural(pdf.pageCount, 'page')}, ${formatBytes(pdf.bytes)})`,
        );
      return 0;
    }
    default:
      throw new UsageError(`unknown pdfs command "${sub}" (list, get, delete, link, download, merge, upload, info, run)`);
  }
}

/** `pdf_…` or `job_…`, optionally `@PAGES`: one source of a merge. */
function mergeSource(spec: string) {
  const at = spec.indexOf('@');
  const id = at < 0 ? spec : spec.slice(0, at);
  const pageRanges = at < 0 ? undefined : spec.slice(at + 1);
  if (pageRanges === '') throw new UsageError(`"${spec}": nothing after @ (e.g. ${id}@1-3)`);
  const range = pageRanges !== undefined ? { pageRanges } : {};
  if (id.startsWith('pdf_')) return { pdfId: id, ...range };
  if (id.startsWith('job_')) return { jobId: id, ...range };
  throw new UsageError(`"${spec}" is neither a managed PDF id (pdf_…) nor a render job id (job_…)`);
}
