// What a job page lists of a job besides its state: the batch it belongs to, and what it asked of its output
// (standard, accessibility, e-invoice, attachments, protection, signature, image output, PDF steps, a PDF job's
// sources, metadata) — names and sizes, never content or passwords.
import { h } from '../dom';
import { bytes } from '../format';
import type { RenderJob } from '../types';
import { shortId } from '../ui';
import { shortFingerprint } from './certificates';
import { imageOptionsText } from './job-images';

/** "Batch: <link> item #n" for a job that is an item of a render batch. */
export function batchRows(j: RenderJob): HTMLElement[] {
  if (!j.batchId) return [];
  return [
    h('dt', {}, 'Batch'),
    h(
      'dd',
      { 'data-testid': 'job-batch' },
      h('a', { href: `/dashboard/batches/${encodeURIComponent(j.batchId)}`, title: j.batchId }, shortId(j.batchId)),
      ` item #${j.batchIndex ?? '?'}`,
    ),
  ];
}

type DocumentOptions = NonNullable<RenderJob['document']>;

const PERMISSION_LABELS: [keyof NonNullable<DocumentOptions['protection']>['permissions'], string][] = [
  ['print', 'print'],
  ['printHighQuality', 'print at high quality'],
  ['copy', 'copy text and images'],
  ['modify', 'modify'],
  ['annotate', 'annotate'],
  ['fillForms', 'fill forms'],
  ['accessibility', 'extract for accessibility'],
  ['assemble', 'assemble pages'],
];

/** AES-256, whether a password opens it, and what readers refuse without the owner password. Never a password. */
function protectionView(p: NonNullable<DocumentOptions['protection']>): HTMLElement {
  const refused = PERMISSION_LABELS.filter(([k]) => !p.permissions[k]);
  return h(
    'ul',
    { class: 'plain' },
    h('li', {}, 'Encrypted with AES-256'),
    h(
      'li',
      { 'data-testid': 'protection-open' },
      p.userPassword ? 'A password is needed to open it' : 'Opens without a password (the permissions are enforced by readers)',
    ),
    h(
      'li',
      { 'data-testid': 'protection-refused' },
      refused.length
        ? `Refused without the owner password: ${refused.map(([, label]) => label).join(', ')}`
        : 'Every permission allowed (only the owner password changes the security settings)',
    ),
  );
}

/** The certificate the PDF is signed with (a link to it on the certificates page) and what the signature says. */
function signatureView(s: NonNullable<DocumentOptions['signature']>): HTMLElement {
  return h(
    'ul',
    { class: 'plain' },
    h(
      'li',
      {},
      'PAdES B-B, signed by ',
      h(
        'a',
        {
          href: `/dashboard/certificates?certificate=${encodeURIComponent(s.certificateId)}`,
          'data-testid': 'signature-certificate',
          title: s.certificateId,
        },
        s.subject,
      ),
    ),
    h('li', {}, 'Certificate SHA-256 ', h('code', { class: 'wrap', title: s.fingerprintSha256 }, shortFingerprint(s.fingerprintSha256))),
    s.reason ? h('li', { 'data-testid': 'signature-reason' }, `Reason: ${s.reason}`) : null,
    s.location ? h('li', { 'data-testid': 'signature-location' }, `Location: ${s.location}`) : null,
    s.contactInfo ? h('li', {}, `Contact: ${s.contactInfo}`) : null,
  );
}

/**
 * What the job asked of its output (standard, e-invoice, attachments, protection, signature, image-only output,
 * page images, metadata): names and sizes, never content or passwords.
 */
export function documentRows(d: RenderJob['document']): HTMLElement[] {
  if (!d) return [];
  const rows: HTMLElement[] = [];
  const standard = d.eInvoice ? 'pdf/a-3b' : d.standard;
  // An image-only job makes no PDF: its PDF standard would mean nothing.
  if (standard && !d.outputFormat)
    rows.push(h('dt', {}, 'PDF standard'), h('dd', { 'data-testid': 'pdf-standard' }, standard.toUpperCase()));
  if (d.eInvoice)
    rows.push(
      h('dt', {}, 'E-invoice'),
      h('dd', { 'data-testid': 'e-invoice' }, `Factur-X ${d.eInvoice.profile} · factur-x.xml · ${bytes(d.eInvoice.bytes)}`),
    );
  if (d.attachments?.length)
    rows.push(
      h('dt', {}, 'Attachments'),
      h(
        'dd',
        { 'data-testid': 'attachments' },
        h(
          'ul',
          { class: 'plain' },
          d.attachments.map((a) => h('li', {}, h('code', {}, a.name), ` · ${a.relationship} · ${a.mimeType} · ${bytes(a.bytes)}`)),
        ),
      ),
    );
  if (d.protection) rows.push(h('dt', {}, 'Protection'), h('dd', { 'data-testid': 'protection' }, protectionView(d.protection)));
  if (d.signature) rows.push(h('dt', {}, 'Signature'), h('dd', { 'data-testid': 'signature' }, signatureView(d.signature)));
  if (d.outputFormat && d.outputFormat !== 'pdf')
    rows.push(
      h('dt', {}, 'Output format'),
      h('dd', { 'data-testid': 'output-format' }, `${d.outputFormat.toUpperCase()} images only (no PDF)`),
    );
  if (d.images) rows.push(h('dt', {}, 'Page images'), h('dd', { 'data-testid': 'image-options' }, imageOptionsText(d.images)));
  if (d.accessibility === 'pdf/ua-1') rows.push(h('dt', {}, 'Accessibility'), h('dd', { 'data-testid': 'accessibility' }, 'PDF/UA-1'));
  if (d.pdfSources?.length)
    rows.push(
      h('dt', {}, 'PDF job sources'),
      h(
        'dd',
        { 'data-testid': 'pdf-sources' },
        h(
          'ul',
          { class: 'plain' },
          d.pdfSources.map((src) =>
            h(
              'li',
              {},
              src.pdfId
                ? h('a', { href: `/dashboard/pdfs/${encodeURIComponent(src.pdfId)}`, title: src.pdfId }, shortId(src.pdfId))
                : src.jobId
                  ? h('a', { href: `/dashboard/jobs/${encodeURIComponent(src.jobId)}`, title: src.jobId }, shortId(src.jobId))
                  : '?',
            ),
          ),
        ),
      ),
    );
  if (d.steps?.length) rows.push(h('dt', {}, 'PDF steps'), h('dd', { 'data-testid': 'pdf-steps' }, d.steps.join(' → ')));
  if (d.office) rows.push(h('dt', {}, 'Office conversion'), h('dd', { 'data-testid': 'office-options' }, officeText(d.office)));
  const m = d.metadata;
  if (m?.title) rows.push(h('dt', {}, 'Title'), h('dd', {}, m.title));
  if (m?.author) rows.push(h('dt', {}, 'Author'), h('dd', {}, m.author));
  if (m?.subject) rows.push(h('dt', {}, 'Subject'), h('dd', {}, m.subject));
  if (m?.keywords?.length) rows.push(h('dt', {}, 'Keywords'), h('dd', {}, m.keywords.join(', ')));
  if (m?.lang) rows.push(h('dt', {}, 'Language'), h('dd', {}, m.lang));
  return rows;
}

/** The office options of a job as one line (LibreOffice converted its entry); of a password only that one was sent. */
function officeText(o: NonNullable<NonNullable<RenderJob['document']>['office']>): string {
  const parts = Object.entries(o).map(([k, v]) => (k === 'password' ? 'password sent' : v === true ? k : `${k} ${String(v)}`));
  return parts.length > 0 ? `LibreOffice · ${parts.join(' · ')}` : 'LibreOffice';
}
