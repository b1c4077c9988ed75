// The fixtures of `folio test`: each `tests/*.json` of the template folder is one payload, named by its
// file stem; a folder without tests/ has one fixture, `sample`, its sample-payload.json. Every mistake in
// them is a usage error (exit 2) naming the file, found before anything is rendered.
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR, SAMPLE_FIXTURE, SAMPLE_PAYLOAD } from '../../domain/deploys/snapshot-files.js';
import { UsageError } from '../client/output.js';

/** A fixture is a payload: larger than this is a mistake (a data dump), not a test. */
export const MAX_FIXTURE_BYTES = 5 * 1024 * 1024;

export interface Fixture {
  /** The file stem: `tests/paid-invoice.json` is `paid-invoice`. */
  name: string;
  /** The file, relative to the template folder (`tests/paid-invoice.json`), as messages name it. */
  file: string;
  /** The parsed payload. */
  payload: unknown;
}

const HOW_TO_ADD = `add a payload as tests/<name>.json (one fixture per file) or a sample-payload.json`;

/** The template folder, resolved; a usage error naming it when it is not a folder. */
export function templateDir(given: string): string {
  const dir = path.resolve(given);
  let st: fs.Stats | null = null;
  try {
    st = fs.statSync(dir);
  } catch {
    // missing
  }
  if (!st) throw new UsageError(`folder not found: ${given}`);
  if (!st.isDirectory()) throw new UsageError(`not a folder: ${given}`);
  return dir;
}

function readFixture(dir: string, rel: string, name: string): Fixture {
  const abs = path.join(dir, rel);
  const st = fs.statSync(abs);
  if (!st.isFile()) throw new UsageError(`fixture ${rel} is not a file`);
  if (st.size > MAX_FIXTURE_BYTES)
    throw new UsageError(`fixture ${rel} is ${st.size} bytes; a fixture may be at most ${MAX_FIXTURE_BYTES} bytes (5 MB)`);
  const text = fs.readFileSync(abs, 'utf8');
  try {
    return { name, file: rel, payload: JSON.parse(text) };
  } catch (err) {
    throw new UsageError(`fixture ${rel} is not valid JSON: ${(err as Error).message}`);
  }
}

/** Every fixture of the folder, sorted by name; a usage error when it has none. */
export function findFixtures(dir: string): Fixture[] {
  const testsDir = path.join(dir, FIXTURES_DIR);
  if (fs.existsSync(testsDir) && fs.statSync(testsDir).isDirectory()) {
    const names = fs
      .readdirSync(testsDir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort();
    if (names.length === 0) throw new UsageError(`${FIXTURES_DIR}/ in ${dir} holds no .json file: ${HOW_TO_ADD}`);
    return names.map((f) => readFixture(dir, `${FIXTURES_DIR}/${f}`, f.slice(0, -'.json'.length)));
  }
  if (fs.existsSync(path.join(dir, SAMPLE_PAYLOAD))) return [readFixture(dir, SAMPLE_PAYLOAD, SAMPLE_FIXTURE)];
  throw new UsageError(`no fixtures in ${dir}: ${HOW_TO_ADD}`);
}
