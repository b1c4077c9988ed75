// The kinds of source a job's PDF is made from, one producer each (producer.ts says what a producer is).
// producerFor is the one place that tells them apart: a new kind is a module beside these and one line
// here (docs/architecture.md, "Adding a kind of source").
import { chromiumPrint } from './chromium-print.js';
import { existingPdfs } from './existing-pdfs.js';
import { officeConversion } from './office-conversion.js';
import { partsPrint } from './parts-print.js';
import type { Producer, ProducerInput } from './producer.js';
import { wordTemplate } from './word-template.js';

export type { Producer, ProducerDeps, ProducerInput, ProducerSink, RendererPort } from './producer.js';

/** The producer of a prepared job (worker/job-preparation.ts): what it prints, converts or joins. */
export function producerFor(job: ProducerInput): Producer {
  if (job.pdfJob) return existingPdfs;
  if (job.office) return job.wordTemplate ? wordTemplate : officeConversion;
  if (job.request.pdf.parts && !job.request.urlSource) return partsPrint;
  return chromiumPrint;
}
