import { Type } from '@sinclair/typebox';
import { JobWarningsSchema } from './warnings.js';

// GET /v1/render-jobs/{jobId}/diagnostics: the shape of render/diagnostics.ts's RenderDiagnostics.

const at = Type.Integer({ minimum: 0, description: 'Milliseconds since the attempt started.' });
const source = Type.Optional(Type.String({ description: '`URL:line` of the code (URL without query string).' }));

const Entry = Type.Union([
  Type.Object({
    kind: Type.Literal('console'),
    at,
    level: Type.Union(['log', 'info', 'warning', 'error', 'debug'].map((l) => Type.Literal(l))),
    text: Type.String({ description: 'The arguments, joined by spaces (at most 2,000 characters).' }),
    source,
  }),
  Type.Object({
    kind: Type.Literal('exception'),
    at,
    text: Type.String({ description: 'An uncaught exception or unhandled rejection, first line.' }),
    stack: Type.Optional(Type.String()),
    source,
  }),
  Type.Object({
    kind: Type.Literal('request'),
    at,
    url: Type.String({ description: 'Scheme, host and path: no query string, fragment or credentials.' }),
    problem: Type.Union(
      ['blocked', 'not_found', 'http_error', 'network_error', 'timed_out'].map((p) => Type.Literal(p)),
      {
        description:
          '`blocked`: refused by the network policy; `not_found`: not in the bundle (404); `http_error`: an internet request answered with a status of 400 or more; `network_error` / `timed_out`: an internet request that failed.',
      },
    ),
    reason: Type.String(),
  }),
]);

export const RenderDiagnosticsSchema = Type.Object(
  {
    attempt: Type.Integer({ minimum: 0, description: 'The attempt these diagnostics are of (the last one).' }),
    entries: Type.Array(Entry, { description: 'In the order they happened; at most 200 entries and about 64 kB.' }),
    dropped: Type.Object(
      { console: Type.Integer(), exception: Type.Integer(), request: Type.Integer() },
      { description: 'Entries left out once the bounds were reached.' },
    ),
    ready: Type.Union([
      Type.Object({
        mode: Type.Union(
          ['explicit', 'default', 'warm', 'timed_out'].map((m) => Type.Literal(m)),
          {
            description:
              '`explicit`: the page called `folio.ready()`; `default`: Folio waited for load and a quiet network; `warm`: the `folio.onJob` handler ran; `timed_out`: the render timeout ended the wait.',
          },
        ),
        detail: Type.Optional(Type.String({ description: 'What was waited for, or what was still pending.' })),
        byTimeout: Type.Optional(
          Type.Boolean({
            description:
              'Present (true) when the default protocol printed after 3 s of work that did not end: the page may be incomplete (warning `ready_by_timeout`).',
          }),
        ),
      }),
      Type.Null(),
    ]),
    timings: Type.Object(
      Object.fromEntries(
        ['queued', 'load', 'readyWait', 'print', 'steps', 'postProcess', 'images', 'store'].map((k) => [
          k,
          Type.Optional(Type.Integer({ minimum: 0 })),
        ]),
      ),
      {
        description:
          "Milliseconds per phase: `queued` (due to claimed), `load` (navigation to the load event), `readyWait` (load to print), `print` (printing and streaming the PDF), `postProcess` and `store` (jobs with document options), `images` (drawing and storing page images). A PDF job (`POST /v1/pdf-jobs`) has `load` (reading its sources) and `steps` (joining them and running its steps) instead of the page's phases.",
      },
    ),
    warnings: Type.Optional(JobWarningsSchema),
    pageCount: Type.Optional(Type.Integer()),
    bytes: Type.Optional(Type.Integer()),
    traceId: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{32}$',
        description:
          "The W3C trace id of this attempt: the job's `traceId`, or the trace Folio started for the attempt when the job has none and Folio exports traces. Its spans and the worker's log lines about it (`traceId`) carry it.",
      }),
    ),
    preloaded: Type.Optional(
      Type.Boolean({
        description:
          'Present (true) when the job\'s page had been loaded ahead of the job, while the account\'s previous job of the same template printed (preloading; the templates guide, "Preloading", says what a template sees differently): `load` is then only the wait for what was left of that load.',
      }),
    ),
    parts: Type.Optional(
      Type.Object(
        {
          count: Type.Integer({ minimum: 1, description: 'Parts the document was printed in.' }),
          pages: Type.Array(Type.Integer({ minimum: 0 }), { description: "Each part's pages, in order." }),
          workers: Type.Integer({
            minimum: 1,
            description: 'How many workers printed the parts (several share one document on PostgreSQL).',
          }),
        },
        {
          description:
            'Long documents only (`pdf.parts`, the long-documents guide): the parts the document was printed in and joined from. The other fields describe the first part.',
        },
      ),
    ),
    pageReferences: Type.Optional(
      Type.Object(
        {
          references: Type.Integer({ minimum: 0, description: 'Ids the page referred to (`folio.pageOf`, `data-folio-page-of`).' }),
          prints: Type.Integer({ minimum: 1, description: 'How many times the page was printed (2 when the numbers settled at once).' }),
          unresolved: Type.Array(Type.String(), {
            description: 'Referenced ids that no printed element has (at most 20); their placeholders were left as written.',
          }),
        },
        {
          description:
            'Versions with `render.metadata.pdf.pageReferences` only: the two-pass render of page numbers (a table of contents, "see page N").',
        },
      ),
    ),
  },
  { title: 'RenderDiagnostics' },
);
