// A deterministic generated bundle: the same seed gives the same files (paths, sizes and bytes) on every
// machine, so runs are comparable.
import { createHash } from 'node:crypto';

export interface BenchFile {
  path: string;
  content: Buffer;
  sha256: string;
}

/** mulberry32: a tiny, fast, seedable PRNG (good enough for sizes and filler bytes). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function randomBytes(rand: () => number, size: number): Buffer {
  const buf = Buffer.allocUnsafe(size);
  let i = 0;
  for (; i + 4 <= size; i += 4) buf.writeUInt32LE((rand() * 4294967296) >>> 0, i);
  for (; i < size; i++) buf[i] = (rand() * 256) | 0;
  return buf;
}

export function makeFile(path: string, content: Buffer): BenchFile {
  return { path, content, sha256: sha256(content) };
}

/**
 * `count` files totalling about `totalBytes`: a few big ones (fonts, images, a vendor bundle: together
 * about half the bytes) and many small ones (templates, stylesheets, scripts, icons) whose sizes follow a
 * skewed distribution. `index.html` is the entry point.
 */
export function generateBundle(opts: { count?: number; totalBytes?: number; seed?: number } = {}): BenchFile[] {
  const count = opts.count ?? 1000;
  const totalBytes = opts.totalBytes ?? 20 * 1000 * 1000;
  const rand = prng(opts.seed ?? 42);
  const files: BenchFile[] = [];

  files.push(
    makeFile(
      'index.html',
      Buffer.from(
        '<!doctype html><html><head><link rel="stylesheet" href="css/app.css"></head><body><h1>Bench</h1><script src="js/app.js"></script></body></html>',
      ),
    ),
  );

  const bigShares = [0.15, 0.1, 0.08, 0.07, 0.05, 0.05]; // 50% of the bytes in 6 files (1–3 MB each at 20 MB)
  const bigNames = [
    'js/vendor.js',
    'img/hero.png',
    'fonts/inter.woff2',
    'fonts/inter-bold.woff2',
    'img/background.jpg',
    'img/logo-large.png',
  ];
  bigShares.forEach((share, i) => files.push(makeFile(bigNames[i], randomBytes(rand, Math.round(totalBytes * share)))));

  const smallCount = count - files.length;
  const smallBudget = totalBytes - files.reduce((n, f) => n + f.content.length, 0) - 1;
  // Skewed weights (most files 1–10 KB, some tens of KB), scaled to the remaining budget.
  const weights = Array.from({ length: smallCount }, () => Math.pow(rand(), 3) + 0.02);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const dirs = ['css', 'js', 'partials', 'img/icons', 'i18n', 'templates'];
  const exts: Record<string, string> = { css: 'css', js: 'js', partials: 'html', 'img/icons': 'svg', i18n: 'json', templates: 'html' };
  for (let i = 0; i < smallCount; i++) {
    const dir = dirs[i % dirs.length];
    const size = Math.max(16, Math.round((weights[i] / weightSum) * smallBudget));
    const name =
      dir === 'css' && i < dirs.length
        ? 'css/app.css'
        : dir === 'js' && i < dirs.length
          ? 'js/app.js'
          : `${dir}/f${String(i).padStart(4, '0')}.${exts[dir]}`;
    files.push(makeFile(name, randomBytes(rand, size)));
  }
  return files;
}

/** The bundle with file `index` replaced by new bytes of the same size (a one-file edit). */
export function changeOneFile(files: BenchFile[], index: number, salt: string): BenchFile[] {
  const next = files.slice();
  const old = next[index];
  const content = Buffer.from(old.content);
  const stamp = Buffer.from(`/* edit ${salt} */`);
  stamp.copy(content, 0, 0, Math.min(stamp.length, content.length));
  next[index] = makeFile(old.path, content);
  return next;
}

export const totalSize = (files: BenchFile[]) => files.reduce((n, f) => n + f.content.length, 0);
