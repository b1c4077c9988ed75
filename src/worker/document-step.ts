// The document step of a render: which post-processing a job needs (the version's
// render.metadata.pdf document options, overridden by the job's pdf/attachments/eInvoice; files named by
// path come from the bundle already in memory), and running it on the printed PDF. A job that needs none
// never gets here: its PDF streams from its producer into the blob store (finishing.ts).
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { isPdfError } from '../pdf/errors.js';
import { needsPostProcessing, type PostProcessRequest } from '../pdf/post-process-request.js';
import { isSandboxError, isSandboxLimit } from '../sandbox/pool.js';
import { protectPdf, type PdfProtection } from '../pdf/protect.js';
import type { SignatureFields, SigningMaterial } from '../pdf/signing/sign.js';
import { splitVersionPdf } from '../render/pdf-options.js';
import { RenderError, type RenderRequest } from '../render/types.js';
import type { StoredJobDocument } from '../domain/jobs/job-document.js';
import type { PageImagesSpec } from '../domain/jobs/page-images.js';
import type { PdfStep } from '../domain/pdfs/pdf-steps.js';
import { optimizePdf } from '../pdf/qpdf-input.js';
import { stepFailure } from './step-failure.js';
import type { JobWarning } from '../domain/jobs/job-warnings.js';
import { describeFindings, type UaFinding } from '../pdf/ua/ua-findings.js';

/** pdf:Producer of post-processed PDFs: "Folio <version of package.json>" (src/ and dist/ sit beside it). */
const PRODUCER = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return `Folio ${pkg.version ?? 'unknown'}`;
  } catch {
    return 'Folio';
  }
})();

/**
 * What post-processing needs besides the printed PDF and the date (null: the PDF is stored as printed).
 * `protection` is the last step: the encryption covers what every other step made.
 */
export type DocumentPlan =
  | (Omit<PostProcessRequest, 'date'> & {
      protection?: PdfProtection;
      /** Signed last of all, at the job's finish time: the signature covers the final bytes. */
      signature?: { material: SigningMaterial; fields: Omit<SignatureFields, 'signingTime'> };
      /** Page images, drawn from the document before encryption and signing (which change no page). */
      images?: PageImagesSpec;
      /** Only the images are kept: no PDF is stored, so neither encrypted nor signed. */
      imagesOnly?: boolean;
      /** The job's PDF steps, applied to the printed PDF first (`optimize` after the document options). */
      steps?: PdfStep[];
      /** What the e-invoice's check at creation left to report (services/einvoices/einvoice-checks.ts). */
      eInvoiceWarning?: JobWarning;
    })
  | null;

/** A job's signing certificate, opened by the worker when the job renders (render-worker.ts). */
export type SignatureStep = NonNullable<NonNullable<DocumentPlan>['signature']>;

/** Reads the whole printed PDF (the renderer has already bounded it by the plan's maxRenderOutputBytes). */
export async function collectPdf(pdf: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of pdf) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What a PDF/UA-1 job needs after printing: the language the page declared (`<html lang>`, null: none;
 * post-process.ts), and the checker (src/pdf/ua/ua-check.ts; the worker runs it in the sandbox).
 */
export interface UaStep {
  pageLang?: string | null;
  check: (pdf: Buffer) => Promise<UaFinding[]>;
}

/** The job warning of a PDF/UA-1 check: one `pdfua_violation` counting every failure, naming each condition. */
export function uaWarnings(findings: readonly UaFinding[]): JobWarning[] {
  if (findings.length === 0) return [];
  const count = findings.reduce((n, f) => n + Math.max(1, f.count), 0);
  return [{ code: 'pdfua_violation', count, message: `PDF/UA-1 (Matterhorn Protocol): ${describeFindings(findings)}` }];
}

/**
 * The final PDF of a post-processed job and, in `content`, the document before encryption and signing (what
 * page images are drawn from, and what a PDF/UA-1 job's check reads, giving `warnings`); or
 * RenderError('pdf_postprocess_failed' | 'render_output_too_large').
 */
export async function finishDocument(
  printed: Buffer,
  plan: NonNullable<DocumentPlan>,
  date: Date,
  maxOutputBytes: number | null,
  run: {
    /** Runs postProcessPdf: the worker runs it in the sandbox, since joined PDFs come from outside Folio. */
    postProcess: (pdf: Buffer, req: PostProcessRequest) => Promise<Buffer>;
    /** Runs the PDF steps (src/pdf/pipeline.ts) in the sandbox: the page's PDF is untrusted input too. */
    steps: (pdf: Buffer, steps: PdfStep[]) => Promise<Buffer>;
    /** The time limit of qpdf's `optimize`. */
    timeoutMs: number;
    /** A PDF/UA-1 job's page language and checker. */
    ua?: UaStep;
  },
): Promise<{ pdf: Buffer; content: Buffer; warnings: JobWarning[] }> {
  let final: Buffer;
  let content: Buffer;
  let warnings: JobWarning[] = [];
  const { protection, signature, images: _images, imagesOnly, steps, eInvoiceWarning, ...asked } = plan;
  // `optimize` runs in the sandbox only for its images; qpdf's part follows below.
  const inSandbox = steps?.filter((s) => s.type !== 'optimize' || s.images === true) ?? [];
  try {
    if (inSandbox.length > 0) printed = await run.steps(printed, inSandbox);
  } catch (err) {
    throw stepFailure(err, ['step']);
  }
  try {
    const ua = run.ua;
    const checkUa = asked.accessibility === 'pdf/ua-1' && !imagesOnly && ua !== undefined;
    const post = checkUa && ua.pageLang !== undefined ? { ...asked, pageLang: ua.pageLang } : asked;
    content = final = needsPostProcessing(post) ? await run.postProcess(printed, { ...post, date }) : printed;
    // Linearised last of the changes to the content: encryption and signing never follow it (render-job-steps.ts).
    if (steps?.some((s) => s.type === 'optimize'))
      content = final = await optimizePdf(final, {
        timeoutMs: run.timeoutMs,
        images: steps.some((s) => s.type === 'optimize' && s.images === true),
      }).catch((err: unknown) => {
        throw new RenderError('pdf_step_failed', `optimize: ${err instanceof Error ? err.message : String(err)}`);
      });
    if (imagesOnly) return { pdf: final, content, warnings };
    if (checkUa) warnings = await runUaCheck(ua, content);
    if (eInvoiceWarning) warnings = [...warnings, eInvoiceWarning];
    // Loaded for the first signed job only: the CMS libraries (pkijs, asn1js, @signpdf) weigh ~20 MB.
    const signing = signature ? await import('../pdf/signing/sign.js') : null;
    // The signature field goes in before the encryption, which encrypts its strings and appearance like the
    // rest of the document (never the /Contents placeholder: qpdf follows ISO 32000-2 § 7.6.2 there). The
    // CMS is computed last, over the final bytes.
    if (signing && signature) final = signing.prepareSignature(final, signature.material, { ...signature.fields, signingTime: date });
    if (protection) final = await protectPdf(final, protection);
    if (signing && signature) final = await signing.fillSignature(final, signature.material, date);
  } catch (err) {
    // The sandbox closing (shutdown, after the worker has stopped) is no limit of this document.
    if (isSandboxError(err, 'closed')) throw err;
    if (err instanceof RenderError) throw err;
    if (isPdfError(err, 'limit') || isSandboxLimit(err))
      throw new RenderError('pdf_limit_exceeded', `post-processing the PDF stopped: ${err.message}`);
    throw new RenderError('pdf_postprocess_failed', `post-processing the PDF failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (maxOutputBytes !== null && final.length > maxOutputBytes)
    throw new RenderError(
      'render_output_too_large',
      `the post-processed PDF is ${final.length} bytes; the plan's maximum output size is ${maxOutputBytes} bytes`,
    );
  return { pdf: final, content, warnings };
}

/** The check's warnings; a check that cannot finish (a limit of the sandbox) is itself a PDF/UA warning. */
async function runUaCheck(ua: UaStep, pdf: Buffer): Promise<JobWarning[]> {
  try {
    return uaWarnings(await ua.check(pdf));
  } catch (err) {
    if (isSandboxError(err, 'closed')) throw err;
    const why = err instanceof Error ? err.message : String(err);
    return [
      {
        code: 'pdfua_violation',
        count: 1,
        message: `PDF/UA-1: the check of the PDF did not finish (${why}), so no condition is known to pass`,
      },
    ];
  }
}

/**
 * The post-processing a job needs: the version's document options (render.metadata.pdf.standard,
 * metadata, append, prepend), overridden by the job's (pdf.standard, pdf.metadata), plus the job's
 * attachments and e-invoice. Files named by path come from the bundle already in memory. Null when
 * nothing would change the printed PDF.
 */
export function documentPlan(
  versionPdf: unknown,
  job: StoredJobDocument | null,
  bundle: RenderRequest['bundle'],
  openSecret: (sealed: string) => string,
  signature: SignatureStep | null = null,
): DocumentPlan {
  const { document: v } = splitVersionPdf(versionPdf);
  // A job that keeps only images keeps no PDF to sign (the version's signature included).
  const signing = job?.imagesOnly ? null : signature;
  if (
    !job &&
    !signing &&
    v.standard === undefined &&
    v.accessibility === undefined &&
    v.metadata === undefined &&
    !v.append?.length &&
    !v.prepend?.length
  )
    return null;
  const file = (path: string, what: string) => {
    const f = bundle.files.get(path.startsWith('/') ? path : `/${path}`);
    if (!f) throw new RenderError('pdf_postprocess_failed', `${what} ${path} is not in the version's bundle`);
    return f.body;
  };
  const plan: NonNullable<DocumentPlan> = {
    standard: job?.standard ?? v.standard ?? 'none',
    ...((job?.accessibility ?? v.accessibility) === 'pdf/ua-1' ? { accessibility: 'pdf/ua-1' as const } : {}),
    metadata: { ...(v.metadata ?? {}), ...(job?.metadata ?? {}) },
    attachments: (job?.attachments ?? []).map((a) => ({
      name: a.name,
      mimeType: a.mimeType,
      relationship: a.relationship,
      ...(a.description !== undefined ? { description: a.description } : {}),
      content: a.contentBase64 !== undefined ? Buffer.from(a.contentBase64, 'base64') : file(a.bundlePath!, 'the attachment'),
    })),
    ...(job?.eInvoice
      ? {
          eInvoice: { standard: job.eInvoice.standard, profile: job.eInvoice.profile, xml: Buffer.from(job.eInvoice.xml, 'utf8') },
          ...(job.eInvoice.warning ? { eInvoiceWarning: job.eInvoice.warning } : {}),
        }
      : {}),
    prepend: (v.prepend ?? []).map((p) => file(p, 'render.metadata.pdf.prepend:')),
    append: (v.append ?? []).map((p) => file(p, 'render.metadata.pdf.append:')),
    producer: PRODUCER,
    ...(signing ? { signature: signing } : {}),
    ...(job?.images ? { images: job.images } : {}),
    ...(job?.imagesOnly ? { imagesOnly: true } : {}),
    ...(job?.steps?.length ? { steps: job.steps } : {}),
  };
  if (job?.protection) {
    const { userPassword, ownerPassword } = JSON.parse(openSecret(job.protection.sealed)) as {
      userPassword?: string;
      ownerPassword: string;
    };
    return { ...plan, protection: { ...(userPassword ? { userPassword } : {}), ownerPassword, permissions: job.protection.permissions } };
  }
  // A PDF job always goes through here: its sources are joined in memory (producers/existing-pdfs.ts).
  return needsPostProcessing(plan) || signing || plan.images || plan.steps || job?.pdfJob ? plan : null;
}
