// E-invoice validation against the official test material (test/fixtures/einvoice, each folder with its
// licence), through one warm validator process (src/einvoice/validator-process.ts, Java with Saxon-HE):
//   - KoSIT's XRechnung test suite: every business and technical case is valid;
//   - the CEN EN 16931 validation artefacts: every example and test file is valid, and every unit test
//     (a document fragment per case, checked by the CEN rules alone) fires exactly the rules it expects;
//   - the Factur-X samples of each profile are valid against that profile's rule sets.
// Counts are printed at the end of each group.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { ruleOfFinding, severityOfFlag } from '../../src/domain/einvoice/einvoice-profiles.js';
import { ruleSetPlan } from '../../src/einvoice/rule-sets.js';
import { validateEInvoice, type EInvoiceReport } from '../../src/einvoice/validate.js';
import { EInvoiceValidatorProcess } from '../../src/einvoice/validator-process.js';

const FIXTURES = path.resolve('test/fixtures/einvoice');
const validator = new EInvoiceValidatorProcess({ java: null, saxonJar: '/usr/share/java/Saxon-HE.jar', memoryMb: 768, timeoutMs: 120_000 });
after(() => validator.close());

const xmlFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => path.join(dir, f));

const errorsOf = (r: EInvoiceReport) =>
  r.findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.rule} ${f.message} at ${f.location}`)
    .join('\n');

describe('KoSIT XRechnung test suite', () => {
  test('every business case and technical case is valid XRechnung', async () => {
    const files = xmlFiles(path.join(FIXTURES, 'xrechnung-testsuite'));
    assert.ok(files.length >= 80, `the suite has its ${files.length} instances`);
    for (const file of files) {
      const r = await validateEInvoice(validator, fs.readFileSync(file), { maxBytes: 20e6 });
      assert.equal(r.profile, 'XRECHNUNG', file);
      assert.ok(r.valid, `${path.relative(FIXTURES, file)}:\n${errorsOf(r)}`);
      assert.ok(
        r.checked.some((c) => c.includes('XRechnung')),
        'the XRechnung rules ran',
      );
    }
    console.log(`XRechnung test suite: ${files.length} of ${files.length} instances valid`);
  });
});

describe('CEN EN 16931 validation artefacts', () => {
  test('every CII and UBL example and test file is a valid EN 16931 invoice', async () => {
    const files = [
      ...xmlFiles(path.join(FIXTURES, 'en16931', 'cii')),
      ...xmlFiles(path.join(FIXTURES, 'en16931', 'ubl')),
      ...xmlFiles(path.join(FIXTURES, 'en16931', 'unit-tests', 'testfiles')),
    ];
    for (const file of files) {
      // Some CII examples still carry ZUGFeRD 1's guideline id: the profile is named.
      const r = await validateEInvoice(validator, fs.readFileSync(file), { maxBytes: 20e6, profile: 'EN 16931' });
      assert.ok(r.valid, `${path.relative(FIXTURES, file)}:\n${errorsOf(r)}`);
    }
    console.log(`EN 16931 examples and test files: ${files.length} of ${files.length} valid`);
  });

  test('every unit test fires the rules it expects and no other of its scope', async () => {
    const dir = path.join(FIXTURES, 'en16931', 'unit-tests');
    const sets = ['Invoice-unit-UBL', 'CreditNote-unit-UBL', 'cii'].flatMap((d) => xmlFiles(path.join(dir, d)));
    let cases = 0;
    const wrong: string[] = [];
    for (const file of sets) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, body] of text.matchAll(/<test\b[^>]*>([\s\S]*?)<\/test>/g)) {
        // <error number="17">: the rule fires that many times.
        const expected = [...body!.matchAll(/<(success|error|warning)\b([^>]*)>\s*([^<\s]+)\s*<\//g)].map(([, kind, attrs, rule]) => ({
          kind,
          rule,
          number: /number="(\d+)"/.exec(attrs!)?.[1],
        }));
        const doc = /<((?:[\w.-]+:)?(?:Invoice|CreditNote|CrossIndustryInvoice))\b[\s\S]*?<\/\1>/.exec(body!)?.[0];
        assert.ok(doc && expected.length > 0, `${file}: a test with a document and expectations`);
        const syntax = doc.includes('CrossIndustryInvoice') ? 'CII' : 'UBL';
        const plan = ruleSetPlan(syntax, 'EN 16931', { ublRoot: /^<(?:[\w.-]+:)?CreditNote\b/.test(doc) ? 'CreditNote' : 'Invoice' });
        // Fragments: the CEN rules alone, without the schema (as the artefacts' own test runner does).
        const raw = await validator.run(
          null,
          plan.ruleSets.map((r) => r.stylesheet),
          Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${doc}`),
        );
        const fired = raw.findings.map((f) => ({ rule: ruleOfFinding(f.id, f.text), severity: severityOfFlag(f.flag) }));
        for (const { kind, rule, number } of expected) {
          const hits = fired.filter((f) => f.rule === rule);
          const graded = hits.filter((h) => h.severity === (kind === 'error' ? 'error' : 'warning'));
          const ok = kind === 'success' ? hits.length === 0 : number ? graded.length === Number(number) : graded.length > 0;
          if (!ok) wrong.push(`${path.relative(dir, file)}: expected ${kind} ${rule}, fired ${JSON.stringify(hits)}`);
        }
        cases++;
      }
    }
    assert.deepEqual(wrong, [], `${wrong.length} of ${cases} unit tests disagree`);
    assert.ok(cases > 1000, `${cases} unit tests ran`);
    console.log(`EN 16931 unit tests: ${cases} of ${cases} agree (${sets.length} test sets)`);
  });
});

describe('Factur-X 1.09 samples', () => {
  test("each profile's sample is valid against its profile's rule sets, the CII ones in a PDF's terms", async () => {
    const expected: Record<string, string> = {
      'factur-x-minimum.xml': 'MINIMUM',
      'factur-x-basicwl.xml': 'BASIC WL',
      'factur-x-basic.xml': 'BASIC',
      'factur-x-en16931.xml': 'EN 16931',
      'factur-x-extended.xml': 'EXTENDED',
      'ubl-21-en16931.xml': 'EN 16931',
    };
    for (const [name, profile] of Object.entries(expected)) {
      // A Factur-X PDF embeds CII: the UBL sample is checked as the bare XML it is.
      const inPdf = !name.startsWith('ubl-');
      const r = await validateEInvoice(validator, fs.readFileSync(path.join(FIXTURES, 'factur-x', name)), { maxBytes: 20e6, inPdf });
      assert.equal(r.profile, profile, name);
      assert.ok(r.valid, `${name}:\n${errorsOf(r)}`);
    }
  });
});
