// The recorded snapshots of `folio test`: `__snapshots__/<fixture>/` in the template folder, holding
// meta.json, text.txt (pdftotext -layout) and page-<n>.png. A fixture's folder is replaced whole: written
// beside it under a temporary name, then renamed into place, so a run cut short never leaves half a snapshot.
import fs from 'node:fs';
import path from 'node:path';
import { countPageFiles, pageFile, readSnapshot, SNAPSHOTS_DIR, type Snapshot } from '../../domain/deploys/snapshot-files.js';

export class SnapshotStore {
  readonly root: string;
  constructor(templateDir: string) {
    this.root = path.join(templateDir, SNAPSHOTS_DIR);
  }

  folder(fixture: string): string {
    return path.join(this.root, fixture);
  }

  /** The fixture's snapshot, or null when it has none; a StoredDataError of kind snapshot when its files do not fit together. */
  read(fixture: string): Snapshot | null {
    const dir = this.folder(fixture);
    if (!fs.existsSync(path.join(dir, 'meta.json'))) return null;
    const read = (name: string) => {
      try {
        return fs.readFileSync(path.join(dir, name));
      } catch {
        return null;
      }
    };
    return readSnapshot(fixture, read, countPageFiles(fs.readdirSync(dir)));
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
