import { api } from '../api';
import { h, replace } from '../dom';
import { bytes, count, dateTime, duration } from '../format';
import type { PageContext } from '../router';
import { pdfThumbnail } from '../thumbnail';
import { JOB_STATUSES, type Deploy, type RenderBatch } from '../types';
import { act, confirmDialog, loading, pageHeader, statusBadge, toast } from '../ui';
import { batchItemList } from './batch-items';
import { batchLive, finishedItems, progressBar } from './batch-progress';

export async function batchPage(ctx: PageContext) {
  const [batchId] = ctx.params;
  const base = `/v1/render-batches/${encodeURIComponent(batchId)}`;
  ctx.root.append(loading('Loading render batch…'));
  // An unknown id (or another account's) rejects with render_batch_not_found, shown like other detail pages.
  let batch = (await api<{ batch: RenderBatch }>('GET', base, undefined, { signal: ctx.signal })).batch;
  // The deploy's name is a nicety: a deleted deploy leaves its id.
  const deployName = await api<{ deploy: Deploy }>('GET', `/v1/deploys/${encodeURIComponent(batch.deployId)}`, undefined, {
    signal: ctx.signal,
  })
    .then((d) => d.deploy.name)
    .catch(() => null);

  const header = h('div');
  const statusLine = h('div', { class: 'status-line', role: 'status', 'aria-live': 'polite', 'data-testid': 'batch-status' });
  const errorArea = h('div');
  const progressArea = h('section', { 'aria-label': 'Progress' });
  const props = h('dl', { class: 'props' });
  const productArea = h('section', { 'aria-labelledby': 'product-title', 'data-testid': 'batch-product' });
  const failures = batchItemList({
    base,
    signal: ctx.signal,
    title: 'Failures',
    status: 'failed',
    testid: 'failures-table',
    emptyText: 'No item has failed.',
  });
  const all = batchItemList({ base, signal: ctx.signal, title: 'All items', testid: 'items-table', emptyText: 'This batch has no items.' });

  function drawHeader() {
    const cancel = h('button', { type: 'button', class: 'btn btn-danger', 'data-testid': 'cancel-batch' }, 'Cancel batch');
    cancel.addEventListener('click', async () => {
      const ok = await confirmDialog({
        title: 'Cancel this render batch?',
        body: h(
          'p',
          {},
          'Every item not yet finished is canceled: queued ones are dropped, rendering ones aborted. Finished items keep their state and PDFs. Canceled items send no webhook.',
        ),
        confirmLabel: 'Cancel batch',
        danger: true,
      });
      if (!ok) return;
      await act(cancel, errorArea, async () => {
        batch = (await api<{ batch: RenderBatch }>('DELETE', base)).batch;
        toast('Render batch canceled');
        drawAll();
        await Promise.all([failures.refresh(), all.refresh()]);
      });
    });
    replace(
      header,
      pageHeader(`Render batch ${batch.businessKey ?? ''}`.trim(), {
        back: { href: '/dashboard/batches', label: 'Render batches' },
        subtitle: h('code', {}, batch.id),
        // Only running items can be canceled; while combining every item has already finished.
        actions: batch.status === 'running' ? cancel : null,
      }),
    );
  }

  function drawStatus() {
    const b = batch;
    replace(
      statusLine,
      statusBadge(b.status),
      ` ${count(finishedItems(b))} of ${count(b.itemCount)} finished`,
      batchLive(b) ? h('span', { class: 'muted small' }, ' · updating live…') : '',
    );
    replace(
      progressArea,
      progressBar(b),
      h(
        'ul',
        { class: 'batch-counts', 'data-testid': 'batch-counts' },
        JOB_STATUSES.map((s) =>
          h('li', { class: `legend-${s}`, 'data-testid': `count-${s}` }, `${s.replace('_', ' ')} ${count(b.counts[s])}`),
        ),
      ),
    );
    replace(
      props,
      h('dt', {}, 'Deploy'),
      h('dd', {}, h('a', { href: `/dashboard/deploys/${encodeURIComponent(b.deployId)}` }, deployName ?? b.deployId)),
      h('dt', {}, 'Version'),
      h(
        'dd',
        {},
        h(
          'a',
          { href: `/dashboard/deploys/${encodeURIComponent(b.deployId)}/versions/${encodeURIComponent(b.deployVersionId)}` },
          `v${b.deployVersionNo}`,
        ),
        ' · ',
        h('code', {}, b.deployVersionId),
      ),
      h('dt', {}, 'Business key'),
      h('dd', {}, b.businessKey ?? '—'),
      h('dt', {}, 'Combine'),
      h('dd', {}, b.combine),
      b.itemWebhooks === undefined ? null : [h('dt', {}, 'Item webhooks'), h('dd', {}, b.itemWebhooks ? 'one per item' : 'off')],
      h('dt', {}, 'Items'),
      h('dd', {}, count(b.itemCount)),
      h('dt', {}, 'Created'),
      h('dd', {}, dateTime(b.createdAt)),
      h('dt', {}, 'Finished'),
      h('dd', {}, dateTime(b.finishedAt)),
      h('dt', {}, 'Took'),
      h('dd', {}, b.finishedAt ? duration(b.finishedAt - b.createdAt) : '—'),
    );
    drawProduct();
  }

  function drawProduct() {
    const b = batch;
    const p = b.product;
    if (b.combine === 'none' && !p) {
      productArea.hidden = true;
      return;
    }
    productArea.hidden = false;
    const title = h('h2', { id: 'product-title' }, b.combine === 'zip' || p?.kind === 'zip' ? 'Combined ZIP' : 'Combined PDF');
    const from = p?.items !== undefined ? ` · from ${count(p.items)} item(s)` : '';
    if (!p) replace(productArea, title, h('p', { class: 'muted' }, 'Made once every item has finished.'));
    else if (p.state === 'pending') replace(productArea, title, loading('Combining…'));
    else if (p.state === 'failed')
      replace(
        productArea,
        title,
        h(
          'div',
          { class: 'error-box', role: 'alert' },
          h('strong', {}, `Combining failed: ${p.error?.code ?? 'unknown error'}`),
          h('p', {}, p.error?.message ?? ''),
        ),
      );
    else if (p.state === 'deleted')
      replace(
        productArea,
        title,
        h('p', { class: 'muted' }, p.kind === 'zip' ? 'The ZIP has expired.' : 'The merged PDF has been deleted.'),
      );
    else if (p.pdf)
      replace(
        productArea,
        title,
        h(
          'p',
          { class: 'pdf-name' },
          pdfThumbnail(p.pdf),
          h(
            'span',
            {},
            h('a', { href: `/dashboard/pdfs/${encodeURIComponent(p.pdf.id)}`, 'data-testid': 'product-pdf' }, p.pdf.fileName),
            ` · ${p.pdf.pageCount} page(s) · ${bytes(p.pdf.bytes)}${from}`,
          ),
        ),
        downloadLink(p.pdf.access, 'Download PDF'),
      );
    else if (p.zip)
      replace(
        productArea,
        title,
        h(
          'p',
          {},
          h('code', {}, p.zip.fileName),
          ` · ${count(p.zip.files)} file(s) · ${bytes(p.zip.bytes)}${from}`,
          p.zip.expiresAt ? ` · kept until ${dateTime(p.zip.expiresAt)}` : '',
        ),
        downloadLink(p.zip.access, 'Download ZIP'),
      );
    else replace(productArea, title, h('p', { class: 'muted' }, 'Ready, but the server sent no file.'));
  }

  function drawAll() {
    drawHeader();
    drawStatus();
  }

  ctx.root.replaceChildren(header, statusLine, errorArea, progressArea, props, productArea, failures.el, all.el);
  drawAll();
  await Promise.all([failures.refresh(), all.refresh()]);

  // Polls while items run or the product is being made; a finished batch does not change, so polling stops.
  let seen = JSON.stringify([batch.status, batch.counts, batch.product?.state]);
  ctx.every(2000, async () => {
    if (!batchLive(batch)) return;
    const failedBefore = batch.counts.failed;
    const wasRunning = batch.status === 'running';
    batch = (await api<{ batch: RenderBatch }>('GET', base, undefined, { signal: ctx.signal })).batch;
    const now = JSON.stringify([batch.status, batch.counts, batch.product?.state]);
    if (now === seen) return;
    seen = now;
    if (wasRunning !== (batch.status === 'running')) drawHeader();
    drawStatus();
    await Promise.all([batch.counts.failed !== failedBefore ? failures.refresh() : null, all.refresh()]);
  });
}

/** The signed link of a combined file; it expires, so its deadline is shown next to it. */
function downloadLink(access: { url: string; expiresAt: number }, label: string): HTMLElement {
  return h(
    'p',
    { class: 'row-actions' },
    h('a', { class: 'btn', href: access.url, target: '_blank', rel: 'noopener', 'data-testid': 'product-download' }, label),
    h('span', { class: 'muted small' }, `link valid until ${dateTime(access.expiresAt)}; reload the page for a fresh one`),
  );
}
