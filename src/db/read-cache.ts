/** What a cached value is to its callers: shared by every request, so nothing in it may be changed. */
export type Frozen<T> = T extends (infer E)[] ? readonly Frozen<E>[] : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

/**
 * Keeps the results of hot reads of the embedded SQLite database for exactly as long as nothing has been
 * committed to it. Each lookup takes a reading of the database's commit marker (`dataVersion`: `PRAGMA
 * data_version` on a connection of its own, see src/db/database.ts) and answers from memory only when
 * the reading equals the one taken before the cached value was loaded. A commit anywhere, by this process
 * or by another one sharing the file (a second server, a worker, a CLI command), changes the reading, so
 * an answer is never older than a write that has returned.
 *
 * The price is coarseness: a new reading empties the cache for every key. It pays off for reads that
 * repeat between writes (clients polling a deploy, dashboards) and costs one pragma otherwise.
 *
 * Why the reading is taken before the load: a commit that lands between the reading and the load makes
 * the stored reading older than the value, so the next lookup sees a different reading and loads again.
 * The other way round (a value older than its reading) cannot happen. Readings only grow, so an entry
 * stored under an older reading can never match a newer one.
 *
 * On PostgreSQL (`dataVersion` null) nothing is cached: no reading there costs less than the query, and
 * other api processes write the same rows. When a reading is unknown (null) the lookup loads and keeps
 * nothing. Values are frozen (deeply) when stored, and typed so.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Frozen<V>>();
  /** The reading the entries were loaded under (or after). */
  private version: number | null = null;

  constructor(
    private readonly dataVersion: (() => number | null) | null,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<Frozen<V>> {
    const now = this.dataVersion?.() ?? null;
    if (now === null) return (await load()) as Frozen<V>;
    if (now !== this.version) {
      this.entries.clear();
      this.version = now;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = deepFreeze(await load()) as Frozen<V>;
    // Stored only if no newer reading arrived while loading (then the entries belong to that one).
    if (this.version === now) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
