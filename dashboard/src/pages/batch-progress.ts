// How far a render batch has come, shared by the batch list and the batch page.
import { h } from '../dom';
import { count } from '../format';
import type { JobStatus, RenderBatch } from '../types';

/** The states drawn as bar segments, in bar order; queued and retry_scheduled are the empty rest. */
const SEGMENTS: JobStatus[] = ['succeeded', 'failed', 'canceled', 'rendering'];

export const finishedItems = (b: RenderBatch) => b.counts.succeeded + b.counts.failed + b.counts.canceled;

/** True while the page should keep polling: items still running, or the combined product still being made. */
export const batchLive = (b: RenderBatch) => b.status !== 'completed' || b.product?.state === 'pending';

/** A stacked bar: one segment per state, its width that state's share of the items. */
export function progressBar(b: RenderBatch, opts: { compact?: boolean } = {}): HTMLElement {
  const done = finishedItems(b);
  const total = Math.max(1, b.itemCount);
  return h(
    'div',
    {
      class: opts.compact ? 'bar batch-bar batch-bar-compact' : 'bar batch-bar',
      role: 'progressbar',
      'aria-label': `Items finished of batch ${b.businessKey ?? b.id}`,
      'aria-valuemin': 0,
      'aria-valuemax': b.itemCount,
      'aria-valuenow': done,
      'aria-valuetext': `${done} of ${b.itemCount} finished`,
    },
    SEGMENTS.filter((s) => b.counts[s] > 0).map((s) =>
      h('span', { class: `batch-seg batch-seg-${s}`, style: `width: ${(100 * b.counts[s]) / total}%`, title: `${s}: ${b.counts[s]}` }),
    ),
  );
}

/** "3 / 4" next to a compact bar, for list rows. */
export function progressCell(b: RenderBatch): HTMLElement {
  return h(
    'div',
    { class: 'batch-progress' },
    progressBar(b, { compact: true }),
    h('span', { class: 'small' }, `${count(finishedItems(b))} / ${count(b.itemCount)}`),
  );
}
