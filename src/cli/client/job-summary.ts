// A render job printed as a field/value table: its state, its output, what it asked of its PDF and its
// warnings.
import { eInvoiceFileName, type EInvoiceProfile } from '../../domain/einvoice/einvoice-profiles.js';
import type { RenderJob, RenderJobResult } from '../../sdk/index.js';
import { formatBytes, formatTime, plural, table } from './output.js';
import { describeWarning } from './warnings.js';

export function jobRows(job: RenderJob): Array<[string, string | number | undefined]> {
  return [
    ['id', job.id],
    ['status', job.status],
    ['kind', job.kind],
    ['deploy', job.deployId],
    ['version', job.deployVersionNo !== undefined ? `v${job.deployVersionNo} (${job.deployVersionId})` : job.deployVersionId],
    ['business key', job.businessKey],
    ['output mode', job.outputMode],
    ['attempt', job.attempt],
    ['requested', formatTime(job.requestedAt)],
    ['started', formatTime(job.startedAt)],
    ['finished', formatTime(job.finishedAt)],
    ...(job.errorCode ? ([['error', `${job.errorCode}: ${job.errorMessage ?? ''}`]] as Array<[string, string]>) : []),
    ...(job.failOn ? ([['fail on', job.failOn.join(', ') || "none (the job turned the version's off)"]] as Array<[string, string]>) : []),
    ...(job.warnings ?? []).map((w): [string, string] => ['warning', describeWarning(w)]),
    ...documentRows(job.document),
  ];
}

export function printJobResult(r: { job: RenderJob; output?: RenderJobResult['output']; pdf?: RenderJobResult['pdf'] }): void {
  const rows: Array<[string, string | number | undefined]> = jobRows(r.job);
  if (r.output) rows.push(['output', `${r.output.id}, ${plural(r.output.pageCount, 'page')}, ${formatBytes(r.output.bytes)}`]);
  else if (r.job.document?.outputFormat)
    rows.push(['output', `no PDF: the job keeps only ${r.job.document.outputFormat.toUpperCase()} images (folio jobs images ${r.job.id})`]);
  if (r.pdf) rows.push(['managed pdf', `${r.pdf.id} (${r.pdf.fileName})`]);
  console.log(table(['field', 'value'], rows).split('\n').slice(1).join('\n'));
}

/** What the job asked of its PDF (names and sizes, never content); nothing for a plain job. */
function documentRows(d: RenderJob['document']): Array<[string, string]> {
  if (!d) return [];
  const rows: Array<[string, string]> = [];
  if (d.standard) rows.push(['pdf standard', d.standard]);
  if (d.eInvoice)
    rows.push([
      'e-invoice',
      `Factur-X ${d.eInvoice.profile} (${eInvoiceFileName(d.eInvoice.profile as EInvoiceProfile)}, ${formatBytes(d.eInvoice.bytes)})`,
    ]);
  for (const a of d.attachments ?? []) rows.push(['attachment', `${a.name} (${a.relationship}, ${a.mimeType}, ${formatBytes(a.bytes)})`]);
  if (d.metadata?.title) rows.push(['title', d.metadata.title]);
  if (d.signature)
    rows.push([
      'signature',
      `PAdES, ${d.signature.subject} (${d.signature.certificateId})${d.signature.visible ? `, visible on page ${d.signature.visible.page}` : ''}`,
    ]);
  if (d.images)
    rows.push([
      'images',
      [
        `${d.images.format.toUpperCase()}, ${d.images.pages === 'all' ? 'every page' : `page${/^\d+$/.test(d.images.pages) ? '' : 's'} ${d.images.pages}`}`,
        ...(d.images.width !== undefined ? [`${d.images.width} px wide`] : []),
        ...(d.images.dpi !== undefined ? [`${d.images.dpi} dpi`] : []),
        ...(d.images.quality !== undefined ? [`quality ${d.images.quality}`] : []),
        ...(d.outputFormat ? ['instead of a PDF'] : []),
      ].join(', '),
    ]);
  if (d.protection) {
    const refused = Object.entries(d.protection.permissions)
      .filter(([, allowed]) => !allowed)
      .map(([name]) => name);
    rows.push([
      'protection',
      `AES-256, ${d.protection.userPassword ? 'a password opens it' : 'opens without a password'}; refused: ${refused.join(', ') || 'nothing'}`,
    ]);
  }
  return rows;
}
