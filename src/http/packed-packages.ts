// The client packages a server hands out, as scripts/pack-packages.mjs leaves them in build/packages: the
// files, and index.json naming each (name, version, file, bytes, sha256; the wheel's requiresPython). Read
// per request by the routes that serve them (routes/packages.ts, routes/python-index.ts), so a rebuild while
// the server runs is served at once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../errors/app-error.js';

/** Where scripts/build.sh puts the packages: build/packages of the checkout (not in git). */
export const PACKAGES_DIR = fileURLToPath(new URL('../../build/packages/', import.meta.url));

/** The keys of index.json: the npm tarballs and the Python wheel. */
export type PackageKind = 'sdk' | 'cli' | 'python';

export interface PackedPackage {
  name: string;
  version: string;
  file: string;
  bytes: number;
  sha256: string;
  /** The wheel's Requires-Python, for pip's index; absent for the tarballs. */
  requiresPython?: string | null;
}

/** What each file is called, from its name and version: the only name an index entry may give. */
const FILE_NAMES: Record<PackageKind, (p: PackedPackage) => string> = {
  sdk: (p) => `folio-sdk-${p.version}.tgz`,
  cli: (p) => `folio-cli-${p.version}.tgz`,
  // A wheel's name (PEP 427): runs of -, _ and . in the distribution name as one _, lower case; pure Python.
  python: (p) => `${p.name.replace(/[-_.]+/g, '_').toLowerCase()}-${p.version}-py3-none-any.whl`,
};
const LABELS: Record<PackageKind, string> = { sdk: 'folio-sdk tarball', cli: 'folio-cli tarball', python: 'folio-client wheel' };

function isPacked(entry: Partial<PackedPackage> | undefined, kind: PackageKind): entry is PackedPackage {
  if (!entry || typeof entry.file !== 'string' || typeof entry.sha256 !== 'string') return false;
  if (typeof entry.version !== 'string' || typeof entry.name !== 'string') return false;
  // Only a plain file name of this folder: the index never points outside it.
  return entry.file === FILE_NAMES[kind](entry as PackedPackage) && /^[\w.+-]+$/.test(entry.file);
}

/** The well-formed entries of the folder's index.json; none when the folder or its index is missing or malformed. */
export async function readPackages(dir: string): Promise<Partial<Record<PackageKind, PackedPackage>>> {
  let index: unknown;
  try {
    index = JSON.parse(await fs.promises.readFile(path.join(dir, 'index.json'), 'utf8'));
  } catch {
    return {};
  }
  const entries = (index as { packages?: Record<string, Partial<PackedPackage>> } | null)?.packages ?? {};
  const found: Partial<Record<PackageKind, PackedPackage>> = {};
  for (const kind of Object.keys(FILE_NAMES) as PackageKind[]) {
    const entry = entries[kind];
    if (isPacked(entry, kind)) found[kind] = entry;
  }
  return found;
}

/** 404 route_not_found: the package is not in the folder, and what builds it. */
export const notBuilt = (kind: PackageKind) =>
  new AppError(
    'route_not_found',
    `this server has no ${LABELS[kind]}: it is built by \`npm run build\` (and \`npm start\`) in the server's checkout`,
  );
