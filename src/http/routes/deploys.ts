import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../domain/cursor.js';
import type { Services } from '../../services/index.js';
import { principalOf } from '../plugins/auth.js';
import { sendShared } from '../shared-body.js';
import { errors, IdParam, ListQuery, NextCursor } from '../schemas/common.js';
import { DeploySettings, Name, SettingsPatchBody, Slug } from '../schemas/deploys.js';
import { Sha256 } from '../schemas/common.js';

const DeployParams = Type.Object({ deployId: IdParam('Deploy id (`dep_…`).') });
const VersionParams = Type.Object({ deployId: IdParam('Deploy id.'), deployVersionId: IdParam('Version id (`ver_…`).') });
const AliasParams = Type.Object({
  deployId: IdParam('Deploy id.'),
  alias: Type.String({ minLength: 1, maxLength: 63, description: 'Alias name: ^[a-z][a-z0-9-]{0,62}$ (`preview`, `production`, …).' }),
});
const tags = ['Deploys'];

export function deployRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/deploys',
    {
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: 'Create a deploy',
        body: Type.Object({ slug: Slug, name: Name }, { additionalProperties: false }),
        response: { 201: Type.Object({ deploy: Type.Ref('Deploy') }), ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await s.deploys.create(principalOf(req).accountId, req.body.slug, req.body.name)),
  );

  r.get(
    '/v1/deploys',
    {
      config: { scope: 'deploys:read' },
      schema: {
        tags,
        summary: 'List deploys (newest first)',
        querystring: ListQuery,
        response: {
          200: Type.Object({ items: Type.Array(Type.Ref('DeployListItem')), nextCursor: NextCursor }),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (req) => s.deploys.list(principalOf(req).accountId, { cursor: req.query.cursor, limit: req.query.limit ?? DEFAULT_PAGE_SIZE }),
  );

  r.get(
    '/v1/deploys/:deployId',
    {
      config: { scope: 'deploys:read' },
      schema: {
        tags,
        summary: 'Get a deploy with its aliases and latest version',
        params: DeployParams,
        response: {
          200: Type.Object({
            deploy: Type.Ref('Deploy'),
            aliases: Type.Array(Type.Ref('Alias')),
            latestVersion: Type.Union([Type.Ref('DeployVersion'), Type.Null()]),
          }),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (req, reply) => sendShared(reply as FastifyReply, await s.deploys.get(principalOf(req).accountId, req.params.deployId)),
  );

  r.patch(
    '/v1/deploys/:deployId',
    {
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: 'Rename a deploy or change its slug',
        params: DeployParams,
        body: Type.Object({ name: Type.Optional(Name), slug: Type.Optional(Slug) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Object({ deploy: Type.Ref('Deploy') }), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => s.deploys.update(principalOf(req).accountId, req.params.deployId, req.body),
  );

  r.delete(
    '/v1/deploys/:deployId',
    {
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: 'Delete a deploy',
        description:
          'Versions, aliases, settings and open upload sessions go; queued render jobs are canceled; managed PDFs stay. The slug is free again at once.',
        params: DeployParams,
        response: { 204: Type.Null(), ...errors(401, 403, 404, 429) },
      },
    },
    async (req, reply) => {
      await s.deploys.delete(principalOf(req).accountId, req.params.deployId);
      return reply.code(204).send();
    },
  );

  r.get(
    '/v1/deploys/:deployId/versions',
    {
      config: { scope: 'deploys:read' },
      schema: {
        tags,
        summary: 'List versions of a deploy (newest first)',
        params: DeployParams,
        querystring: ListQuery,
        response: {
          200: Type.Object({ items: Type.Array(Type.Ref('DeployVersion')), nextCursor: NextCursor }),
          ...errors(400, 401, 403, 404, 429),
        },
      },
    },
    async (req) =>
      s.versions.list(principalOf(req).accountId, req.params.deployId, {
        cursor: req.query.cursor,
        limit: req.query.limit ?? DEFAULT_PAGE_SIZE,
      }),
  );

  r.get(
    '/v1/deploys/:deployId/versions/:deployVersionId',
    {
      config: { scope: 'deploys:read' },
      schema: {
        tags,
        summary: 'Get a version',
        params: VersionParams,
        response: { 200: Type.Object({ deployVersion: Type.Ref('DeployVersion') }), ...errors(401, 403, 404, 429) },
      },
    },
    async (req) => s.versions.get(principalOf(req).accountId, req.params.deployId, req.params.deployVersionId),
  );

  r.get(
    '/v1/deploys/:deployId/versions/:deployVersionId/files',
    {
      config: { scope: 'deploys:read' },
      schema: {
        tags,
        summary: 'List the files of a version',
        params: VersionParams,
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object({ path: Type.String(), sha256: Sha256, size: Type.Integer(), mime: Type.String() })),
          }),
          ...errors(401, 403, 404, 429),
        },
      },
    },
    async (req) => s.versions.files(principalOf(req).accountId, req.params.deployId, req.params.deployVersionId),
  );

  r.delete(
    '/v1/deploys/:deployId/versions/:deployVersionId',
    {
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: 'Delete a version',
        description: '409 `deploy_version_in_use` while an alias names it or unfinished render jobs use it.',
        params: VersionParams,
        response: { 204: Type.Null(), ...errors(401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) => {
      await s.versions.delete(principalOf(req).accountId, req.params.deployId, req.params.deployVersionId);
      return reply.code(204).send();
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/v1/deploys/:deployId/aliases/:alias',
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: `Point an alias at a version (${method}; PUT and POST behave the same)`,
        params: AliasParams,
        body: Type.Object(
          {
            deployVersionId: Type.String({
              minLength: 1,
              maxLength: 100,
              description: 'A concrete version id of this deploy or `latest`.',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('Alias'), ...errors(400, 401, 403, 404, 429) },
      },
      handler: async (req) =>
        s.versions.setAlias(principalOf(req).accountId, req.params.deployId, req.params.alias, req.body.deployVersionId),
    });
  }

  r.get(
    '/v1/deploys/:deployId/settings',
    {
      config: { scope: 'deploys:read' },
      schema: {
        tags,
        summary: 'Get deploy settings',
        params: DeployParams,
        response: { 200: Type.Object({ settings: Type.Ref('DeploySettings') }), ...errors(401, 403, 404, 429) },
      },
    },
    async (req) => s.settings.get(principalOf(req).accountId, req.params.deployId),
  );

  r.patch(
    '/v1/deploys/:deployId/settings',
    {
      config: { scope: 'deploys:write' },
      schema: {
        tags,
        summary: 'Update deploy settings',
        description:
          'Groups are optional; inside `webhook`, `enabled` is required; inside `versionLifecycle`, both fields; inside `secrets`, `upsert`. `environment.variables` replaces the whole set. Secret values are write-only.',
        params: DeployParams,
        body: SettingsPatchBody,
        response: { 200: Type.Object({ settings: Type.Ref('DeploySettings') }), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (req) => s.settings.update(principalOf(req).accountId, req.params.deployId, req.body),
  );
  void DeploySettings;
}
