import { api } from '../api';
import { h, replace } from '../dom';
import { ago, bytes, dateTime } from '../format';
import { pdfPreview } from '../pdf-preview';
import type { PageContext } from '../router';
import type { Access, ManagedPdf, PdfInfo, PermanentLink } from '../types';
import { act, confirmDialog, copyButton, errorBox, loading, pageHeader, table, toast } from '../ui';
import { pdfInfoSection } from './pdf-info';
import { pdfStepsForm } from './pdf-steps-form';
import { deletePdf, protectedBadge } from './pdfs';

export async function pdfPage(ctx: PageContext) {
  const [pdfId] = ctx.params;
  const base = `/v1/pdfs/${encodeURIComponent(pdfId)}`;
  ctx.root.append(loading('Loading PDF…'));
  const { pdf } = await api<{ pdf: ManagedPdf }>('GET', base, undefined, { signal: ctx.signal });

  const linksEl = h('section', { 'aria-labelledby': 'links-title' });
  const linkErrors = h('div');
  const create = h(
    'button',
    { type: 'button', class: 'btn btn-primary', 'data-testid': 'create-link', disabled: pdf.state !== 'available' },
    'Create permanent link',
  );
  create.addEventListener(
    'click',
    () =>
      void act(create, linkErrors, async () => {
        await api<{ link: PermanentLink }>('POST', `${base}/permanent-links`);
        toast('Permanent link created');
        await loadLinks();
      }),
  );

  async function loadLinks() {
    try {
      const { items } = await api<{ items: PermanentLink[] }>('GET', `${base}/permanent-links`, undefined, { signal: ctx.signal });
      const rows = items.map((l) => {
        const del = h('button', { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Delete link ${l.id}` }, 'Delete');
        del.addEventListener('click', async () => {
          const ok = await confirmDialog({
            title: 'Delete this permanent link?',
            body: h('p', {}, 'Anyone using it gets “not found” from now on.'),
            confirmLabel: 'Delete link',
            danger: true,
          });
          if (!ok) return;
          await act(del, linkErrors, async () => {
            await api('DELETE', `${base}/permanent-links/${encodeURIComponent(l.id)}`);
            toast('Permanent link deleted');
            await loadLinks();
          });
        });
        return [
          h('a', { href: l.url, target: '_blank', rel: 'noopener', class: 'wrap', 'data-testid': 'permanent-link' }, l.url),
          h('time', { title: dateTime(l.createdAt) }, ago(l.createdAt)),
          h(
            'div',
            { class: 'row-actions' },
            copyButton(() => l.url, 'Copy link'),
            del,
          ),
        ];
      });
      replace(
        linksEl,
        h('h2', { id: 'links-title' }, 'Permanent links'),
        h('p', { class: 'muted' }, 'Public URLs that show the PDF until the link or the PDF is deleted. No key needed: share with care.'),
        rows.length ? table('Permanent links', ['URL', 'Created', ''], rows, { testid: 'links-table' }) : h('p', {}, 'No permanent links.'),
        h('div', { class: 'row-actions' }, create),
        linkErrors,
      );
    } catch (err) {
      if (!ctx.signal.aborted)
        replace(linksEl, h('h2', { id: 'links-title' }, 'Permanent links'), errorBox(err, 'The links could not be loaded'));
    }
  }

  const del = h('button', { type: 'button', class: 'btn btn-danger', disabled: pdf.state !== 'available' }, 'Delete PDF');
  del.addEventListener('click', () => void act(del, null, async () => (await deletePdf(pdf)) && ctx.navigate('/dashboard/pdfs')));
  const pagesSlot = h(
    'div',
    { class: 'pdf-preview' },
    pdf.state === 'available' ? loading('Loading preview…') : h('p', { class: 'muted' }, `This PDF is ${pdf.state}.`),
  );
  const openLink = h('p', { class: 'small' });

  // The PDF toolbox: what the PDF holds, and steps that make new PDFs from it. An encrypted PDF is neither
  // read nor a source (Folio keeps no password).
  const usable = pdf.state === 'available' && !pdf.protected;
  const infoBody = h(
    'div',
    {},
    usable ? loading('Reading the PDF…') : h('p', { class: 'muted' }, 'Not readable: the PDF is encrypted or not available.'),
  );
  const infoEl = h('section', { 'aria-labelledby': 'info-title' }, h('h2', { id: 'info-title' }, 'Info'), infoBody);
  const stepsEl = h('section', { 'aria-label': 'Run steps' });
  async function loadInfo() {
    if (!usable) return;
    let info: PdfInfo | null = null;
    try {
      info = (await api<{ info: PdfInfo }>('GET', `${base}/info`, undefined, { signal: ctx.signal })).info;
      replace(infoBody, pdfInfoSection(info));
    } catch (err) {
      if (ctx.signal.aborted) return;
      replace(infoBody, errorBox(err, 'The PDF could not be read'));
    }
    replace(stepsEl, pdfStepsForm(pdf, info?.formFields ?? []));
  }

  ctx.root.replaceChildren(
    pageHeader(pdf.fileName, { back: { href: '/dashboard/pdfs', label: 'PDFs' }, subtitle: h('code', {}, pdf.id), actions: del }),
    ...(pdf.protected
      ? [
          h(
            'p',
            { class: 'muted', 'data-testid': 'pdf-protected-note' },
            'This PDF is encrypted (AES-256): its render job asked for passwords and permissions. Folio keeps no password, so it cannot be a source of a merge, and the preview cannot draw it when a password is needed to open it.',
          ),
        ]
      : []),
    h(
      'dl',
      { class: 'props' },
      h('dt', {}, 'State'),
      h('dd', {}, pdf.state, protectedBadge(pdf)),
      h('dt', {}, 'Pages'),
      h('dd', {}, String(pdf.pageCount)),
      h('dt', {}, 'Size'),
      h('dd', {}, bytes(pdf.bytes)),
      h('dt', {}, 'Business key'),
      h('dd', {}, pdf.businessKey ?? '—'),
      h('dt', {}, 'Render job'),
      h('dd', {}, pdf.renderJobId ? h('a', { href: `/dashboard/jobs/${encodeURIComponent(pdf.renderJobId)}` }, pdf.renderJobId) : '—'),
      h('dt', {}, 'Created'),
      h('dd', {}, dateTime(pdf.createdAt)),
    ),
    linksEl,
    infoEl,
    stepsEl,
    h('section', { 'aria-labelledby': 'preview-title' }, h('h2', { id: 'preview-title' }, 'Preview'), openLink, pagesSlot),
  );
  await loadLinks();
  await loadInfo();
  if (pdf.state === 'available') {
    try {
      const r = await api<Access>('POST', `${base}/preview`, { expiresInSeconds: 3600 }, { signal: ctx.signal });
      replace(
        openLink,
        h('a', { href: r.access.url, target: '_blank', rel: 'noopener', 'data-testid': 'pdf-open' }, 'Open the PDF in a new tab'),
      );
      // The pages drawn by pdf.js, as on a job page: a browser's built-in viewer is not there in every
      // browser (headless Chromium frames a blank page), and the link above opens it where it is.
      await pdfPreview(pagesSlot, r.access.url, { title: `Pages of ${pdf.fileName}`, signal: ctx.signal });
    } catch (err) {
      // pdfPreview shows its own failures; a failure to get the link is shown here.
      if (!ctx.signal.aborted && !pagesSlot.querySelector('.error-box'))
        replace(pagesSlot, errorBox(err, 'The preview could not be loaded'));
    }
  }
}
