// The recorded snapshots of `folio test`: `__snapshots__/<fixture>/` in the template folder, holding
// meta.json, text.txt (pdftotext -layout) and page-<n>.png. A fixture's folder is replaced whole: written
// beside it under a temporary name, then renamed into place, so a run cut short never leaves half a snapshot.
import fs from 'node:fs';
import path from 'node:path';

export const SNAPSHOTS_DIR = '__snapshots__';

export interface SnapshotMeta {
  pages: number;
  /** What printed it: the Chromium product string, or what the PDF says of its producer (--server). */
  browser: string;
  /** The resolution the page images are drawn at. */
  dpi: number;
  /** ISO 8601. */
  createdAt: string;
  /** `local` (the in-process renderer) or `server` (a Folio server, --server). */
  renderer: 'local' | 'server';
}

export interface Snapshot {
  meta: SnapshotMeta;
  text: string;
  /** PNG of each drawn page, page 1 first. */
  images: Buffer[];
}

/** A snapshot folder that cannot be read as one: run --update to write it again. */
export class DamagedSnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DamagedSnapshotError';
  }
}

export const pageFile = (page: number) => `page-${page}.png`;

function parseMeta(text: string, where: string): SnapshotMeta {
  let m: Partial<SnapshotMeta>;
  try {
    m = JSON.parse(text) as Partial<SnapshotMeta>;
  } catch {
    throw new DamagedSnapshotError(`${where} is not valid JSON`);
  }
  if (!m || typeof m !== 'object' || !Number.isInteger(m.pages) || (m.pages as number) < 0 || typeof m.dpi !== 'number')
    throw new DamagedSnapshotError(`${where} lacks "pages" or "dpi"`);
  return {
    pages: m.pages as number,
    browser: typeof m.browser === 'string' ? m.browser : 'unknown',
    dpi: m.dpi,
    createdAt: typeof m.createdAt === 'string' ? m.createdAt : '',
    renderer: m.renderer === 'server' ? 'server' : 'local',
  };
}

export class SnapshotStore {
  readonly root: string;
  constructor(templateDir: string) {
    this.root = path.join(templateDir, SNAPSHOTS_DIR);
  }

  folder(fixture: string): string {
    return path.join(this.root, fixture);
  }

  /** The fixture's snapshot, or null when it has none; DamagedSnapshotError when its files do not fit together. */
  read(fixture: string): Snapshot | null {
    const dir = this.folder(fixture);
    const metaFile = path.join(dir, 'meta.json');
    if (!fs.existsSync(metaFile)) return null;
    const where = `${SNAPSHOTS_DIR}/${fixture}`;
    const meta = parseMeta(fs.readFileSync(metaFile, 'utf8'), `${where}/meta.json`);
    const read = (name: string) => {
      try {
        return fs.readFileSync(path.join(dir, name));
      } catch {
        throw new DamagedSnapshotError(`${where}/${name} is missing`);
      }
    };
    const text = read('text.txt').toString('utf8');
    const drawn = fs.readdirSync(dir).filter((f) => /^page-\d+\.png$/.test(f)).length;
    const images = Array.from({ length: drawn }, (_, i) => read(pageFile(i + 1)));
    return { meta, text, images };
  }

  /** Replaces the fixture's snapshot with this one, whole. */
  write(fixture: string, snap: Snapshot): void {
    fs.mkdirSync(this.root, { recursive: true });
    const target = this.folder(fixture);
    const tmp = path.join(this.root, `.${fixture}.${process.pid}.tmp`);
    const old = path.join(this.root, `.${fixture}.${process.pid}.old`);
    fs.rmSync(tmp, { recursive: true, force: true });
    try {
      fs.mkdirSync(tmp);
      fs.writeFileSync(path.join(tmp, 'meta.json'), `${JSON.stringify(snap.meta, null, 2)}\n`);
      fs.writeFileSync(path.join(tmp, 'text.txt'), snap.text);
      snap.images.forEach((png, i) => fs.writeFileSync(path.join(tmp, pageFile(i + 1)), png));
      // rename(2) does not replace a folder that has files: the old one steps aside first.
      const hadOld = fs.existsSync(target);
      if (hadOld) fs.renameSync(target, old);
      try {
        fs.renameSync(tmp, target);
      } catch (err) {
        if (hadOld) fs.renameSync(old, target);
        throw err;
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.rmSync(old, { recursive: true, force: true });
    }
  }

  /** Snapshot folders of fixtures that no longer exist. */
  orphans(fixtures: string[]): string[] {
    if (!fs.existsSync(this.root)) return [];
    const known = new Set(fixtures);
    return fs
      .readdirSync(this.root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !known.has(e.name))
      .map((e) => e.name)
      .sort();
  }

  remove(fixture: string): void {
    fs.rmSync(this.folder(fixture), { recursive: true, force: true });
  }
}
