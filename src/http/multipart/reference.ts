/**
 * The `multipart/form-data` form of a job body in the API reference (x-folio `alternativeBody`):
 * POST /v1/render-jobs and any route that reuses the job body (POST /v1/render) take it.
 */
export const inlineMultipartBody = {
  mediaType: 'multipart/form-data',
  schema: {
    type: 'object',
    description:
      "Inline sources as form parts: the `index.html` part is `html`, every other file a file of `files` whose path is the part's field name (`css/style.css`) — or, as Gotenberg clients send them, `files` parts each named by its file name (`-F files=@index.html -F files=@style.css`) — and the optional `job` part the JSON rest of the job (`payload`, `businessKey`, `outputMode`, `pdf`, `print`, `engine`, …; not `html`, `markdown`, `files`, `deployId`). Without an `index.html` part, an `index.md` part is the entry as `markdown`. Without either, an Office document is the entry (`entry` in the job part names it, else the only part with an Office extension: .docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv), converted with LibreOffice (the Office guide). A missing entry is a 400 naming `index.html`; any other text part (e.g. Gotenberg's `marginTop`) is a 400 naming it, never a stored file (Gotenberg's form fields are taken by `POST /forms/chromium/convert/html`); a plan limit is a 413 naming the part.",
    properties: {
      'index.html': {
        type: 'string',
        format: 'binary',
        description: 'The entry document (UTF-8); a template with `engine` in the job part.',
      },
      'index.md': {
        type: 'string',
        format: 'binary',
        description: 'Without index.html: a Markdown entry document (UTF-8), as `markdown`.',
      },
      job: { type: 'string', contentMediaType: 'application/json', description: 'The rest of the job as a JSON object.' },
    },
    additionalProperties: { type: 'string', format: 'binary', description: 'An asset; the field name is its path.' },
  },
  example: {
    'index.html': '<!doctype html><link rel=stylesheet href=css/style.css><h1>Invoice</h1>',
    'css/style.css': 'h1 { color: #444 }',
    job: '{"businessKey":"INV-2026-0042","payload":{"customer":"ACME"},"print":{"format":"A4","margin":{"top":"20mm"}}}',
  },
  encoding: { job: { contentType: 'application/json' } },
} as const;
