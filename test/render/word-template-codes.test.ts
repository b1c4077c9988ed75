// qrCode and barcode in a Word template (sandbox/word-template-codes.ts): filled in a real sandbox thread,
// converted by real LibreOffice, the PDF's page rasterised by poppler at 200 dpi and the codes read back by
// zbarimg (test/helpers/barcodes.ts). A text the symbology cannot encode fails the fill naming the command.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { OfficePool } from '../../src/office/office-pool.js';
import { RenderError, type RenderBundle } from '../../src/render/types.js';
import { SandboxPool } from '../../src/sandbox/pool.js';
import { fillWordTemplateJob } from '../../src/worker/producers/word-template.js';
import { EPC_PAYMENT, zbarCodes } from '../helpers/barcodes.js';
import { withPdfFile } from '../helpers/pdf.js';

const EPC = EPC_PAYMENT;

const template = (paragraphs: string[]) =>
  Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((t) => new Paragraph({ children: [new TextRun(t)] })) }] }));

describe('Word template: qrCode and barcode', () => {
  const sandbox = new SandboxPool({ threads: 1, memoryMb: 256 });
  const office = new OfficePool({ size: 1, maxConversionsPerProcess: 20, memoryMb: 3072, user: 'folio-office', sofficePath: null });
  before(() => {
    const reason = office.unavailableReason();
    assert.equal(reason, null, `LibreOffice is installed by the set-up: ${reason}`);
  });
  after(async () => {
    await office.close();
    await sandbox.close();
  });

  async function fill(paragraphs: string[], payload: unknown): Promise<Buffer> {
    const bundle: RenderBundle = {
      key: `word-codes-${paragraphs.join('|')}`,
      files: new Map([['/codes.docx', { body: await template(paragraphs), mime: 'application/octet-stream' }]]),
    };
    return fillWordTemplateJob(sandbox, {
      accountId: 'acct_word_codes',
      bundle,
      entryPath: '/codes.docx',
      payload: Buffer.from(JSON.stringify(payload)),
      payloadMime: 'application/json',
      timeoutMs: 10_000,
    });
  }

  test('an EPC payment QR and a Code 128 barcode read back from the converted PDF', async () => {
    const docx = await fill(
      ['Pay with your banking app:', '+++IMAGE qrCode(epc, 4)+++', 'Invoice number:', '+++IMAGE barcode("code128", number, 7)+++'],
      { epc: EPC, number: 'INV-2026-0042' },
    );
    const { pdf } = await office.convert({
      accountId: 'acct_word_codes',
      fileName: 'codes.docx',
      bytes: docx,
      options: {},
      timeoutMs: 60_000,
      maxOutputBytes: null,
    });
    const codes = zbarCodes(pdf);
    assert.deepEqual(codes.map((c) => `${c.type}:${c.text}`).sort(), ['CODE-128:INV-2026-0042', `QR-Code:${EPC}`], JSON.stringify(codes));
    const images = withPdfFile(pdf, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
    console.log(`raster images in the PDF (LibreOffice prints the SVG when it reads it, else its PNG):\n${images}`);
  });

  test('a text the symbology cannot encode fails the fill naming the command', async () => {
    const err = await fill(['+++IMAGE barcode("ean13", number)+++'], { number: 'INV-2026-0042' }).then(
      () => assert.fail('filled'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof RenderError);
    assert.equal(err.code, 'template_render_failed');
    assert.match(err.message, /the command \+\+\+barcode\("ean13", number\)\+\+\+ failed: .*ean13/i);
  });
});
