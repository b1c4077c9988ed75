// The page-image flags of `folio render`: --png/--jpeg/--webp make an image the job's product
// (`outputFormat`), --images FORMAT adds pictures beside the PDF (`images`), and --pages/--width/--dpi/
// --quality fill `images`. Mistakes any reader of the flags can see are usage errors here; ranges and the
// page spec are the server's to check (400 naming the field).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DownloadedPageImage, ImageFormat } from '../../sdk/index.js';
import type { Parsed } from './args.js';
import { formatBytes, UsageError } from './output.js';

export const IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const satisfies readonly ImageFormat[];

export const imageOptionsHelp = `  --png, --jpeg, --webp  make a picture of the page the product instead of a PDF (no PDF is kept); -o FILE
                         gets page 1, or with --pages of several pages FILE's name plus -<page> per page
  --images FORMAT        also draw pictures of the pages beside the PDF (png, jpeg or webp); -o out.pdf
                         writes them next to it as out-page-<n>.<ext>
  --pages SPEC           which pages to picture: all, N, N-M or N- (default: 1 with --png/--jpeg/--webp,
                         all with --images)
  --width PX             picture width in pixels, 16 to 4096 (not with --dpi)
  --dpi N                resolution instead of a width, 18 to 600 (default 96)
  --quality Q            JPEG/WebP quality, 1 to 100 (default 85)`;

export const imageOptionFlags = {
  png: { type: 'boolean' },
  jpeg: { type: 'boolean' },
  webp: { type: 'boolean' },
  images: { type: 'string' },
  pages: { type: 'string' },
  width: { type: 'string' },
  dpi: { type: 'string' },
  quality: { type: 'string' },
} as const;

/** The file extension of a format (`jpg` for JPEG, as the server's file names have it). */
export const imageExt = (format: string) => (format === 'jpeg' ? 'jpg' : format);

const EXT_FORMAT: Record<string, string> = { '.pdf': 'pdf', '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.webp': 'webp' };

/** What the image flags ask for: the job-body fields and how the CLI names what it writes. */
export interface ImagePlan {
  body: { outputFormat?: ImageFormat; images?: { format: ImageFormat; pages?: string; width?: number; dpi?: number; quality?: number } };
  /** The image format the job's product is (--png/--jpeg/--webp), or null for a PDF. */
  product: ImageFormat | null;
  /** The format of images beside the PDF (--images), or null. */
  beside: ImageFormat | null;
  /** Whether the pages asked for may be more than one (then the files are numbered per page). */
  severalPages: boolean;
}

function positiveInt(p: Parsed, name: string): number | undefined {
  const v = p.values[name];
  if (typeof v !== 'string') return undefined;
  if (!/^\d{1,6}$/.test(v)) throw new UsageError(`--${name} takes a whole number, got "${v}"`);
  return Number(v);
}

/** `5` and `3-3` are one page; `all`, `2-4`, `2-` may be several. */
const onePage = (spec: string) => /^\s*(\d+)\s*$/.test(spec) || /^\s*(\d+)\s*-\s*\1\s*$/.test(spec);

export function imageOptions(p: Parsed): ImagePlan {
  const products = IMAGE_FORMATS.filter((f) => p.values[f] === true);
  if (products.length > 1) throw new UsageError(`${products.map((f) => `--${f}`).join(' and ')}: choose one image format`);
  const product = products[0] ?? null;
  const besideRaw = typeof p.values.images === 'string' ? p.values.images : undefined;
  if (besideRaw !== undefined && !(IMAGE_FORMATS as readonly string[]).includes(besideRaw))
    throw new UsageError(`--images takes png, jpeg or webp, got "${besideRaw}"`);
  const beside = (besideRaw as ImageFormat | undefined) ?? null;
  if (product && beside)
    throw new UsageError(`--${product} makes the image the product (no PDF); --images ${beside} adds images beside a PDF: use one`);
  const pages = typeof p.values.pages === 'string' ? p.values.pages.trim() : undefined;
  const width = positiveInt(p, 'width');
  const dpi = positiveInt(p, 'dpi');
  const quality = positiveInt(p, 'quality');
  const format = product ?? beside;
  if (!format) {
    const given = (['pages', 'width', 'dpi', 'quality'] as const).filter((f) => p.values[f] !== undefined);
    if (given.length)
      throw new UsageError(
        `${given.map((f) => `--${f}`).join(', ')} ${given.length > 1 ? 'need' : 'needs'} --png, --jpeg, --webp or --images FORMAT`,
      );
    return { body: {}, product: null, beside: null, severalPages: false };
  }
  if (pages === '') throw new UsageError('--pages takes all, N, N-M or N-');
  if (width !== undefined && dpi !== undefined) throw new UsageError('--width and --dpi both size the picture: give one');
  if (quality !== undefined && format === 'png')
    throw new UsageError('--quality applies to JPEG and WebP (PNG is lossless): use --jpeg, --webp or --images jpeg|webp');
  const images = {
    format,
    ...(pages !== undefined ? { pages } : {}),
    ...(width !== undefined ? { width } : {}),
    ...(dpi !== undefined ? { dpi } : {}),
    ...(quality !== undefined ? { quality } : {}),
  };
  return {
    body: product ? { outputFormat: product, images } : { images },
    product,
    beside,
    // The server's defaults: page 1 for an image product, every page beside a PDF.
    severalPages: pages === undefined ? !product : !onePage(pages),
  };
}

/** -o FILE with an image product: a name that says it is another kind of file is a mistake (`-o card.pdf --png`). */
export function checkImageTarget(out: string, product: ImageFormat): void {
  const kind = EXT_FORMAT[path.extname(out).toLowerCase()];
  if (kind !== undefined && kind !== product)
    throw new UsageError(`-o ${out}: --${product} writes a ${product.toUpperCase()} image; name the file .${imageExt(product)}`);
}

/**
 * Where each picture goes. An image product: FILE itself for one page, else `<base>-<page>.<ext>`
 * (`card.png` → `card-1.png`); beside a PDF: `<base>-page-<page>.<ext>` (`out.pdf` → `out-page-1.png`).
 */
export function imageTargets(out: string, plan: ImagePlan, images: DownloadedPageImage[]): string[] {
  const ext = path.extname(out);
  const base = ext ? out.slice(0, -ext.length) : out;
  if (plan.product) {
    if (!plan.severalPages) return images.map(() => out);
    const own = EXT_FORMAT[ext.toLowerCase()] === plan.product ? ext : `.${imageExt(plan.product)}`;
    return images.map((i) => `${base}-${i.page}${own}`);
  }
  return images.map((i) => `${base}-page-${i.page}.${imageExt(i.format)}`);
}

/**
 * Writes every file or none: each goes to a temporary name next to its target first, and only when all are
 * written are they renamed into place (a failure removes the temporary files and leaves the targets alone).
 */
export function writeAllOrNothing(files: Array<{ path: string; data: Buffer }>): string[] {
  const staged: Array<{ tmp: string; target: string }> = [];
  try {
    for (const f of files) {
      const target = path.resolve(f.path);
      const tmp = `${target}.${process.pid}.${randomUUID().slice(0, 8)}.part`;
      staged.push({ tmp, target });
      fs.writeFileSync(tmp, f.data);
    }
    for (const s of staged) fs.renameSync(s.tmp, s.target);
  } catch (err) {
    for (const s of staged) fs.rmSync(s.tmp, { force: true });
    throw err;
  }
  return staged.map((s) => s.target);
}

/** `wrote card.png (page 1, 1200×630 PNG, 48.2 KB)` */
export function describeImage(file: string, i: DownloadedPageImage): string {
  return `${file} (page ${i.page}, ${i.width}×${i.height} ${i.format.toUpperCase()}, ${formatBytes(i.bytes)})`;
}
