// When a commit would make a version identical to the deploy's latest one: the same files (tree hash) and
// the same render settings (route, title, timeout, metadata, failOn, engine, print defaults). Such a commit
// answers the latest version instead of adding a copy with the next number, unless the client asks for a
// new version (`newVersion: true`, e.g. to move `latest` back after a rollback alias).

/** The fields of a version that make it what it is. */
export interface VersionIdentity {
  tree_hash: string;
  route: string;
  title: string;
  render_timeout_ms: number | null;
  metadata_json: string | null;
  fail_on_json: string | null;
  engine: string | null;
  print_defaults: number;
}

const FIELDS: readonly (keyof VersionIdentity)[] = [
  'tree_hash',
  'route',
  'title',
  'render_timeout_ms',
  'metadata_json',
  'fail_on_json',
  'engine',
  'print_defaults',
];

export function sameVersion(a: VersionIdentity, b: VersionIdentity): boolean {
  return FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));
}
