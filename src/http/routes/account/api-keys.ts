import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { SCOPES } from '../../../domain/accounts/scopes.js';
import type { Services } from '../../../services/index.js';
import { principalOf } from '../../plugins/auth.js';
import * as ex from '../../openapi/examples.js';
import { EpochMs, IdParam } from '../../schemas/common.js';

const tags = ['API keys'];
const ScopeName = Type.Union(
  SCOPES.map((s) => Type.Literal(s)),
  { description: 'A scope: `all`, or a resource scope such as `deploys:read` or `render:write`.' },
);

const ApiKey = Type.Object({
  id: Type.String({ description: 'Key id (`key_…`); the key itself is never shown again.' }),
  name: Type.String(),
  prefix: Type.String({ description: 'Always `folio_sk_`.' }),
  last4: Type.String({ description: 'The last 4 characters of the key, to recognise it.' }),
  scopes: Type.Array(Type.String()),
  createdAt: EpochMs,
  lastUsedAt: Type.Union([EpochMs, Type.Null()], {
    description: 'Last authenticated request (recorded at most once a minute); null if never used.',
  }),
  revokedAt: Type.Union([EpochMs, Type.Null()]),
});

/**
 * API keys of the caller's account: what the dashboard's key page uses, open to machines with a key of
 * scope `all` (a narrower key gets 403, so a leaked read-only key cannot mint itself a better one).
 */
export function apiKeyRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/api-keys',
    {
      config: { scope: 'all' },
      schema: {
        tags,
        summary: 'List the API keys of the account (newest first, revoked ones included)',
        description: 'Every key of the account in one page. Needs a key of scope `all` or a dashboard session.',
        response: { 200: Type.Object({ items: Type.Array(ApiKey), nextCursor: Type.Null() }) },
        'x-folio': { success: 'Every API key of the account', response: ex.apiKeyList },
      },
    },
    async (req) => ({ items: await s.apiKeys.list(principalOf(req).accountId), nextCursor: null }),
  );

  r.post(
    '/v1/api-keys',
    {
      config: { scope: 'all' },
      schema: {
        tags,
        summary: 'Create an API key',
        description: 'Answers the key once, in `key`; Folio keeps only its SHA-256. `scopes` defaults to `["all"]`.',
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 100, description: 'A label to recognise the key by.' }),
            scopes: Type.Optional(Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length, uniqueItems: true })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({ apiKey: ApiKey, key: Type.String({ description: 'The key: `folio_sk_…`. Shown only in this response.' }) }),
        },
        'x-folio': {
          success: 'The new key, shown this once',
          errors: ['insufficient_storage'],
          request: ex.apiKeyCreate,
          response: ex.apiKeyCreated,
        },
      },
    },
    async (req, reply) => {
      const accountId = principalOf(req).accountId;
      const created = await s.apiKeys.create({ accountId, name: req.body.name, scopes: req.body.scopes ?? ['all'] });
      const apiKey = (await s.apiKeys.list(accountId)).find((k) => k.id === created.id)!;
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ apiKey, key: created.key });
    },
  );

  r.delete(
    '/v1/api-keys/:keyId',
    {
      config: { scope: 'all' },
      schema: {
        tags,
        summary: 'Revoke an API key',
        description:
          'Immediate in every process: with PostgreSQL the revocation is broadcast to the other api and worker processes (LISTEN/NOTIFY). Revoking a revoked key is a no-op (204).',
        params: Type.Object({ keyId: IdParam('API key id (`key_…`).') }),
        response: { 204: Type.Null() },
        'x-folio': { success: 'Revoked', errors: ['api_key_not_found', 'insufficient_storage'] },
      },
    },
    async (req, reply) => {
      await s.apiKeys.revoke(req.params.keyId, principalOf(req).accountId);
      return reply.code(204).send();
    },
  );
}
