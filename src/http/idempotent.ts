import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { IdempotencyStore } from '../services/idempotency.js';
import { principalOf } from './plugins/auth.js';

export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const keys = Object.keys(value as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

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

export async function idempotent<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  store: IdempotencyStore,
  status: number,
  run: () => Promise<T>,
  form?: StoredForm<T>,
) {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return reply.code(status).send(await run());
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw new AppError('invalid_request', 'Idempotency-Key must be 1–255 characters', { field: 'Idempotency-Key' });
  }
  const { accountId } = principalOf(req);
  const hash = createHash('sha256')
    .update(`${req.method} ${req.routeOptions.url}\n${stableStringify(req.params)}\n${stableStringify(req.body ?? null)}`)
    .digest('hex');
  const begun = await store.begin(accountId, key, hash);
  if (begun.kind === 'replay') {
    const replayed = form ? JSON.stringify(form.load(JSON.parse(begun.body))) : begun.body;
    return reply.code(begun.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(replayed);
  }
  let response: T;
  try {
    response = await run();
  } catch (err) {
    await store.abandon(accountId, key).catch((e) => req.log.error({ err: e }, 'could not release idempotency key'));
    throw err;
  }
  const body = JSON.stringify(response);
  await store.complete(accountId, key, status, form ? JSON.stringify(form.save(response)) : body);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
