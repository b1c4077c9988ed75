// The producer of a page: an HTML entry, a template rendered in the page, or a URL source, printed by
// Chromium (render/renderer.ts) and streamed as it prints.
import type { Producer } from './producer.js';

/** The job's page printed by the renderer, the PDF streaming into the sink in 1 MiB reads. */
export const chromiumPrint: Producer = {
  kind: 'chromium-print',
  produce: (job, sink, { renderer }) => renderer.render(job.request, sink),
};
