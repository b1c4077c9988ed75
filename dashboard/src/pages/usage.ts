import { api } from '../api';
import { h, replace } from '../dom';
import { byteDays, bytes, count, dateTime, duration } from '../format';
import type { PageContext } from '../router';
import type { UsageOverview } from '../types';
import { act, errorBox, loading, pageHeader, table } from '../ui';

interface Meter {
  code: string;
  label: string;
  used: number;
  limit: number | null;
  show: (n: number) => string;
}

function meterRow(m: Meter): HTMLElement {
  const pct = m.limit ? Math.min(100, (m.used / m.limit) * 100) : 0;
  const level = pct >= 90 ? 'high' : pct >= 70 ? 'mid' : 'low';
  const id = `meter-${m.code}`;
  return h(
    'div',
    { class: 'meter', 'data-testid': id },
    h(
      'div',
      { class: 'meter-head' },
      h('span', { id: `${id}-label` }, m.label),
      h(
        'span',
        { class: 'meter-value', 'data-testid': `${id}-value` },
        m.limit === null ? `${m.show(m.used)} (no limit)` : `${m.show(m.used)} of ${m.show(m.limit)}`,
      ),
    ),
    h(
      'div',
      {
        class: 'bar',
        role: 'meter',
        'aria-labelledby': `${id}-label`,
        'aria-valuemin': '0',
        'aria-valuemax': String(m.limit ?? Math.max(1, m.used)),
        'aria-valuenow': String(m.used),
        'aria-valuetext':
          m.limit === null ? `${m.show(m.used)}, unlimited` : `${m.show(m.used)} of ${m.show(m.limit)} (${Math.round(pct)} %)`,
      },
      h('div', {
        class: `bar-fill bar-${level}${m.limit === null ? ' bar-unlimited' : ''}`,
        style: `width: ${m.limit === null ? 100 : pct}%`,
      }),
    ),
  );
}

export async function usagePage(ctx: PageContext) {
  const body = h('div', {}, loading('Loading usage…'));
  const refreshBtn = h('button', { type: 'button', class: 'btn' }, 'Refresh');

  async function load() {
    try {
      const u = await api<UsageOverview>('GET', '/v1/usage', undefined, { signal: ctx.signal });
      const q = (code: string) => u.usageMeters.find((m) => m.code === code)?.totalQuantity ?? 0;
      const lim = (k: keyof UsageOverview['policy']) => (typeof u.policy[k] === 'number' ? (u.policy[k] as number) : null);
      const meters: Meter[] = [
        {
          code: 'render_jobs',
          label: 'Render jobs this period',
          used: q('render_jobs'),
          limit: lim('maxRenderJobsPerBillPeriod'),
          show: count,
        },
        {
          code: 'render_time_ms',
          label: 'Render time this period',
          used: q('render_time_ms'),
          limit: lim('maxRenderTimeMsPerBillPeriod'),
          show: duration,
        },
        {
          code: 'deploy_commits',
          label: 'Deploy commits this period',
          used: q('deploy_commits'),
          limit: lim('maxDeployCommitsPerBillPeriod'),
          show: count,
        },
        { code: 'storage', label: 'Stored bytes', used: u.liveStorage.totalBytes, limit: lim('storageLimitBytes'), show: bytes },
      ];
      const pdfMeter = u.storageMeters.find((m) => m.code === 'managed_pdf_storage');
      const days = pdfMeter?.peakBytesByDay ?? [];
      const maxPeak = Math.max(1, ...days.map((d) => d.peakBytes));
      replace(
        body,
        h(
          'p',
          {},
          'Plan ',
          h('strong', { 'data-testid': 'plan-name' }, u.plan.name),
          ` (${u.plan.key}) · period ${dateTime(u.period.start)} – ${dateTime(u.period.end)}`,
        ),
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'meters-title' },
          h('h2', { id: 'meters-title' }, 'This period against your plan'),
          meters.map(meterRow),
        ),
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'storage-title' },
          h('h2', { id: 'storage-title' }, 'Storage now'),
          h(
            'dl',
            { class: 'props' },
            h('dt', {}, 'Deploy versions'),
            h('dd', {}, bytes(u.liveStorage.deployVersionStorageBytes)),
            h('dt', {}, 'Managed PDFs'),
            h('dd', { 'data-testid': 'managed-pdf-bytes' }, bytes(u.liveStorage.managedPdfStorageBytes)),
            h('dt', {}, 'Render outputs'),
            h('dd', {}, bytes(u.liveStorage.renderOutputStorageBytes)),
            h('dt', {}, 'Total'),
            h('dd', {}, bytes(u.liveStorage.totalBytes)),
          ),
        ),
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'peaks-title' },
          h('h2', { id: 'peaks-title' }, 'Managed PDF storage: daily peaks'),
          days.length === 0
            ? h('p', { class: 'muted' }, 'No managed PDF storage this period yet.')
            : [
                h(
                  'div',
                  { class: 'chart', 'aria-hidden': 'true' },
                  days.map((d) =>
                    h(
                      'div',
                      { class: 'chart-col', title: `${d.day}: ${bytes(d.peakBytes)}` },
                      h('div', { class: 'chart-bar', style: `height: ${Math.max(2, (d.peakBytes / maxPeak) * 100)}%` }),
                      h('span', { class: 'chart-label' }, d.day.slice(8)),
                    ),
                  ),
                ),
                h(
                  'details',
                  {},
                  h('summary', {}, 'Daily peaks as a table'),
                  table(
                    'Daily peaks of managed PDF storage',
                    ['Day', 'Peak', 'Storage·days'],
                    days.map((d) => [d.day, bytes(d.peakBytes), h('span', { title: `${d.peakGiBDay} GiB-days` }, byteDays(d.peakGiBDay))]),
                  ),
                ),
                h(
                  'p',
                  { class: 'muted small', 'data-testid': 'pdf-storage-total', title: `${pdfMeter!.totalPeakGiBDays} GiB-days` },
                  `Total this period: ${byteDays(pdfMeter!.totalPeakGiBDays)}.`,
                ),
              ],
        ),
        h('p', { class: 'muted small' }, `Generated ${dateTime(u.generatedAt)}.`),
      );
    } catch (err) {
      if (!ctx.signal.aborted) replace(body, errorBox(err, 'Usage could not be loaded'));
    }
  }
  refreshBtn.addEventListener('click', () => void act(refreshBtn, null, load));
  ctx.root.append(
    pageHeader('Usage', { subtitle: 'Meters of the current period against the limits of your plan.', actions: refreshBtn }),
    body,
  );
  await load();
  ctx.every(10_000, load);
}
