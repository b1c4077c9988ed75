// The version check as the API shows it (services/deploys/version-checks.ts builds it).
import { Type } from '@sinclair/typebox';
import { EpochMs } from './common.js';

const ErrorRef = Type.Object({ code: Type.String(), message: Type.String() });

const FixturePage = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('compared'), Type.Literal('missing'), Type.Literal('new')], {
    description: '`compared` (on both sides), `missing` (in the snapshot only) or `new` (printed now only).',
  }),
  drifts: Type.Boolean(),
  ratio: Type.Optional(Type.Number({ description: "Share of the page's pixels that differ (compared pages)." })),
  sizeMismatch: Type.Optional(Type.Boolean({ description: 'The page is drawn at another size than recorded.' })),
});

export const CheckFixtureResult = Type.Object(
  {
    name: Type.String({ description: 'The fixture: `tests/<name>.json`.' }),
    file: Type.String(),
    status: Type.Union(
      [Type.Literal('pending'), Type.Literal('passed'), Type.Literal('drifted'), Type.Literal('no_snapshot'), Type.Literal('failed')],
      {
        description:
          '`pending` while it prints; `passed` (page count, text and every page within the tolerance), `drifted` (the message says what), `no_snapshot` (printed, but the version carries no `__snapshots__/<name>/`), `failed` (not valid JSON, the print failed, or a damaged snapshot: `error`).',
      },
    ),
    jobId: Type.Optional(Type.String({ description: 'The render job that printed it (`job_…`).' })),
    pages: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    expectedPages: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    message: Type.Optional(Type.String({ description: 'One line: what drifted ("page 2 differs (1.3% of pixels)"), or why it failed.' })),
    textDiffers: Type.Optional(Type.Boolean()),
    textDiff: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'The changed text lines with 2 lines of context: `- ` recorded, `+ ` printed now, `  ` unchanged, `…` lines left out (at most 60).',
      }),
    ),
    pageResults: Type.Optional(Type.Array(FixturePage)),
    browser: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'The browser that printed it now.' })),
    recordedBrowser: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "The snapshot's browser (its meta.json)." })),
    error: Type.Optional(ErrorRef),
  },
  { title: 'VersionCheckFixture' },
);

export const VersionCheck = Type.Object(
  {
    id: Type.String({ description: 'Check id (`chk_…`).' }),
    deployId: Type.String(),
    deployVersionId: Type.String(),
    batchId: Type.Union([Type.String(), Type.Null()], {
      description: 'The render batch (combine `check`) whose items print the fixtures; null when none could be printed.',
    }),
    status: Type.Union(
      [Type.Literal('running'), Type.Literal('passed'), Type.Literal('drifted'), Type.Literal('no_snapshot'), Type.Literal('failed')],
      {
        description:
          '`running` until every fixture is judged; then the worst fixture status: `failed`, `drifted`, `no_snapshot`, `passed`.',
      },
    ),
    tolerance: Type.Number({ description: "Share of a page's pixels that may differ before it drifts (0.001 = 0.1 %)." }),
    counts: Type.Object({
      pending: Type.Integer(),
      passed: Type.Integer(),
      drifted: Type.Integer(),
      noSnapshot: Type.Integer(),
      failed: Type.Integer(),
    }),
    fixtures: Type.Array(CheckFixtureResult),
    error: Type.Optional(ErrorRef),
    createdAt: EpochMs,
    finishedAt: Type.Optional(Type.Integer({ description: 'When the judgement was recorded.' })),
  },
  { title: 'VersionCheck' },
);

export const CreateCheckBody = Type.Object(
  {
    tolerance: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: "Share of a page's pixels that may differ before the page drifts (default 0.001 = 0.1 %, as `folio test`).",
      }),
    ),
  },
  { additionalProperties: false },
);
