import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';

/**
 * A query built and compiled once per database, then run with new parameter values. Kysely builds and
 * compiles a query on every call; for the multi-join read of `GET /v1/deploys/{id}` that was ~20 % of the
 * request's CPU in bench/api, more than running it, and on a render job's path (creation, claim, success,
 * long poll) building and compiling was ~14 % of the main thread's CPU. Use it only on such hot paths:
 * plain builder code is easier to read.
 *
 * `build` receives a stand-in for each named parameter and must use each one once, as a plain value
 * (`where('id', '=', p.id)`, `values({ n: p.n })`): building checks that every stand-in came out as exactly
 * one bound parameter, so a value that Kysely would inline or transform fails loudly at the first call
 * instead of binding wrong. The stand-ins are typed `never` so that they fit any column; the values given
 * at run time are strings, numbers or null.
 *
 * The query is compiled for `db` (the database's root Kysely, which fixes the SQL dialect) and runs on
 * `via` when given: a transaction of that database.
 */
export function precompiled<DB, K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<DB>, p: Readonly<Record<K, never>>) => Compilable<R>,
) {
  type Values = Readonly<Record<K, string | number | null>>;
  const compiledFor = new WeakMap<Kysely<DB>, { query: CompiledQuery<R>; slots: ({ name: K } | { value: unknown })[] }>();
  const compile = (db: Kysely<DB>) => {
    const marker = (name: string) => `\u0000folio-param:${name}`;
    const standIns = Object.fromEntries(names.map((n) => [n, marker(n)])) as unknown as Readonly<Record<K, never>>;
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((value) => {
      const name = names.find((n) => value === marker(n));
      return name ? { name } : { value };
    });
    for (const n of names) {
      const uses = slots.filter((s) => 'name' in s && s.name === n).length;
      if (uses !== 1) throw new Error(`precompiled query: parameter "${n}" is bound ${uses} times, expected once`);
    }
    if (query.sql.includes('\u0000')) throw new Error('precompiled query: a parameter was inlined into the SQL text');
    return { query, slots };
  };
  return async (db: Kysely<DB>, params: Values, via: Kysely<DB> = db): Promise<R[]> => {
    let entry = compiledFor.get(db);
    if (!entry) {
      entry = compile(db);
      compiledFor.set(db, entry);
    }
    const parameters = entry.slots.map((s) => ('name' in s ? params[s.name] : s.value));
    // A fresh query id per run: Kysely keys per-query plugin state by it.
    const result = await via.executeQuery<R>({ ...entry.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
