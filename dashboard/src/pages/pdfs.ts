import { api } from '../api';
import { h, replace } from '../dom';
import { ago, bytes, dateTime } from '../format';
import type { PageContext } from '../router';
import { pdfThumbnail } from '../thumbnail';
import type { ManagedPdf, Page } from '../types';
import { act, confirmDialog, empty, errorBox, loadMoreButton, loading, pageHeader, table, toast } from '../ui';
import { uploadPdfForm } from './pdf-upload';

export async function deletePdf(p: ManagedPdf): Promise<boolean> {
  const ok = await confirmDialog({
    title: `Delete ${p.fileName}?`,
    body: h('p', {}, 'Its permanent links stop working at once and the file is purged. This cannot be undone.'),
    confirmLabel: 'Delete PDF',
    danger: true,
  });
  if (!ok) return false;
  await api('DELETE', `/v1/pdfs/${encodeURIComponent(p.id)}`);
  toast(`${p.fileName} deleted`);
  return true;
}

/** The “protected” badge of an encrypted PDF (its job asked for `protection`); nothing otherwise. */
export function protectedBadge(p: ManagedPdf): HTMLElement | null {
  return p.protected
    ? h(
        'span',
        { class: 'badge badge-protected', 'data-testid': 'pdf-protected', title: 'Encrypted with AES-256; Folio keeps no password' },
        'protected',
      )
    : null;
}

export async function pdfsPage(ctx: PageContext) {
  const listEl = h('section', { 'aria-label': 'Managed PDFs' }, loading('Loading PDFs…'));
  let items: ManagedPdf[] = [];
  let cursor: string | null | undefined;

  function draw() {
    const rows = items.map((p) => {
      const del = h(
        'button',
        { type: 'button', class: 'btn btn-small btn-danger', 'aria-label': `Delete ${p.fileName}`, disabled: p.state !== 'available' },
        'Delete',
      );
      del.addEventListener('click', () => void act(del, null, async () => (await deletePdf(p)) && (await load())));
      return [
        h(
          'span',
          { class: 'pdf-name' },
          pdfThumbnail(p),
          h('span', {}, h('a', { href: `/dashboard/pdfs/${encodeURIComponent(p.id)}` }, p.fileName), protectedBadge(p)),
        ),
        String(p.pageCount),
        bytes(p.bytes),
        p.state,
        p.businessKey ?? '—',
        h('time', { title: dateTime(p.createdAt) }, ago(p.createdAt)),
        del,
      ];
    });
    replace(
      listEl,
      items.length === 0
        ? empty(
            'No managed PDFs yet',
            'Render jobs with output mode “managed” keep their PDF here until you delete it; so do PDFs you upload.',
          )
        : table('Managed PDFs', ['File', 'Pages', 'Size', 'State', 'Business key', 'Created', ''], rows, { testid: 'pdfs-table' }),
      cursor ? loadMoreButton(more) : null,
    );
  }
  async function load() {
    try {
      const page = await api<Page<ManagedPdf>>('GET', '/v1/pdfs', undefined, { signal: ctx.signal });
      items = page.items;
      cursor = page.nextCursor;
      draw();
    } catch (err) {
      if (!ctx.signal.aborted) replace(listEl, errorBox(err, 'The PDFs could not be loaded'));
    }
  }
  async function more() {
    const page = await api<Page<ManagedPdf>>('GET', `/v1/pdfs?cursor=${encodeURIComponent(cursor!)}`, undefined, { signal: ctx.signal });
    items = items.concat(page.items);
    cursor = page.nextCursor;
    draw();
  }
  ctx.root.append(
    pageHeader('PDFs', { subtitle: 'Managed PDFs are kept until deleted; share them with permanent links.' }),
    uploadPdfForm(() => load()),
    listEl,
  );
  await load();
}
