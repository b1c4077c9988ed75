import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../domain/cursor.js';
import { MAX_VERSION_FIXTURES } from '../../../domain/deploys/snapshot-files.js';
import type { Services } from '../../../services/index.js';
import * as cx from '../../openapi/check-examples.js';
import { ids } from '../../openapi/examples.js';
import { principalOf } from '../../plugins/auth.js';
import { DeployIdParam, IdParam, ListQuery, NextCursor } from '../../schemas/common.js';
import { CreateCheckBody, VersionCheck } from '../../schemas/version-checks.js';
import { QUOTA_ERRORS } from '../../openapi/job-creation-errors.js';

const tags = ['Deploys'];
const VersionParams = Type.Object({ deployId: DeployIdParam(), deployVersionId: IdParam('Version id (`ver_…`).') });
const CheckParams = Type.Object({
  deployId: DeployIdParam(),
  deployVersionId: IdParam('Version id (`ver_…`).'),
  checkId: IdParam('Check id (`chk_…`).'),
});
const parameters = { deployId: ids.deploy, deployVersionId: ids.version };

export function versionCheckRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/deploys/:deployId/versions/:deployVersionId/checks',
    {
      config: { scope: 'render:write' },
      schema: {
        tags,
        summary: "Check a version's fixtures against its snapshots",
        description: `Prints every fixture the version carries (\`tests/<name>.json\` among its files, at most ${MAX_VERSION_FIXTURES}) again on this server and compares each print with the snapshot the version carries (\`__snapshots__/<name>/\`, recorded by \`folio test --update\`): page count, text, and each page's pixels within \`tolerance\`, by the rules of \`folio test\`. Run it after a Chromium upgrade to see which live versions print differently before customers do. The prints are the items of a render batch with \`combine: "check"\` (\`batchId\`): each is an ordinary render job, counted in the render quotas; no webhook is sent. Answers 202 at once; poll \`GET …/checks/{checkId}\` until \`status\` is no longer \`running\`. A fixture that is not valid JSON fails on its own; a payload that does not match the version's payload schema is refused (400 naming the fixture's file).`,
        params: VersionParams,
        body: Type.Optional(CreateCheckBody),
        response: { 202: Type.Object({ check: VersionCheck }) },
        'x-folio': {
          success: 'The check, running',
          errors: [
            'deploy_not_found',
            'deploy_version_not_found',
            'version_has_no_fixtures',
            'payload_invalid',
            ...QUOTA_ERRORS,
            'render_provider_unavailable',
          ],
          parameters,
          request: { tolerance: 0.001 },
          response: cx.checkRunning,
        },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(await s.versionChecks.create(principalOf(req).accountId, req.params.deployId, req.params.deployVersionId, req.body ?? {})),
  );

  r.get(
    '/v1/deploys/:deployId/versions/:deployVersionId/checks',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: "List a version's checks (newest first)",
        description: 'One page of the checks of the version, newest first, each with its fixtures and their results.',
        params: VersionParams,
        querystring: ListQuery,
        response: { 200: Type.Object({ items: Type.Array(VersionCheck), nextCursor: NextCursor }) },
        'x-folio': {
          success: 'One page of checks',
          errors: ['deploy_not_found', 'deploy_version_not_found'],
          parameters,
          query: { limit: 20 },
          response: { items: [cx.checkDrifted.check], nextCursor: null },
        },
      },
    },
    async (req) =>
      s.versionChecks.list(principalOf(req).accountId, req.params.deployId, req.params.deployVersionId, {
        ...req.query,
        limit: req.query.limit ?? DEFAULT_PAGE_SIZE,
      }),
  );

  r.get(
    '/v1/deploys/:deployId/versions/:deployVersionId/checks/:checkId',
    {
      config: { scope: 'render:read' },
      schema: {
        tags,
        summary: 'Get a version check',
        description:
          "`running` while fixtures print and are compared; then the worst fixture's status (`failed`, `drifted`, `no_snapshot`, `passed`), with each fixture's page count, one-line message, per-page pixel shares and text differences.",
        params: CheckParams,
        response: { 200: Type.Object({ check: VersionCheck }) },
        'x-folio': {
          success: 'The check',
          errors: ['deploy_not_found', 'deploy_version_not_found', 'version_check_not_found'],
          parameters: { ...parameters, checkId: cx.checkId },
          response: cx.checkDrifted,
        },
      },
    },
    async (req) => ({
      check: await s.versionChecks.get(principalOf(req).accountId, req.params.deployId, req.params.deployVersionId, req.params.checkId),
    }),
  );
}
