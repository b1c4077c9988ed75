// The pure parts of qrCode/barcode (domain/deploys/template-codes.ts, with bwip-js' Node build, which draws
// as the browser build does), a bundle's helpers.js and Nunjucks' Jinja2-only forms at commit
// (sandbox/template-check.ts, run here directly), and how the page names where an error happened
// (render/template-errors.ts, evaluated here as the page evaluates it).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { describe, test } from 'node:test';
import { helpersScript, nunjucksSetAttribute } from '../../src/domain/deploys/template-bundle-helpers.js';
import { TEMPLATE_CODES_SOURCE, usesCodeHelpers } from '../../src/domain/deploys/template-codes.js';
import { HANDLEBARS_MATH_SOURCE } from '../../src/domain/deploys/template-helpers.js';
import { TEMPLATE_ERRORS_SOURCE } from '../../src/render/template-errors.js';
import { checkTemplates } from '../../src/sandbox/template-check.js';
import { isWordCode, wordCodeImage } from '../../src/sandbox/word-template-codes.js';

const require = createRequire(import.meta.url);
type Codes = {
  qrCode(text: unknown, size?: unknown, ec?: unknown): string;
  barcode(type: unknown, text: unknown, width?: unknown, options?: unknown): string;
};
const codes = (vm.runInNewContext(`(${TEMPLATE_CODES_SOURCE})`) as (b: unknown) => Codes)(require('bwip-js'));
const located = vm.runInNewContext(`(function () { ${TEMPLATE_ERRORS_SOURCE}; return located; })()`) as (
  err: unknown,
  entry: string,
) => string;

const attr = (svg: string, name: string) => new RegExp(`^<svg [^>]*\\b${name}="([^"]*)"`).exec(svg)?.[1];

describe('qrCode and barcode', () => {
  test('a QR code is a square SVG of the asked size (30 mm by default), paths only', () => {
    const svg = codes.qrCode('BCD\n002\n1\nSCT');
    assert.equal(attr(svg, 'width'), '30mm');
    assert.equal(attr(svg, 'height'), '30mm');
    assert.equal(attr(svg, 'role'), 'img');
    assert.match(svg, /<path /);
    assert.doesNotMatch(svg, /<(script|text|image|foreignObject)\b/);
    assert.equal(attr(codes.qrCode('x', 25), 'width'), '25mm', 'a number is millimetres');
    assert.equal(attr(codes.qrCode('x', '3cm', 'H'), 'height'), '3cm');
  });

  test('a linear code keeps its own proportions: EAN-13 at its nominal 0.33 mm module is 37 mm plus its quiet zones', () => {
    const svg = codes.barcode('ean13', '4006381333931');
    const width = Number(attr(svg, 'width')!.replace('mm', ''));
    assert.ok(width > 37.2 && width < 45, `width ${width}`);
    const wide = codes.barcode('code128', 'INV-2026-0042', '80mm', 'includetext height=8');
    assert.equal(attr(wide, 'width'), '80mm');
    assert.match(attr(wide, 'height')!, /^[\d.]+mm$/);
  });

  test('bad input is an error that says what is wrong', () => {
    assert.throws(() => codes.barcode('ean13', 'INV-2026-0042'), /EAN-13 must/);
    assert.throws(() => codes.barcode('no such', 'x'), /bwip-js name/);
    assert.throws(() => codes.qrCode(''), /no text to encode/);
    assert.throws(() => codes.qrCode('x', 'huge'), /must be a length/);
    assert.throws(() => codes.qrCode('x', '30mm', 'Z'), /L, M, Q or H/);
  });

  test('the encoder is loaded only for a version that names a code helper', () => {
    assert.equal(usesCodeHelpers(['<p>{{qrCode epc}}</p>']), true);
    assert.equal(usesCodeHelpers(['<p>{{ n | barcode: "ean13" }}</p>']), true);
    assert.equal(usesCodeHelpers(['<p>{{name}}</p>', '']), false);
  });

  test('Word: what qrCode() answers is drawn as an SVG picture with its PNG, at the asked width in cm', async () => {
    const code = { folioCode: { type: 'qrcode', text: 'hello', options: 'eclevel=M' }, width: 4 };
    assert.ok(isWordCode(code));
    assert.equal(isWordCode({ width: 4, data: 'x' }), false);
    const image = await wordCodeImage(code);
    assert.equal(image.width, 4);
    assert.equal(image.height, 4);
    assert.equal(image.extension, '.svg');
    assert.match(Buffer.from(image.data, 'base64').toString('utf8'), /^<svg /);
    assert.deepEqual([...Buffer.from(image.thumbnail.data, 'base64').subarray(1, 4)], [...Buffer.from('PNG')]);
  });
});

describe('Handlebars arithmetic', () => {
  const math = vm.runInNewContext(HANDLEBARS_MATH_SOURCE) as Record<string, (...a: unknown[]) => number>;
  test('add, subtract, multiply, divide and round take numbers and numeric text', () => {
    assert.equal(math.add!(2, '3.5'), 5.5);
    assert.equal(math.subtract!(10, 4), 6);
    assert.equal(math.multiply!('6', 7), 42);
    assert.equal(math.divide!(10, 4), 2.5);
    assert.equal(math.round!(math.divide!(10, 3), 2), 3.33);
    assert.equal(math.round!(1.005, 2), 1.01, 'half up on the decimal value, not its binary approximation');
    assert.equal(math.round!(-2.5), -3);
  });
  test('anything else is an error naming the helper', () => {
    assert.throws(() => math.add!(1, undefined), /add: null is not a number/);
    assert.throws(() => math.multiply!('abc', 2), /multiply: "abc" is not a number/);
    assert.throws(() => math.divide!(1, 0), /division by zero/);
    assert.throws(() => math.round!(1.5, 2.5), /whole number/);
  });
});

describe("a bundle's helpers.js and Nunjucks' Jinja2 forms at commit", () => {
  test('a syntax error in helpers.js names its line and column', () => {
    const p = checkTemplates('handlebars', [
      { path: 'index.hbs', text: '{{mul 2 3}}' },
      {
        path: 'helpers.js',
        text: "Handlebars.registerHelper('mul', (a, b) => a * b);\nHandlebars.registerHelper('x', (a) => {\n  return a +;\n});",
      },
    ]);
    assert.deepEqual(
      { ...p, message: p?.message.slice(0, 24) },
      { path: 'helpers.js', line: 3, column: 13, message: 'SyntaxError: Unexpected ' },
    );
    const first = checkTemplates('liquid', [{ path: 'helpers.js', text: 'liquid.registerFilter(;' }]);
    assert.deepEqual([first?.line, first?.column], [1, 23], 'the column of the first line is the file’s own');
  });

  test('valid helpers.js passes, and is compiled, never run', () => {
    assert.equal(checkTemplates('nunjucks', [{ path: 'helpers.js', text: 'throw new Error("never run");' }]), null);
    assert.equal(
      checkTemplates('mustache', [{ path: 'helpers.js', text: 'not javascript at all (' }]),
      null,
      'Mustache runs no helpers.js',
    );
  });

  test('the wrapper keeps helpers.js lines: line 1 is the file’s first line', () => {
    assert.match(helpersScript('nunjucks', 'env.addFilter("a", x => x);'), /^\(function \(env, engine, folio\) \{env\.addFilter/);
  });

  test('{% set ns.sum = … %} is named with its place and what to write instead', () => {
    assert.deepEqual(nunjucksSetAttribute('a\n  {%- set ns.sum = ns.sum + 1 %}'), { line: 2, column: 3 });
    assert.equal(nunjucksSetAttribute('{% set total = total + 1 %}{% set a, b = 1 %}'), null);
    const p = checkTemplates('nunjucks', [
      { path: 'lines.njk', text: '{% set ns = {s: 0} %}\n{% for l in lines %}{% set ns["s"] = 1 %}{% endfor %}' },
    ]);
    assert.equal(p?.path, 'lines.njk');
    assert.deepEqual([p?.line, p?.column], [2, 21]);
    assert.match(p!.message, /Nunjucks does not support setting an attribute.*set sum = sum \+ line\.amount/);
  });
});

describe('where the page says a template error happened', () => {
  test("a Handlebars helper's call: the file and line Handlebars gives its options", () => {
    const err = Object.assign(new Error('Missing helper: "mul"'), {
      folioLoc: { source: 'partials/line.hbs', start: { line: 2, column: 2 } },
    });
    assert.equal(located(err, 'index.hbs'), 'partials/line.hbs:2:3: Missing helper: "mul"');
  });

  test("an error thrown in helpers.js names its line, after the template's place", () => {
    const inner = new Error('helper refused');
    inner.stack = 'Error: helper refused\n    at Object.boom (helpers.js:3:44)\n    at x (index.hbs:1:1)';
    const wrapped = Object.assign(new Error('(index.njk) [Line 1, Column 10]\n  Error: helper refused'), {
      cause: inner,
      folioZeroBased: true,
    });
    assert.equal(located(wrapped, 'index.njk'), 'index.njk:2:11: Error: helper refused (thrown at helpers.js:3:44)');
    const top = Object.assign(new TypeError('env.nosuch is not a function'), { folioInHelpers: true });
    top.stack = 'TypeError: env.nosuch is not a function\n    at eval (helpers.js:2:5)';
    assert.equal(located(top, 'index.njk'), 'helpers.js:2:5: env.nosuch is not a function');
  });

  test("Liquid's and Nunjucks' own places are kept", () => {
    assert.equal(located(new Error('undefined filter: x, line:2, col:34'), 'index.liquid'), 'index.liquid:2:34: undefined filter: x');
    assert.equal(
      located(new Error('(row.njk) [Line 3, Column 4]\n  unknown block tag: endfro'), 'index.njk'),
      'row.njk:3:4: unknown block tag: endfro',
    );
    assert.equal(located(new Error('(index.njk)\n  Error: bang'), 'index.njk'), 'index.njk: Error: bang');
  });
});
