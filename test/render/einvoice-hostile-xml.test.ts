// Hostile XML against the e-invoice validator process itself (src/einvoice/validator-process.ts), below the
// checks that refuse a DOCTYPE before it: an external entity pointing at a listener of this test, entity
// expansion (billion laughs), XInclude of a local file, nesting past the depth limit, and a request past the
// time limit. None reaches the network or the file system, each is answered as not well-formed or refused,
// and the process answers the next request.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ruleSetPlan } from '../../src/einvoice/rule-sets.js';
import { isEInvoiceError } from '../../src/einvoice/einvoice-error.js';
import { validateEInvoice } from '../../src/einvoice/validate.js';
import { EInvoiceValidatorProcess } from '../../src/einvoice/validator-process.js';

const SETTINGS = { java: null, saxonJar: '/usr/share/java/Saxon-HE.jar', memoryMb: 256, timeoutMs: 60_000 };
const VALID = fs.readFileSync(
  path.resolve('test/fixtures/einvoice/xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml'),
);
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

describe('hostile XML in the e-invoice validator process', () => {
  const validator = new EInvoiceValidatorProcess(SETTINGS);
  const plan = ruleSetPlan('CII', 'XRECHNUNG');
  const run = (xml: string) =>
    validator.run(
      plan.schema,
      plan.ruleSets.map((r) => r.stylesheet),
      Buffer.from(xml),
    );
  let listener: http.Server;
  let requests = 0;
  let port = 0;

  before(async () => {
    listener = http.createServer((_req, res) => {
      requests++;
      res.end('<rsm:Note xmlns:rsm="x">fetched</rsm:Note>');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  after(async () => {
    validator.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  test('an external entity and a DTD of a listener are never fetched: not well-formed', async () => {
    for (const xml of [
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "http://127.0.0.1:${port}/x">]><rsm:CrossIndustryInvoice xmlns:rsm="${CII}">&x;</rsm:CrossIndustryInvoice>`,
      `<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://127.0.0.1:${port}/x.dtd"><rsm:CrossIndustryInvoice xmlns:rsm="${CII}"/>`,
    ]) {
      const answer = await run(xml);
      assert.equal(answer.wellFormed, false);
      assert.match(answer.schema[0]!.message, /DOCTYPE/);
    }
    assert.equal(requests, 0, 'the listener was never asked');
  });

  test('billion laughs: refused at its DOCTYPE, at once', async () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const answer = await run(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY l0 "lol">${entities}]><r>&l10;</r>`);
    assert.equal(answer.wellFormed, false);
  });

  test('XInclude of a local file is not processed: the file never shows in the answer', async () => {
    const xml = VALID.toString('utf8').replace(
      '<rsm:ExchangedDocument>',
      '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/><rsm:ExchangedDocument>',
    );
    const answer = await run(xml);
    assert.equal(answer.wellFormed, true);
    assert.ok(answer.schema.length > 0, 'the schema refuses the element');
    assert.ok(!JSON.stringify(answer).includes('root:'), 'no line of /etc/passwd');
  });

  test('nesting past the depth limit is not well-formed, and the process answers the next request', async () => {
    const depth = 100_000;
    const deep = `<rsm:CrossIndustryInvoice xmlns:rsm="${CII}">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</rsm:CrossIndustryInvoice>`;
    const answer = await run(deep);
    assert.equal(answer.wellFormed, false);
    assert.match(answer.schema[0]!.message, /depth|256/i);
    const next = await validateEInvoice(validator, VALID, { maxBytes: 20e6 });
    assert.equal(next.valid, true);
  });

  test('past its time limit the process is killed and the XML refused; nothing is left running', async () => {
    const hurried = new EInvoiceValidatorProcess({ ...SETTINGS, timeoutMs: 1 });
    try {
      await assert.rejects(
        validateEInvoice(hurried, VALID, { maxBytes: 20e6 }),
        (err) => isEInvoiceError(err, 'failed') && /longer than 1 ms/.test(err.message),
      );
    } finally {
      hurried.close();
    }
  });
});
