// Version specs as the CLI takes them: a number (2 or v2) is looked up among the deploy's versions; latest,
// an alias name or a version id (ver_…) go to the server as they are.
import type { FolioClient } from '../../sdk/index.js';
import { UsageError } from './output.js';

/** The version number of "2" or "v2", else null. */
export function versionNumber(spec: string): number | null {
  const m = /^v?(\d+)$/i.exec(spec);
  return m ? Number(m[1]) : null;
}

/** How a version spec is written in keys and output: "v2" for 2 and v2, else as given. */
export function normalizeVersionSpec(spec: string): string {
  const n = versionNumber(spec);
  return n === null ? spec : `v${n}`;
}

/** The deployVersionId to send for a spec: a version number becomes its version id (one listing of the versions). */
export async function resolveVersion(client: FolioClient, deployId: string, spec: string): Promise<string> {
  const n = versionNumber(spec);
  if (n === null) return spec;
  for await (const v of client.deploys.versions(deployId)) if (v.versionNo === n) return v.id;
  throw new UsageError(`the deploy has no version v${n}`);
}
