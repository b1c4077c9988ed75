// Every example ships a payload.schema.json that compiles under Folio's rules (RE2 patterns, formats), that
// its sample payload matches, and that refuses a payload of the wrong shape (instead of printing an
// invoice of 0.00).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { checkValue, compileProblem } from '../../src/sandbox/payload-validator.js';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples');
const examples = fs.readdirSync(EXAMPLES).filter((name) => fs.statSync(path.join(EXAMPLES, name)).isDirectory());

test('every example has a payload schema that its sample payload matches', () => {
  assert.ok(examples.length >= 3);
  for (const name of examples) {
    const schemaFile = path.join(EXAMPLES, name, 'payload.schema.json');
    assert.ok(fs.existsSync(schemaFile), `examples/${name} has no payload.schema.json`);
    const schema = fs.readFileSync(schemaFile, 'utf8');
    assert.equal(compileProblem(schema), null, `examples/${name}/payload.schema.json compiles`);
    const sample = path.join(EXAMPLES, name, 'sample-payload.json');
    if (fs.existsSync(sample)) assert.deepEqual(checkValue(name, schema, fs.readFileSync(sample, 'utf8')), [], `examples/${name} sample`);
  }
});

test('a payload of the wrong shape is refused with the problem named', () => {
  const invoice = fs.readFileSync(path.join(EXAMPLES, 'invoice/payload.schema.json'), 'utf8');
  // The payload posted without its wrapper's shape: the invoice fields nested one level too deep.
  const problems = checkValue('invoice', invoice, JSON.stringify({ invoice: { invoiceNumber: 'INV-1' } }));
  assert.ok(
    problems.some((p) => /invoiceNumber/.test(p.message) || p.pointer === '/invoiceNumber'),
    JSON.stringify(problems),
  );
  const wrongType = checkValue(
    'invoice',
    invoice,
    JSON.stringify({ ...JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'invoice/sample-payload.json'), 'utf8')), items: 'none' }),
  );
  assert.deepEqual(
    wrongType.map((p) => p.pointer),
    ['/items'],
  );
  const hello = fs.readFileSync(path.join(EXAMPLES, 'hello/payload.schema.json'), 'utf8');
  assert.deepEqual(checkValue('hello', hello, JSON.stringify({ name: 'Ada' })), []);
  assert.notDeepEqual(checkValue('hello', hello, JSON.stringify({ name: 42 })), []);
});
