// The document options a version (`render.metadata.pdf`, checked at commit by validateVersionPdf) and a job
// (`pdf`, `print.tagged`, `signature`, `protection`, checked at creation by JobDocuments.checkDocument) both
// set follow one set of rules, src/domain/pdfs/document-options.ts: the same value gets the same answer on
// both paths, each naming the field as its request does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  certificateIdProblem,
  certificateValidityProblem,
  documentOptionsProblem,
  encryptedArchiveProblem,
  isSigningCertificateId,
  JOB_OPTION_NAMES,
  MAX_CERTIFICATE_ID_LENGTH,
  signatureProblem,
  uaPermissionsProblem,
  withVersionProblem,
  type DocumentOptions,
} from '../../src/domain/pdfs/document-options.js';
import { MAX_KEYWORD_LENGTH, MAX_LANG_TAG_LENGTH, MAX_METADATA_TEXT } from '../../src/domain/pdfs/pdf-document.js';
import { MAX_SIGNATURE_TEXT } from '../../src/domain/pdfs/signature-text.js';
import { validateVersionPdf } from '../../src/render/pdf-options.js';

const job = (o: DocumentOptions) => documentOptionsProblem(o, JOB_OPTION_NAMES);
/** The commit's answer for the same options, with `tagged` where a version writes it (beside them). */
const version = ({ tagged, ...o }: DocumentOptions) => validateVersionPdf({ ...o, ...(tagged !== undefined ? { tagged } : {}) });
/** The same problem under the job's names (`pdf.`, `signature.`) and the version's (`render.metadata.pdf.`). */
const asVersion = (p: { field: string; message: string }) => {
  const rename = (s: string) =>
    s.replace(/\b(pdf|signature)\b(?=[.[]|$| )/g, (m) => (m === 'pdf' ? 'render.metadata.pdf' : 'render.metadata.pdf.signature'));
  return { field: rename(p.field), message: rename(p.message) };
};

test('the same bad value is refused with the same message at commit and at job creation', () => {
  const cases: DocumentOptions[] = [
    { standard: 'pdf/a-1b' },
    { standard: 'pdf/ua-1' },
    { accessibility: 'pdf/ua-2' },
    { metadata: 'Invoice' },
    { metadata: { colour: 'red' } },
    { metadata: { title: 'x'.repeat(MAX_METADATA_TEXT + 1) } },
    { metadata: { author: 'a\u0007' } },
    { metadata: { keywords: 'a, b' } },
    { metadata: { keywords: ['ok', ''] } },
    { metadata: { keywords: ['k'.repeat(MAX_KEYWORD_LENGTH + 1)] } },
    { metadata: { lang: 'en_US' } },
    { signature: 'scert_a' },
    { signature: { certificateId: 'scert_a', colour: 'red' } },
    { signature: { certificateId: 'pdf_123' } },
    { signature: { certificateId: 'scert_a', reason: 'x'.repeat(MAX_SIGNATURE_TEXT + 1) } },
    { signature: { certificateId: 'scert_a', visible: { page: 0, rect: { x: 0, y: 0, width: 100, height: 40 } } } },
  ];
  for (const o of cases) {
    const p = job(o);
    assert.ok(p, `refused: ${JSON.stringify(o)}`);
    assert.deepEqual(version(o), asVersion(p), JSON.stringify(o));
  }
  const fine: DocumentOptions = {
    standard: 'pdf/a-3b',
    accessibility: 'pdf/ua-1',
    metadata: { title: 'Invoice', keywords: ['a'], lang: 'de-CH' },
    signature: { certificateId: 'scert_a', reason: 'x'.repeat(MAX_SIGNATURE_TEXT) },
  };
  assert.equal(job(fine), null);
  assert.equal(version(fine), null);
});

test('messages name the field as the request does, and say what would be accepted', () => {
  assert.deepEqual(job({ standard: 'pdf/ua-1' }), {
    field: 'pdf.standard',
    message:
      'pdf.standard must be one of none, pdf/a-2b, pdf/a-3b (PDF/UA-1 is pdf.accessibility: "pdf/ua-1", which combines with a standard)',
  });
  assert.match(version({ accessibility: 'yes' })!.message, /^render\.metadata\.pdf\.accessibility must be one of none, pdf\/ua-1/);
  assert.deepEqual(job({ metadata: { colour: 'red' } }), {
    field: 'pdf.metadata.colour',
    message: 'pdf.metadata.colour is not a known field (allowed: title, author, subject, keywords, creator, lang)',
  });
  assert.deepEqual(job({ signature: { certificateId: 'pdf_123' } }), {
    field: 'signature.certificateId',
    message: 'signature.certificateId must be a signing certificate id (scert_…)',
  });
});

test('a language tag longer than the limit is refused at commit as at job creation (the job schema had it alone)', () => {
  const long = `en-${Array.from({ length: 15 }, () => 'abcdefgh').join('-')}`;
  assert.ok(long.length > MAX_LANG_TAG_LENGTH);
  assert.equal(version({ metadata: { lang: long } })?.field, 'render.metadata.pdf.metadata.lang');
  assert.equal(job({ metadata: { lang: long } })?.field, 'pdf.metadata.lang');
  assert.equal(version({ metadata: { lang: 'en-GB-oxendict' } }), null);
});

test('a certificate id has the form scert_…, wherever a signature names one', () => {
  assert.equal(isSigningCertificateId('scert_01jq8v0m2x4k7s9d3f5h6j8k0n'), true);
  for (const bad of ['', 'scert_', 'pdf_123', 'scert_a b', `scert_${'a'.repeat(MAX_CERTIFICATE_ID_LENGTH)}`, 42, undefined])
    assert.equal(isSigningCertificateId(bad), false, String(bad));
  assert.equal(certificateIdProblem('scert_a', 'steps[0].certificateId'), null);
  assert.equal(signatureProblem({ reason: 'Issued' }, 'signature')?.field, 'signature.certificateId');
});

test('PDF/UA-1 needs a tagged print: the version names its accessibility, a job its print option', () => {
  assert.deepEqual(version({ accessibility: 'pdf/ua-1', tagged: false }), {
    field: 'render.metadata.pdf.accessibility',
    message:
      'render.metadata.pdf.accessibility "pdf/ua-1" needs a tagged PDF, and render.metadata.pdf.tagged is false: leave out render.metadata.pdf.tagged (or set it to true)',
  });
  assert.deepEqual(job({ accessibility: 'pdf/ua-1', tagged: false }), {
    field: 'print.tagged',
    message: 'pdf.accessibility "pdf/ua-1" needs a tagged PDF, and print.tagged is false: leave out print.tagged (or set it to true)',
  });
  assert.equal(job({ accessibility: 'none', tagged: false }), null);
  assert.equal(version({ accessibility: 'pdf/ua-1', tagged: true }), null);
});

test("a job's protection: PDF/UA-1 keeps text readable, PDF/A (its own, an e-invoice's, its version's) forbids it", () => {
  const protection = { ownerPassword: 'owner-secret' };
  assert.equal(job({ protection }), null);
  assert.equal(job({ standard: 'none', protection }), null);
  assert.deepEqual(job({ standard: 'pdf/a-2b', protection }), {
    field: 'protection',
    message: 'protection cannot be combined with pdf.standard "pdf/a-2b": PDF/A forbids encryption (leave out pdf.standard or protection)',
  });
  const eInvoice = { standard: 'factur-x' as const, profile: 'MINIMUM' as const };
  assert.match(job({ eInvoice, protection })!.message, /^protection cannot be combined with eInvoice .*PDF\/A forbids encryption/);
  assert.equal(job({ protection: { ownerPassword: 'same', userPassword: 'same' } })?.field, 'protection.ownerPassword');
  const denied = { ownerPassword: 'owner-secret', permissions: { accessibility: false } };
  assert.equal(job({ accessibility: 'pdf/ua-1', protection: denied })?.field, 'protection.permissions.accessibility');
  assert.equal(job({ protection: denied }), null);
  // The same rules with the version's values, as the job's creation applies them once the version is bound.
  const named = { standard: `the version's render.metadata.pdf.standard "pdf/a-2b"`, remedy: 'set pdf.standard to "none"' };
  assert.match(
    encryptedArchiveProblem('pdf/a-2b', protection, named)!.message,
    /version's render\.metadata\.pdf\.standard "pdf\/a-2b": PDF\/A forbids/,
  );
  assert.equal(encryptedArchiveProblem('none', protection, named), null);
  assert.equal(encryptedArchiveProblem('pdf/a-2b', undefined, named), null);
  const ua = { accessibility: "the version's render.metadata.pdf.accessibility", remedy: 'allow it' };
  assert.match(
    uaPermissionsProblem('pdf/ua-1', denied, ua)!.message,
    /with the version's render\.metadata\.pdf\.accessibility "pdf\/ua-1"/,
  );
  assert.equal(uaPermissionsProblem(undefined, denied, ua), null);
});

test("PDF/UA-1 and an untagged print, one the job's and the other its version's: refused, naming the job's field", () => {
  const ua = { accessibility: 'pdf/ua-1' };
  assert.deepEqual(withVersionProblem({ print: { tagged: false } }, ua), {
    field: 'print.tagged',
    message:
      'the version\'s render.metadata.pdf.accessibility "pdf/ua-1" needs a tagged PDF, and print.tagged is false: leave out print.tagged (or set it to true), or set pdf.accessibility to "none" for this job',
  });
  assert.deepEqual(withVersionProblem({ accessibility: 'pdf/ua-1' }, { tagged: false }), {
    field: 'pdf.accessibility',
    message:
      'pdf.accessibility "pdf/ua-1" needs a tagged PDF, and the version\'s render.metadata.pdf.tagged is false: set print.tagged to true for this job, or leave out pdf.accessibility',
  });
  // The job turns one of them off, or sets both itself (checked at creation), or sets neither (checked at commit).
  assert.equal(withVersionProblem({ accessibility: 'none', print: {} }, { ...ua, tagged: false }), null);
  assert.equal(withVersionProblem({ accessibility: 'pdf/ua-1', print: { tagged: true } }, { tagged: false }), null);
  assert.equal(withVersionProblem({ print: { tagged: false } }, {}), null);
  assert.equal(withVersionProblem({}, { ...ua, tagged: false }), null);
});

test("a job's values against its version's standard and accessibility", () => {
  const protection = { permissions: { accessibility: false } };
  assert.equal(withVersionProblem({ protection }, { standard: 'pdf/a-2b' })?.field, 'protection');
  assert.equal(withVersionProblem({ standard: 'none', protection }, { standard: 'pdf/a-2b' }), null);
  assert.equal(withVersionProblem({ protection }, { accessibility: 'pdf/ua-1' })?.field, 'protection.permissions.accessibility');
  assert.equal(withVersionProblem({ accessibility: 'none', protection }, { accessibility: 'pdf/ua-1' }), null);
  const csv = { name: 'a.csv', mimeType: 'text/csv', relationship: 'Data' as const, size: 3 };
  assert.match(
    withVersionProblem({ attachments: [csv] }, { standard: 'pdf/a-2b' })!.message,
    /^with the version's render\.metadata\.pdf\.standard "pdf\/a-2b": PDF\/A-2b/,
  );
  const eInvoice = { standard: 'factur-x' as const, profile: 'MINIMUM' as const };
  assert.equal(withVersionProblem({ eInvoice }, { standard: 'pdf/a-2b' })?.field, 'eInvoice');
});

test('a signing certificate signs within its validity only: one rule at commit, at job creation and in a sign step', () => {
  const validity = { notBefore: Date.parse('2025-01-01T00:00:00Z'), notAfter: Date.parse('2026-01-01T00:00:00Z') };
  const field = 'signature.certificateId';
  assert.equal(certificateValidityProblem('scert_a', validity, Date.parse('2025-06-01T00:00:00Z'), field), null);
  assert.deepEqual(certificateValidityProblem('scert_a', validity, validity.notAfter, field), {
    field,
    message: 'signature.certificateId: signing certificate scert_a is expired (since 2026-01-01T00:00:00.000Z)',
  });
  assert.deepEqual(certificateValidityProblem('scert_a', validity, validity.notBefore - 1, 'render.metadata.pdf.signature.certificateId'), {
    field: 'render.metadata.pdf.signature.certificateId',
    message: 'render.metadata.pdf.signature.certificateId: signing certificate scert_a is not valid yet (from 2025-01-01T00:00:00.000Z)',
  });
});
