import { api } from '../api';
import { h, replace } from '../dom';
import { bytes, dateTime, duration } from '../format';
import { hasOwnVersion } from '../job-kind';
import { kindView, sourceView } from '../job-source';
import { pdfPreview } from '../pdf-preview';
import type { PageContext } from '../router';
import { isTerminal, type Access, type Deploy, type JobDetail, type RenderDiagnostics, type WebhookDeliveries } from '../types';
import { act, confirmDialog, errorBox, loading, pageHeader, statusBadge, toast } from '../ui';
import { diagnosticsView } from './job-diagnostics';
import { batchRows, documentRows } from './job-document';
import { imageGallery, isImageOnly } from './job-images';
import { warningsSection } from './job-warnings';
import { waterfallSection } from './job-waterfall';
import { deliveriesView } from './job-webhooks';

export async function jobPage(ctx: PageContext) {
  const [jobId] = ctx.params;
  const base = `/v1/render-jobs/${encodeURIComponent(jobId)}`;
  ctx.root.append(loading('Loading render job…'));
  let detail = await api<JobDetail>('GET', base, undefined, { signal: ctx.signal });
  // The deploy's name is a nicety: a deleted deploy leaves its id.
  const deploy = await api<{ deploy: Deploy }>('GET', `/v1/deploys/${encodeURIComponent(detail.job.deployId)}`, undefined, {
    signal: ctx.signal,
  })
    .then((d) => d.deploy)
    .catch(() => undefined);

  const header = h('div');
  const statusLine = h('div', { class: 'status-line', role: 'status', 'aria-live': 'polite', 'data-testid': 'job-status' });
  const timeline = h('ol', { class: 'timeline', 'aria-label': 'State timeline' });
  const props = h('dl', { class: 'props' });
  const errorArea = h('div');
  const warningsArea = h('section', { 'aria-label': 'Warnings', 'data-testid': 'job-warnings' });
  let warningsShown = '';
  const outputArea = h('section', { 'aria-labelledby': 'output-title' });
  // The page images of a PDF job that asked for them (an image-only job shows them as its output instead).
  const imagesArea = h('section', { 'aria-labelledby': 'images-title', 'data-testid': 'job-images', hidden: true });
  const webhookArea = h('section', { 'aria-labelledby': 'webhook-title' });
  const diagArea = h('section', { 'aria-labelledby': 'diagnostics-title', 'data-testid': 'diagnostics' });
  // Drawn from the job, its diagnostics and its deliveries, as each of them is (re)fetched below.
  const waterfall = waterfallSection(detail.job);
  let previewShownFor = '';

  function drawHeader() {
    const j = detail.job;
    const cancel = h('button', { type: 'button', class: 'btn btn-danger', 'data-testid': 'cancel-job' }, 'Cancel job');
    cancel.addEventListener('click', async () => {
      const ok = await confirmDialog({
        title: 'Cancel this render job?',
        body: h('p', {}, 'A queued job is dropped; a rendering one is aborted. Canceled jobs send no webhook.'),
        confirmLabel: 'Cancel job',
        danger: true,
      });
      if (!ok) return;
      await act(cancel, errorArea, async () => {
        const r = await api<{ job: JobDetail['job'] }>('POST', `${base}/cancel`);
        detail = { ...detail, job: r.job };
        toast('Render job canceled');
        drawAll();
      });
    });
    replace(
      header,
      pageHeader(`Render job ${j.businessKey !== j.id ? j.businessKey : ''}`.trim(), {
        back: { href: '/dashboard/jobs', label: 'Render jobs' },
        subtitle: h('code', {}, j.id),
        actions: isTerminal(j.status) ? null : cancel,
      }),
    );
  }

  function drawStatus() {
    const j = detail.job;
    waterfall.update({ job: j });
    replace(statusLine, statusBadge(j.status), isTerminal(j.status) ? '' : h('span', { class: 'muted small' }, ' updating live…'));
    const steps: { label: string; at?: number; state: 'done' | 'current' | 'todo' | 'bad' }[] = [
      { label: 'Requested', at: j.requestedAt, state: 'done' },
      {
        // A long document (pdf.parts) shows the pages printed so far with their final numbers.
        label:
          (j.attempt > 0 ? `Rendering (attempt ${j.attempt + 1})` : 'Rendering') +
          (j.status === 'rendering' && typeof j.pagesDone === 'number' ? ` · ${j.pagesDone} pages printed` : ''),
        at: j.startedAt,
        state: j.startedAt
          ? j.status === 'rendering'
            ? 'current'
            : 'done'
          : j.status === 'queued' || j.status === 'retry_scheduled'
            ? 'current'
            : 'todo',
      },
    ];
    if (j.status === 'retry_scheduled') steps.push({ label: 'Retry scheduled', state: 'current' });
    steps.push({
      label: isTerminal(j.status) ? j.status[0].toUpperCase() + j.status.slice(1) : 'Finished',
      at: j.finishedAt,
      state: j.status === 'succeeded' ? 'done' : j.status === 'failed' || j.status === 'canceled' ? 'bad' : 'todo',
    });
    replace(
      timeline,
      steps.map((s) =>
        h(
          'li',
          { class: `step step-${s.state}`, 'aria-current': s.state === 'current' ? 'step' : null },
          h('span', { class: 'step-label' }, s.label),
          h('span', { class: 'step-time' }, s.at ? dateTime(s.at) : s.state === 'current' ? 'now' : '—'),
        ),
      ),
    );
    replace(
      props,
      h('dt', {}, 'Kind'),
      h('dd', {}, kindView(j)),
      // A URL source's page is its own row below.
      ...(j.source ? [] : [h('dt', {}, 'Source'), h('dd', {}, sourceView(j, deploy))]),
      ...(hasOwnVersion(j)
        ? [
            h('dt', {}, 'Version'),
            h(
              'dd',
              {},
              j.deployVersionNo !== undefined ? `v${j.deployVersionNo} · ${j.deployVersionTitle ?? ''} · ` : '',
              h('code', {}, j.deployVersionRoute ?? j.deployVersionId),
            ),
          ]
        : []),
      // A URL source prints a web page: the page (origin and path, as the API shows it) is what was printed.
      ...(j.source
        ? [h('dt', {}, 'Printed page'), h('dd', {}, h('code', { class: 'wrap', 'data-testid': 'job-source' }, j.source.url))]
        : []),
      h('dt', {}, 'Business key'),
      h('dd', {}, j.businessKey),
      ...batchRows(j),
      h('dt', {}, 'Payload hash'),
      h('dd', {}, h('code', { class: 'wrap', 'data-testid': 'payload-hash' }, j.payloadHash)),
      h('dt', {}, 'Output mode'),
      h('dd', {}, j.outputMode),
      h('dt', {}, 'Attempt'),
      h('dd', {}, String(j.attempt)),
      ...(typeof j.pagesDone === 'number'
        ? [h('dt', {}, 'Pages printed'), h('dd', { 'data-testid': 'job-pages-done' }, String(j.pagesDone))]
        : []),
      h('dt', {}, 'Render time'),
      h('dd', {}, j.startedAt && j.finishedAt ? duration(j.finishedAt - j.startedAt) : '—'),
      ...documentRows(j.document),
    );
    // Redrawn only when they change (they are filled in as an attempt ends), so focus and links stay put.
    const warningsNow = JSON.stringify([j.status, j.warnings, j.failOn]);
    if (warningsNow !== warningsShown) replace(warningsArea, warningsSection(j));
    warningsShown = warningsNow;
    if (j.errorCode)
      replace(
        errorArea,
        h('div', { class: 'error-box', role: 'alert' }, h('strong', {}, `Failed: ${j.errorCode}`), h('p', {}, j.errorMessage ?? '')),
      );
  }

  let imagesShownFor = '';
  async function drawImages() {
    const j = detail.job;
    if (!j.document?.images || isImageOnly(j)) return;
    imagesArea.hidden = false;
    const title = h('h2', { id: 'images-title' }, 'Page images');
    if (j.status !== 'succeeded') {
      imagesShownFor = '';
      replace(
        imagesArea,
        title,
        h('p', { class: 'muted' }, isTerminal(j.status) ? 'No page images.' : 'The page images appear here when the render succeeds.'),
      );
      return;
    }
    if (imagesShownFor === j.id) return;
    imagesShownFor = j.id;
    const slot = h('div');
    replace(imagesArea, title, slot);
    await imageGallery(slot, base, { signal: ctx.signal, jobId: j.id });
  }

  /** An image-only job's output: its images, and no PDF (no preview, no download: there is none). */
  async function drawImageOutput() {
    const j = detail.job;
    const title = h('h2', { id: 'output-title' }, 'Output');
    const what = `${(j.document?.outputFormat ?? '').toUpperCase()} page images only: this job keeps no PDF.`;
    if (j.status !== 'succeeded') {
      previewShownFor = '';
      replace(
        outputArea,
        title,
        h('p', { class: 'muted' }, isTerminal(j.status) ? 'No output.' : `${what} They appear here when the render succeeds.`),
      );
      return;
    }
    if (previewShownFor === j.id) return;
    previewShownFor = j.id;
    const slot = h('div');
    replace(outputArea, title, h('p', { 'data-testid': 'image-only-note' }, what), slot);
    await imageGallery(slot, base, { signal: ctx.signal, jobId: j.id });
  }

  async function drawOutput() {
    const j = detail.job;
    if (isImageOnly(j)) return drawImageOutput();
    if (j.status !== 'succeeded' || !detail.output) {
      replace(
        outputArea,
        h('h2', { id: 'output-title' }, 'Output'),
        h(
          'p',
          { class: 'muted' },
          j.status === 'succeeded'
            ? 'The output was deleted (transient outputs expire 10 minutes after the render).'
            : isTerminal(j.status)
              ? 'No output.'
              : 'The PDF appears here when the render succeeds.',
        ),
      );
      return;
    }
    if (previewShownFor === detail.output.id) return;
    previewShownFor = detail.output.id;
    const o = detail.output;
    const download = h('button', { type: 'button', class: 'btn' }, 'Download PDF');
    const errs = h('div');
    download.addEventListener(
      'click',
      () =>
        void act(download, errs, async () => {
          const r = await api<Access>('POST', `${base}/output-download`, { expiresInSeconds: 600 });
          location.assign(r.access.url);
        }),
    );
    const pagesSlot = h('div', { class: 'pdf-preview' }, loading('Loading preview…'));
    const openLink = h('p', { class: 'small' });
    replace(
      outputArea,
      h('h2', { id: 'output-title' }, 'Output'),
      h(
        'p',
        {},
        `${o.pageCount} page(s) · ${bytes(o.bytes)} · ${o.browserVersion ? `printed by ${o.browserVersion} · ` : ''}`,
        detail.pdf
          ? h('a', { href: `/dashboard/pdfs/${encodeURIComponent(detail.pdf.id)}` }, `managed PDF ${detail.pdf.fileName}`)
          : 'transient output',
      ),
      h('div', { class: 'row-actions' }, download),
      errs,
      openLink,
      pagesSlot,
    );
    // The pages drawn by pdf.js, as under the render form (pdf-preview.ts); the browser's own viewer is a
    // click away for zoom, search and print.
    try {
      const r = await api<Access>('POST', `${base}/output-preview`, { expiresInSeconds: 3600 }, { signal: ctx.signal });
      replace(
        openLink,
        h('a', { href: r.access.url, target: '_blank', rel: 'noopener', 'data-testid': 'pdf-open' }, 'Open the PDF in a new tab'),
      );
      await pdfPreview(pagesSlot, r.access.url, { title: `Pages of render job ${j.id}`, signal: ctx.signal });
    } catch (err) {
      // pdfPreview shows its own failures; a failure to get the link is shown here.
      if (!ctx.signal.aborted && !pagesSlot.querySelector('.error-box'))
        replace(pagesSlot, errorBox(err, 'The preview could not be loaded'));
    }
  }

  let webhookPending = true;
  async function drawWebhooks() {
    const j = detail.job;
    let d: WebhookDeliveries;
    try {
      d = await api<WebhookDeliveries>('GET', `${base}/webhook-deliveries`, undefined, { signal: ctx.signal });
    } catch (err) {
      if (!ctx.signal.aborted)
        replace(webhookArea, h('h2', { id: 'webhook-title' }, 'Webhook deliveries'), errorBox(err, 'The deliveries could not be loaded'));
      return;
    }
    webhookPending = d.event ? d.event.status === 'pending' : !isTerminal(j.status);
    const errs = h('div');
    const redeliver = h('button', { type: 'button', class: 'btn', 'data-testid': 'redeliver' }, 'Redeliver now');
    redeliver.addEventListener(
      'click',
      () =>
        void act(redeliver, errs, async () => {
          const r = await api<{ delivery: { statusCode?: number; error?: string } }>('POST', `${base}/webhook-deliveries/redeliver`);
          toast(
            r.delivery.error ? `Redelivery failed: ${r.delivery.error}` : `Redelivered: HTTP ${r.delivery.statusCode}`,
            r.delivery.error ? 'error' : 'ok',
          );
          await drawWebhooks();
        }),
    );
    const terminalWebhook = j.status === 'succeeded' || j.status === 'failed';
    waterfall.update({ deliveries: d.items });
    replace(
      webhookArea,
      h('h2', { id: 'webhook-title' }, 'Webhook deliveries'),
      deliveriesView(j, d),
      // Only an event can be sent again: a job whose deploy had no webhook has none.
      terminalWebhook && d.event ? h('div', { class: 'row-actions' }, redeliver) : null,
      errs,
    );
  }

  // The diagnostics of the last finished attempt: fetched on every status change, and while a finished job
  // has none yet (they are written as the attempt ends). `diagShownFor` is the attempt on screen.
  let diagShownFor: number | null = null;
  let diagPending = true;
  async function drawDiagnostics() {
    const j = detail.job;
    const title = h('h2', { id: 'diagnostics-title' }, 'Diagnostics');
    let d: RenderDiagnostics;
    try {
      d = (await api<{ diagnostics: RenderDiagnostics }>('GET', `${base}/diagnostics`, undefined, { signal: ctx.signal })).diagnostics;
    } catch (err) {
      if (!ctx.signal.aborted) replace(diagArea, title, errorBox(err, 'The diagnostics could not be loaded'));
      return;
    }
    diagPending = !d && j.status !== 'canceled';
    waterfall.update({ diagnostics: d });
    if (d && diagShownFor === d.attempt) return; // unchanged: keeps open stacks open
    diagShownFor = d ? d.attempt : null;
    replace(
      diagArea,
      title,
      d
        ? diagnosticsView(d)
        : h(
            'p',
            { class: 'muted' },
            isTerminal(j.status)
              ? j.status === 'canceled'
                ? 'No attempt of this job ended with diagnostics.'
                : 'The diagnostics are being written…'
              : 'What the page logged, threw and failed to load appears here once an attempt has ended.',
          ),
    );
  }

  function drawAll() {
    drawHeader();
    drawStatus();
    void drawOutput();
    void drawImages();
    void drawWebhooks();
    void drawDiagnostics();
  }

  ctx.root.replaceChildren(
    header,
    statusLine,
    errorArea,
    h('section', { 'aria-label': 'Timeline' }, timeline),
    props,
    warningsArea,
    outputArea,
    imagesArea,
    waterfall.el,
    diagArea,
    webhookArea,
  );
  drawAll();

  let lastStatus = detail.job.status;
  let ticks = 0;
  let diagTries = 0;
  ctx.every(1500, async () => {
    if (isTerminal(lastStatus)) {
      // After the end, refresh only the deliveries, while the event is still being sent or retried, and the
      // diagnostics until they are there.
      if (diagPending && ++diagTries <= 20) await drawDiagnostics();
      if (webhookPending && ++ticks % 2 === 0) await drawWebhooks();
      return;
    }
    detail = await api<JobDetail>('GET', base, undefined, { signal: ctx.signal });
    if (detail.job.status !== lastStatus) {
      lastStatus = detail.job.status;
      drawAll();
    } else {
      drawStatus();
    }
  });
}
