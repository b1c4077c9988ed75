import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../domain/canonical-json.js';
import { AppError } from '../errors/app-error.js';
import type { IdempotencyStore } from '../services/idempotency.js';
import { principalOf } from './plugins/auth.js';

/**
 * Runs a creating handler under the request's optional `Idempotency-Key`: the first request runs and its
 * 2xx response is stored for 24 h; repeats with the same body and route get the stored response
 * (`Idempotent-Replayed: true`). Failed requests store nothing, so a retry runs again.
 */
/**
 * How a response is kept: `save` turns the response into what is stored (e.g. without a secret that must
 * not rest in the database), `load` turns a stored one back into the response to replay.
 */
export interface StoredForm<T> {
  save(response: T): unknown;
  load(stored: unknown): T;
}

/** The hash a repeat must match: the method and route, the path parameters and the body, canonical JSON. */
export function requestHash(method: string, route: string, params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${canonicalJson(params ?? null) ?? 'null'}\n${canonicalJson(body ?? null) ?? 'null'}`)
    .digest('hex');
}

/**
 * The one Idempotency-Key rule, for every creating route: without the header `run` runs; with it, the first
 * request runs and its result is stored for 24 h (the store saves `form.save(result)` when given); a repeat
 * with the same hash gets the stored result back (`replayed`); a failure stores nothing, so a retry runs again.
 */
export async function runIdempotent<T>(
  req: FastifyRequest,
  store: IdempotencyStore,
  hash: () => string,
  status: number,
  run: () => Promise<T>,
  form?: StoredForm<T>,
): Promise<{ value: T; replayed: boolean; status: number }> {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return { value: await run(), replayed: false, status };
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw new AppError('invalid_request', 'Idempotency-Key must be 1–255 characters', { field: 'Idempotency-Key' });
  }
  const { accountId } = principalOf(req);
  const begun = await store.begin(accountId, key, hash());
  if (begun.kind === 'replay') {
    const stored = JSON.parse(begun.body) as unknown;
    return { value: form ? form.load(stored) : (stored as T), replayed: true, status: begun.status };
  }
  let value: T;
  try {
    value = await run();
  } catch (err) {
    await store.abandon(accountId, key).catch((e) => req.log.error({ err: e }, 'could not release idempotency key'));
    throw err;
  }
  await store.complete(accountId, key, status, JSON.stringify(form ? form.save(value) : value));
  return { value, replayed: false, status };
}

/** runIdempotent for a route that answers with the result as JSON (`Idempotent-Replayed: true` on a repeat). */
export async function idempotent<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  store: IdempotencyStore,
  status: number,
  run: () => Promise<T>,
  form?: StoredForm<T>,
) {
  const r = await runIdempotent(
    req,
    store,
    () => requestHash(req.method, req.routeOptions.url ?? '', req.params, req.body),
    status,
    run,
    form,
  );
  if (r.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(r.status).type('application/json; charset=utf-8').send(JSON.stringify(r.value));
}
