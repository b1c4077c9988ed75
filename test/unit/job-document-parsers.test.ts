// The one parser of each stored document column (domain/jobs/job-document.ts): what the writers store comes
// back typed and equal; anything else is refused with a StoredDataError naming the column.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DOCUMENT_INPUT_COLUMN,
  DOCUMENT_VIEW_COLUMN,
  parseJobDocumentView,
  parseStoredJobDocument,
  type JobDocumentView,
  type StoredJobDocument,
} from '../../src/domain/jobs/job-document.js';
import { isStoredDataError } from '../../src/domain/stored-data.js';

const view: JobDocumentView = {
  standard: 'none',
  attachments: [{ name: 'a.txt', mimeType: 'text/plain', relationship: 'Data', bytes: 3, bundlePath: '/a.txt' }],
  signature: {
    certificateId: 'scert_1',
    subject: 'CN=A',
    fingerprintSha256: 'ab',
    visible: { page: 1, rect: { x: 1, y: 2, width: 100, height: 40 } },
  },
  images: { format: 'png', pages: '1-2', dpi: 96 },
  outputFormat: 'png',
};
const input: StoredJobDocument = {
  attachments: [{ name: 'a.txt', mimeType: 'text/plain', relationship: 'Data', size: 3, contentBase64: 'YWJj' }],
  protection: { sealed: 'v1:abc', userPassword: false, permissions: { print: true } as never },
  images: { format: 'webp', pages: '2-', first: 2, last: null },
  imagesOnly: true,
};

test('what is stored comes back equal, typed', () => {
  assert.deepEqual(parseJobDocumentView(JSON.stringify(view)), view);
  assert.equal(parseJobDocumentView(null), null, 'a plain job has none');
  assert.deepEqual(parseStoredJobDocument(JSON.stringify(input)), input);
});

test('anything else is refused, naming the column', () => {
  const refusedView = [
    'not json',
    '[]',
    '"x"',
    JSON.stringify({ ...view, standard: 'pdf/x' }),
    JSON.stringify({ ...view, attachments: [{ name: 'a', mimeType: 'text/plain', relationship: 'Data' }] }),
    JSON.stringify({ ...view, protection: { userPassword: 'yes', permissions: {} } }),
    JSON.stringify({ ...view, signature: { certificateId: 'scert_1' } }),
    JSON.stringify({ ...view, outputFormat: 'pdf' }),
  ];
  for (const text of refusedView)
    assert.throws(
      () => parseJobDocumentView(text),
      (err: unknown) =>
        isStoredDataError(err, 'job_document') && err.column === DOCUMENT_VIEW_COLUMN && err.message.startsWith(DOCUMENT_VIEW_COLUMN),
      text,
    );
  const refusedInput = [
    '{',
    JSON.stringify({}),
    JSON.stringify({ ...input, attachments: [{ name: 'a', mimeType: 'text/plain', relationship: 'Data', size: 3 }] }),
    JSON.stringify({
      ...input,
      attachments: [{ name: 'a', mimeType: 'text/plain', relationship: 'Data', size: 3, contentBase64: 'YQ==', bundlePath: '/a' }],
    }),
    JSON.stringify({ ...input, eInvoice: { standard: 'factur-x', profile: 'EN 16931' } }),
    JSON.stringify({ ...input, images: { format: 'png', pages: '1' } }),
    JSON.stringify({ ...input, imagesOnly: false }),
  ];
  for (const text of refusedInput)
    assert.throws(
      () => parseStoredJobDocument(text),
      (err: unknown) => isStoredDataError(err, 'job_document') && err.column === DOCUMENT_INPUT_COLUMN,
      text,
    );
});
