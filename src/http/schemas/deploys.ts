import { JobWarningCodeSchema } from './warnings.js';
import { Type } from '@sinclair/typebox';
import { SLUG_PATTERN } from '../../services/deploys/deploys.js';
import { ENV_NAME_PATTERN } from '../../services/accounts/settings.js';
import { EpochMs } from './common.js';

export const Slug = Type.String({
  minLength: 1,
  maxLength: 63,
  pattern: SLUG_PATTERN,
  description: 'Unique per account: lowercase letters, digits and dashes.',
});
export const Name = Type.String({ minLength: 1, maxLength: 200 });

export const Deploy = Type.Object(
  { id: Type.String(), accountId: Type.String(), slug: Type.String(), name: Type.String(), createdAt: EpochMs },
  { $id: 'Deploy', title: 'Deploy' },
);
export const DeployListItem = Type.Object(
  { id: Type.String(), slug: Type.String(), name: Type.String(), createdAt: EpochMs },
  { $id: 'DeployListItem', title: 'DeployListItem' },
);

export const DeployVersion = Type.Object(
  {
    id: Type.String(),
    displayId: Type.String({ description: '`v<versionNo>-<first 7 hex of treeHash>`' }),
    deployId: Type.String(),
    versionNo: Type.Integer(),
    treeHash: Type.String({ description: 'sha256 over the sorted entries, one line `path\\0sha256\\0size\\n` each.' }),
    renderIndexKey: Type.String(),
    renderPackKey: Type.String(),
    route: Type.String(),
    title: Type.String(),
    renderTimeoutMs: Type.Optional(Type.Integer()),
    metadataJson: Type.Optional(Type.String()),
    payloadSchema: Type.Optional(
      Type.Unknown({
        description:
          "The bundle's `payload.schema.json` (JSON Schema 2020-12), checked at commit: every job's JSON payload must match it (400 `payload_invalid`). Absent without one.",
      }),
    ),
    samplePayload: Type.Optional(
      Type.Unknown({ description: "The bundle's `sample-payload.json` (it matches the schema); absent without one." }),
    ),
    printDefaults: Type.Integer({
      minimum: 1,
      description:
        'The print defaults this version prints with where its document says nothing (page margin, prefers-reduced-motion): `1` for versions committed before 2026-11-27 (no page margin), `2` after (Chromium\'s 1 cm, reduced motion). Fixed at commit, so a later change of defaults never changes a live version\'s PDFs (the templates guide, "Print defaults").',
      examples: [2],
    }),
    failOn: Type.Array(JobWarningCodeSchema, {
      description: "The warning codes that fail this version's jobs (`render.failOn` at commit); empty: none.",
    }),
    engine: Type.Union(
      [Type.Literal('html'), ...['handlebars', 'liquid', 'nunjucks', 'mustache', 'markdown', 'docx'].map((e) => Type.Literal(e))],
      {
        description:
          'The template language of the entry (`render.engine` at commit, or its extension); `html` for none; `docx` for a Word template filled from the payload and converted to PDF.',
      },
    ),
    status: Type.String({ description: '`ready` after commit.' }),
    fileCount: Type.Integer(),
    totalBytes: Type.Integer(),
    createdAt: EpochMs,
  },
  { $id: 'DeployVersion', title: 'DeployVersion' },
);

export const Alias = Type.Object(
  {
    deployId: Type.String(),
    alias: Type.String(),
    deployVersionId: Type.String({ description: 'A concrete version id or `latest`.' }),
    updatedAt: EpochMs,
  },
  { $id: 'Alias', title: 'Alias' },
);

const EnvName = Type.String({ minLength: 1, maxLength: 128, pattern: ENV_NAME_PATTERN });

export const DeploySettings = Type.Object(
  {
    deployId: Type.String(),
    webhook: Type.Object({
      enabled: Type.Boolean(),
      url: Type.Optional(Type.String()),
      signingSecretConfigured: Type.Boolean({
        description: 'Whether a deploy-level signing secret exists (otherwise the account secret signs).',
      }),
      signingSecretPreview: Type.Optional(Type.String({ description: 'Masked preview; the full secret is never returned.' })),
    }),
    versionLifecycle: Type.Object({ enabled: Type.Boolean(), retainLatestVersions: Type.Integer({ minimum: 1 }) }),
    environment: Type.Object({
      variables: Type.Array(
        Type.Object({ deployId: Type.String(), name: Type.String(), value: Type.String(), createdAt: EpochMs, updatedAt: EpochMs }),
      ),
    }),
    secrets: Type.Object({
      items: Type.Array(Type.Object({ deployId: Type.String(), name: Type.String(), createdAt: EpochMs, updatedAt: EpochMs }), {
        description: 'Secret values are write-only.',
      }),
    }),
  },
  { $id: 'DeploySettings', title: 'DeploySettings' },
);

export const SettingsPatchBody = Type.Object(
  {
    webhook: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean(),
          url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, format: 'uri' })),
          signingSecretAction: Type.Optional(
            Type.Union([Type.Literal('rotate'), Type.Literal('disable')], {
              description:
                '`rotate` creates or replaces the deploy-level secret (the previous one keeps signing for 24 h); `disable` removes it (the account secret signs).',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    versionLifecycle: Type.Optional(
      Type.Object(
        { enabled: Type.Boolean(), retainLatestVersions: Type.Integer({ minimum: 1, maximum: 10000 }) },
        { additionalProperties: false },
      ),
    ),
    environment: Type.Optional(
      Type.Object(
        {
          variables: Type.Array(Type.Object({ name: EnvName, value: Type.String({ maxLength: 65536 }) }, { additionalProperties: false }), {
            maxItems: 100,
            description: 'The whole set: variables not listed are removed.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    secrets: Type.Optional(
      Type.Object(
        {
          upsert: Type.Array(Type.Object({ name: EnvName, value: Type.String({ maxLength: 65536 }) }, { additionalProperties: false }), {
            maxItems: 100,
          }),
          delete: Type.Optional(Type.Array(EnvName, { maxItems: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
