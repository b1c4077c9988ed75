// The "Info" section of a managed PDF's page: what GET /v1/pdfs/{id}/info reads from the PDF (pages and
// their sizes, metadata, form fields, attachments, signatures, the tagged / PDF/A / PDF/UA claims). Claims
// are shown as claims: the API reads them, it does not validate them.
import { h } from '../dom';
import { bytes } from '../format';
import type { PdfFormField, PdfInfo } from '../types';
import { table } from '../ui';

const pt = (n: number) => String(Math.round(n * 100) / 100);
const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/** Runs of consecutive pages with the same size and rotation: `1–10: 595 × 842 pt`. */
export function pageRuns(pages: PdfInfo['pages']): string[] {
  const runs: { from: number; to: number; key: string }[] = [];
  for (const p of pages) {
    const key = `${pt(p.width)} × ${pt(p.height)} pt${p.rotation ? `, rotated ${p.rotation}°` : ''}`;
    const last = runs[runs.length - 1];
    if (last && last.key === key && last.to === p.number - 1) last.to = p.number;
    else runs.push({ from: p.number, to: p.number, key });
  }
  return runs.map((r) => `${r.from === r.to ? `Page ${r.from}` : `Pages ${r.from}–${r.to}`}: ${r.key}`);
}

export function fieldValue(f: PdfFormField): string {
  if (f.value === null) return '—';
  if (typeof f.value === 'boolean') return f.value ? 'checked' : 'unchecked';
  return Array.isArray(f.value) ? f.value.join(', ') || '—' : f.value;
}

/** A PDF date (`D:20261120093000Z`, `D:20261120093000+01'00'`) as `2026-11-20 09:30:00 Z`; other text as it is. */
export function pdfDate(v: string | null): string {
  const m = v ? /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(v) : null;
  if (!m) return dash(v);
  const [, y, mo = '01', d = '01', hh = '00', mi = '00', ss = '00', tz] = m;
  return `${y}-${mo}-${d} ${hh}:${mi}:${ss}${tz ? ` ${tz.replace(/'/g, '').replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}` : ''}`;
}

const claim = (v: string | null) => (v ? `${v} (claimed)` : 'not claimed');

export function pdfInfoSection(info: PdfInfo): HTMLElement {
  const m = info.metadata;
  const props: [string, string][] = [
    ['Pages', String(info.pageCount)],
    ['Title', dash(m.title)],
    ['Author', dash(m.author)],
    ['Subject', dash(m.subject)],
    ['Keywords', dash(m.keywords)],
    ['Creator', dash(m.creator)],
    ['Producer', dash(m.producer)],
    ['Created', pdfDate(m.creationDate)],
    ['Modified', pdfDate(m.modificationDate)],
    ['Language', dash(info.language)],
    ['Tagged', info.tagged ? 'yes (marked, with a structure tree)' : 'no'],
    ['PDF/A', claim(info.pdfA)],
    ['PDF/UA', claim(info.pdfUA)],
    [
      'Signatures',
      info.signatures.count
        ? `${info.signatures.count}${info.signatures.signers.length ? ` — ${info.signatures.signers.join(', ')} (names written, not verified)` : ''}`
        : 'none',
    ],
  ];
  const fields = info.formFields.map((f) => [f.name, f.type, fieldValue(f), f.options?.join(', ') ?? '—', f.readOnly ? 'read-only' : '']);
  const attachments = info.attachments.map((a) => [a.name, bytes(a.bytes), dash(a.description)]);
  return h(
    'div',
    { 'data-testid': 'pdf-info' },
    h(
      'dl',
      { class: 'props', 'data-testid': 'pdf-info-props' },
      props.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
      h('dt', {}, 'Page sizes'),
      h(
        'dd',
        { 'data-testid': 'pdf-info-pages' },
        pageRuns(info.pages).map((r) => h('div', {}, r)),
      ),
    ),
    h('h3', {}, `Form fields (${info.formFields.length})`),
    fields.length
      ? table('Form fields', ['Name', 'Type', 'Value', 'Options', ''], fields, { testid: 'pdf-info-fields' })
      : h('p', { class: 'muted' }, 'No form fields.'),
    h('h3', {}, `Attachments (${info.attachments.length})`),
    attachments.length
      ? table('Attachments', ['Name', 'Size', 'Description'], attachments, { testid: 'pdf-info-attachments' })
      : h('p', { class: 'muted' }, 'No embedded files.'),
    info.truncated ? h('p', { class: 'muted' }, 'A list was cut at its limit (5,000 pages or fields).') : null,
  );
}
