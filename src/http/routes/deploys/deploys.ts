import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../domain/cursor.js';
import type { Services } from '../../../services/index.js';
import { principalOf } from '../../plugins/auth.js';
import { sendShared } from '../../shared-body.js';
import * as ex from '../../openapi/examples.js';
import { DeployIdParam, IdParam, ListQuery, NextCursor, Sha256 } from '../../schemas/common.js';
import { Name, SettingsPatchBody, Slug } from '../../schemas/deploys.js';

const DeployParams = Type.Object({ deployId: DeployIdParam() });
const VersionParams = Type.Object({ deployId: DeployIdParam(), deployVersionId: IdParam('Version id (`ver_…`).') });
const AliasParams = Type.Object({
  deployId: DeployIdParam(),
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
        description:
          'Creates an empty deploy: a named container for the versions of one document template. It has no version until the first upload session is committed (an upload session can also create its deploy itself, with `createDeploy`). The `slug` must be unused in the account.',
        body: Type.Object({ slug: Slug, name: Name }, { additionalProperties: false }),
        response: { 201: Type.Object({ deploy: Type.Ref('Deploy') }) },
        'x-folio': {
          success: 'The created deploy',
          errors: ['deploy_slug_conflict', 'insufficient_storage'],
          request: { slug: 'invoices', name: 'Invoices' },
          response: { deploy: ex.deploy },
        },
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
        description: 'One page of the deploys of the account, newest first. Pass `nextCursor` back as `cursor` for the next page.',
        querystring: ListQuery,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('DeployListItem')), nextCursor: NextCursor }) },
        'x-folio': { success: 'One page of deploys', query: { limit: 20 }, response: { items: [ex.deployListItem], nextCursor: null } },
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
        description: '`latestVersion` is the version with the highest `versionNo`, or null before the first commit.',
        params: DeployParams,
        response: {
          200: Type.Object({
            deploy: Type.Ref('Deploy'),
            aliases: Type.Array(Type.Ref('Alias')),
            latestVersion: Type.Union([Type.Ref('DeployVersion'), Type.Null()]),
          }),
        },
        'x-folio': {
          success: 'The deploy, its aliases and its latest version',
          errors: ['deploy_not_found'],
          response: { deploy: ex.deploy, aliases: [ex.alias], latestVersion: ex.deployVersion },
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
        description: 'Give `name`, `slug` or both. A new slug must be unused in the account; the old one is free again at once.',
        params: DeployParams,
        body: Type.Object({ name: Type.Optional(Name), slug: Type.Optional(Slug) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Object({ deploy: Type.Ref('Deploy') }) },
        'x-folio': {
          success: 'The updated deploy',
          errors: ['deploy_not_found', 'deploy_slug_conflict', 'insufficient_storage'],
          request: { name: 'Invoices (EU)' },
          response: { deploy: { ...ex.deploy, name: 'Invoices (EU)' } },
        },
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
        response: { 204: Type.Null() },
        'x-folio': { success: 'Deleted', errors: ['deploy_not_found', 'insufficient_storage'] },
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
        description: 'One page of the versions of the deploy, by `versionNo`, highest first.',
        params: DeployParams,
        querystring: ListQuery,
        response: { 200: Type.Object({ items: Type.Array(Type.Ref('DeployVersion')), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of versions',
          errors: ['deploy_not_found'],
          query: { limit: 10 },
          response: { items: [ex.deployVersion], nextCursor: null },
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
        description: 'A version is immutable: its files, entry route, title, render timeout and metadata never change.',
        params: VersionParams,
        response: { 200: Type.Object({ deployVersion: Type.Ref('DeployVersion') }) },
        'x-folio': {
          success: 'The version',
          errors: ['deploy_not_found', 'deploy_version_not_found'],
          response: { deployVersion: ex.deployVersion },
        },
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
        description: 'Every file of the version in one answer, sorted by path.',
        params: VersionParams,
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object({ path: Type.String(), sha256: Sha256, size: Type.Integer(), mime: Type.String() })),
          }),
        },
        'x-folio': {
          success: 'The files of the version',
          errors: ['deploy_not_found', 'deploy_version_not_found'],
          response: ex.versionFiles,
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
        description:
          'Refused with 409 `deploy_version_in_use` while an alias names the version or unfinished render jobs use it. Its files stay stored while other versions use them.',
        params: VersionParams,
        response: { 204: Type.Null() },
        'x-folio': {
          success: 'Deleted',
          errors: ['deploy_not_found', 'deploy_version_not_found', 'deploy_version_in_use', 'insufficient_storage'],
        },
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
        description:
          'Creates the alias or moves it, atomically. `deployVersionId` is a concrete version of this deploy or `latest` (then the alias follows every new commit). Render jobs already created keep the version they were bound to. The alias name matches `^[a-z][a-z0-9-]{0,62}$` and cannot be `latest`.',
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
        response: { 200: Type.Ref('Alias') },
        'x-folio': {
          success: 'The alias',
          errors: ['deploy_not_found', 'deploy_version_not_found', 'insufficient_storage'],
          request: { deployVersionId: ex.ids.version },
          response: ex.alias,
        },
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
        description:
          "The deploy's webhook, version retention, environment variables and secrets (names only: secret values are write-only). A signing secret is never returned, only whether it exists and a masked preview.",
        params: DeployParams,
        response: { 200: Type.Object({ settings: Type.Ref('DeploySettings') }) },
        'x-folio': { success: "The deploy's settings", errors: ['deploy_not_found'], response: { settings: ex.deploySettings } },
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
          "Groups are optional; inside `webhook`, `enabled` is required; inside `versionLifecycle`, both fields; inside `secrets`, `upsert`. `webhook.url` must be `https://` and resolve to public addresses only. `webhook.signingSecretAction`: `rotate` creates or replaces the deploy's own signing secret (the previous one keeps signing for 24 h), `disable` removes it (the account secret signs again). `environment.variables` replaces the whole set (send `[]` to clear). Secrets: deletes are applied before upserts; values are write-only.",
        params: DeployParams,
        body: SettingsPatchBody,
        response: { 200: Type.Object({ settings: Type.Ref('DeploySettings') }) },
        'x-folio': {
          success: 'The settings after the update',
          errors: ['deploy_not_found', 'insufficient_storage'],
          request: ex.settingsPatch,
          response: { settings: ex.deploySettings },
        },
      },
    },
    async (req) => s.settings.update(principalOf(req).accountId, req.params.deployId, req.body),
  );
}
