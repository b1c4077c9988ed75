// Writing a succeeded render job's products where -o says: the PDF, the page images beside it, or the
// images that are the product, then the job's warnings. Every image is fetched before the first file is
// written.
import type { DownloadedPageImage, FolioClient, RenderJobResult } from '../../sdk/index.js';
import { describeImage, imageTargets, writeAllOrNothing, type ImagePlan } from './image-options.js';
import { CliError, formatBytes, plural, printJson } from './output.js';
import { printWarnings, type ShownWarning } from './warnings.js';

/** Fetches a job's images for `plan` (none when it asked for none); a job that should have some and has none is an error. */
export async function jobImages(client: FolioClient, jobId: string, plan: ImagePlan): Promise<DownloadedPageImage[]> {
  if (!plan.product && !plan.beside) return [];
  const images = await client.renderJobs.downloadImages(jobId);
  if (images.length === 0) throw new CliError('render_output_not_found', `render job ${jobId} has no page images`);
  return images;
}

export const imageJson = (images: DownloadedPageImage[], files: string[]) =>
  images.map(({ image: _image, ...i }, n) => ({ ...i, file: files[n] }));

/**
 * A succeeded job's products written where -o says (or, without -o, where to get them), then its warnings
 * (on stderr; in the JSON as `warnings`), which are returned for --strict.
 */
export async function saveJobResult(
  client: FolioClient,
  done: RenderJobResult,
  out: string | undefined,
  plan: ImagePlan,
  json: boolean,
): Promise<ShownWarning[]> {
  const warnings = done.job.warnings ?? [];
  await writeJobResult(client, done, out, plan, json, warnings);
  printWarnings(warnings, { json });
  return warnings;
}

/**
 * The PDF and the images beside it, or the images that are the product. The images are fetched before
 * anything is written, so a failed download leaves no file behind.
 */
async function writeJobResult(
  client: FolioClient,
  done: RenderJobResult,
  out: string | undefined,
  plan: ImagePlan,
  json: boolean,
  warnings: ShownWarning[],
): Promise<void> {
  const jobId = done.job.id;
  if (out === undefined) {
    if (json) return printJson({ ...done, warnings });
    if (plan.product) {
      console.log(`job ${jobId} succeeded; download its ${plan.product.toUpperCase()} images with: folio jobs images ${jobId} --out DIR`);
      return;
    }
    const o = done.output!;
    console.log(
      `job ${jobId} succeeded: ${plural(o.pageCount, 'page')}, ${formatBytes(o.bytes)}; download with: folio jobs download ${jobId} -o out.pdf${plan.beside ? ` (images: folio jobs images ${jobId} --out DIR)` : ''}`,
    );
    return;
  }
  const images = await jobImages(client, jobId, plan);
  const targets = imageTargets(out, plan, images);
  if (plan.product) {
    const files = writeAllOrNothing(images.map((i, n) => ({ path: targets[n]!, data: i.image })));
    if (json)
      return printJson({
        ...done,
        ...(files.length === 1 && !plan.severalPages ? { file: files[0] } : {}),
        images: imageJson(images, files),
        warnings,
      });
    for (const [n, i] of images.entries()) console.log(`wrote ${describeImage(files[n]!, i)} from job ${jobId}`);
    return;
  }
  const written = await client.download(jobId, out);
  const files = writeAllOrNothing(images.map((i, n) => ({ path: targets[n]!, data: i.image })));
  if (json) return printJson({ ...done, file: written.path, ...(images.length ? { images: imageJson(images, files) } : {}), warnings });
  console.log(`wrote ${written.path} (${plural(done.output!.pageCount, 'page')}, ${formatBytes(written.bytes)}) from job ${jobId}`);
  for (const [n, i] of images.entries()) console.log(`wrote ${describeImage(files[n]!, i)}`);
}
