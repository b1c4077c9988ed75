// The PDF toolbox as a client uses it: a PDF from outside made a managed PDF (POST /v1/pdfs), a PDF job on it
// (POST /v1/pdf-jobs, waiting in the request; GET /v1/pdf-jobs/{id} while it still runs), then the
// result's signed link (POST /v1/pdfs/{id}/download) and the PDF to its last byte. docs/api.md, "PDF jobs".
import { KEY } from './serve-variants.js';

const auth = { authorization: `Bearer ${KEY}` };
const json = { ...auth, 'content-type': 'application/json' };

/** A JSON API call of the bench's account; throws with the status and the start of the body unless 2xx. */
export async function call(method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? auth : json,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Uploads `pdf` as a managed PDF of the bench's account; returns its id. */
export async function uploadPdf(base: string, pdf: Uint8Array): Promise<string> {
  const res = await fetch(`${base}/v1/pdfs`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/pdf' },
    body: new Uint8Array(pdf),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`POST /v1/pdfs: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.pdf.id;
}

export interface PdfJobResult {
  pdf: { id: string; pageCount: number };
  bytes: Buffer;
}

/** One PDF job with one result (no split), then that result downloaded. */
export async function pdfJob(base: string, body: { sources: unknown[]; steps: unknown[] }): Promise<PdfJobResult> {
  let r = await call('POST', `${base}/v1/pdf-jobs`, body);
  while (!r.pdfs) {
    if (r.job.status === 'failed') throw new Error(`PDF job failed: ${r.job.errorCode} ${r.job.errorMessage}`);
    r = await call('GET', `${base}/v1/pdf-jobs/${r.job.id}?waitSeconds=30`);
  }
  const pdf = r.pdfs[0];
  return { pdf, bytes: await downloadPdf(base, pdf.id) };
}

/** A signed download link of a managed PDF (POST /v1/pdfs/{id}/download), then the PDF to its last byte. */
export async function downloadPdf(base: string, pdfId: string): Promise<Buffer> {
  const link = await call('POST', `${base}/v1/pdfs/${pdfId}/download`, {});
  const res = await fetch(new URL(link.access.url, base));
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || bytes.length < 1000) throw new Error(`download of ${pdfId}: ${res.status}, ${bytes.length} bytes`);
  return bytes;
}
