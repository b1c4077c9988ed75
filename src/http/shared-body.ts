import type { FastifyReply } from 'fastify';

const bodies = new WeakMap<object, string>();

/**
 * Sends a value that a ReadCache handed out (frozen, shared by every request until the database changes)
 * serialized by the route's response schema once per value instead of once per request. Other values are
 * serialized as usual. The content type says the string is JSON already, so Fastify sends it as it is.
 */
export function sendShared(reply: FastifyReply, value: object): FastifyReply {
  let body = bodies.get(value);
  if (body === undefined) {
    body = reply.serialize(value) as string;
    if (Object.isFrozen(value)) bodies.set(value, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
