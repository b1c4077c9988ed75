// A Word template filled in a real sandbox thread (`word.fill`, worker/producers/word-template.ts) and
// converted by real LibreOffice (office/office-pool.ts): the invoice's 50 lines, its helpers' formatting, the
// condition present or absent by payload, the bundle's image, read back from the PDF with poppler. A runtime
// error is template_render_failed naming the command.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { SandboxPool } from '../../src/sandbox/pool.js';
import { OfficePool } from '../../src/office/office-pool.js';
import { fillWordTemplateJob } from '../../src/worker/producers/word-template.js';
import { RenderError, type RenderBundle } from '../../src/render/types.js';
import { pdfText, withPdfFile } from '../helpers/pdf.js';
import { solidPng } from '../helpers/real-documents.js';
import { wordInvoicePayload, wordInvoiceTemplate } from '../fixtures/word-invoice.js';

describe('Word template: fill in the sandbox, convert with LibreOffice', () => {
  const sandbox = new SandboxPool({ threads: 1, memoryMb: 256 });
  const office = new OfficePool({ size: 1, maxConversionsPerProcess: 20, memoryMb: 3072, user: 'folio-office', sofficePath: null });
  let bundle: RenderBundle;
  before(async () => {
    const reason = office.unavailableReason();
    assert.equal(reason, null, `LibreOffice is installed by the set-up: ${reason}`);
    bundle = {
      key: 'word-invoice',
      files: new Map([
        [
          '/invoice.docx',
          { body: await wordInvoiceTemplate(), mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
        ],
        ['/logo.png', { body: solidPng(), mime: 'image/png' }],
      ]),
    };
  });
  after(async () => {
    await office.close();
    await sandbox.close();
  });

  const job = (payload: unknown) => ({
    accountId: 'acct_word',
    bundle,
    entryPath: '/invoice.docx',
    payload: Buffer.from(JSON.stringify(payload)),
    payloadMime: 'application/json',
    timeoutMs: 10_000,
  });

  async function render(payload: unknown) {
    const docx = await fillWordTemplateJob(sandbox, job(payload));
    const r = await office.convert({
      accountId: 'acct_word',
      fileName: 'invoice.docx',
      bytes: docx,
      options: {},
      timeoutMs: 60_000,
      maxOutputBytes: null,
    });
    return r.pdf;
  }

  test('50 lines, the helpers, the image and the condition reach the PDF', async () => {
    const started = Date.now();
    const pdf = await render(wordInvoicePayload(50, true));
    const text = pdfText(pdf);
    assert.match(text, /Invoice INV-2026-0042/);
    assert.match(text, /Customer: Blue Harbor Logistics Ltd\./);
    assert.match(text, /Date: November 27, 2026/);
    for (let i = 1; i <= 50; i++) assert.match(text, new RegExp(`Item ${i}\\s+${i - 1}\\.50\\s+€${9 + i}\\.00`), `line ${i}`);
    assert.doesNotMatch(text, /Item 51/);
    assert.match(text, /Total: €1,234\.50/);
    assert.match(text, /Paid in full, thank you\./);
    assert.match(text, /50 lines in all\./);
    assert.match(text, /Page 1/, 'the footer with its page number');
    assert.doesNotMatch(text, /\+\+\+/);
    const images = withPdfFile(pdf, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
    assert.match(images, /\b64\s+64\b/, 'the 64×64 logo of the bundle');
    console.log(`fill + convert: ${Date.now() - started} ms`);

    const unpaid = pdfText(await render(wordInvoicePayload(2, false, { locale: 'de-DE' })));
    assert.doesNotMatch(unpaid, /Paid in full/);
    assert.match(unpaid, /Total: 1\.234,50\s€/);
    assert.match(unpaid, /Item 2\s+1,50\s+11,00\s€/);
  });

  test('a command that fails is template_render_failed naming it', async () => {
    const err = await fillWordTemplateJob(sandbox, job({ ...wordInvoicePayload(1, true), invoice: undefined })).then(
      () => assert.fail('filled'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof RenderError);
    assert.equal(err.code, 'template_render_failed');
    assert.match(
      err.message,
      /^Word template invoice\.docx: the command \+\+\+invoice\.number\+\+\+ failed: ReferenceError: invoice is not defined/,
    );
    const notJson = await fillWordTemplateJob(sandbox, {
      ...job({}),
      payload: Buffer.from('<xml/>'),
      payloadMime: 'application/xml',
    }).catch((e: RenderError) => e);
    assert.ok(notJson instanceof RenderError);
    assert.match(notJson.message, /filled from a JSON payload/);
    const slow = await fillWordTemplateJob(sandbox, {
      ...job(wordInvoicePayload(1, true)),
      bundle: {
        key: 'slow',
        files: new Map([
          ...bundle.files,
          ['/invoice.docx', { body: await wordInvoiceTemplate({ numberParagraph: '+++EXEC while (true) {}+++' }), mime: 'x' }],
        ]),
      },
      timeoutMs: 1_000,
    }).catch((e: RenderError) => e);
    assert.ok(slow instanceof RenderError);
    assert.equal(slow.code, 'template_render_failed');
    assert.match(slow.message, /timed out|longer than/);
  });
});
