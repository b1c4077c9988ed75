// KoSIT's unit tests of its XRechnung Schematron (test/fixtures/einvoice/xrechnung-schematron: the instances
// of itplr-kosit/xrechnung-schematron at v2.5.0, Apache-2.0) run against Folio's XRechnung rule sets. Each
// instance carries XML-Mutate ("xmute") processing instructions. KoSIT's build (build.xml, target test-only)
// runs XML-Mutate 0.6 with two Schematron files named xrubl and xrcii: its XRechnung UBL and CII rules, each
// compiled after the build merged in the Peppol BIS Billing rules KoSIT adopts (src/xsl/peppol-into-xr.xsl,
// src/xsl/rule-list.xml); docs/development.md also names cenubl and cencii, which no instance uses.
// What XML-Mutate does, read from its sources (itplr-kosit/xml-mutate: doc/spec.md, doc/mutator.md,
// mutator/*.java, runner/EvaluateSchematronExpectationsAction.java), and so what this file does:
//   target      the instruction's next sibling element (text, comments and instructions between are passed
//               over). An instruction inside a comment is none: the instances' two `whitespace` ones are.
//   identity    the document unchanged.
//   remove      the target replaced by a comment; with attribute="a", that attribute removed instead.
//   empty       the target's child elements removed (with none, its text) and a comment put in; with
//               attribute="a", that attribute's value emptied. Nothing to empty is an error.
//   code        a mutant per value of `values` split at `separator` (default ","; empty ones left out, each
//               trimmed): the target's text (it must have no child element), or with attribute="a" that
//               attribute's value, replaced by it.
//   Every mutant is made from the original document (mutations do not add up); the other instructions stay.
//   schematron-invalid="src:RULE …": the SVRL of Schematron `src` has a failed-assert (a successful-report
//               does not count) with that id, whatever its flag: XML-Mutate does not look at flags, and some
//               expectations are on warning rules (BR-DE-19's IBAN check). Here: the rule fires in KoSIT's
//               rule set, each time with the severity its assert declares (KoSIT's scenario overrides,
//               xrechnungSeverity, are applied as Folio does; they concern CEN rules only, so none changes these).
//   schematron-valid="src:RULE …": no failed-assert with that id.
//   The rules are separated by spaces; a comma, which XML-Mutate's grammar has no token for, is dropped by
//   its lexer and so separates too (`xrubl:BR-DE-10,xrubl:BR-DE-11`). Either expectation fails when the rule
//   is not in the Schematron it names; a mutant that cannot be made (a mutator error) fails all its
//   expectations. schema-valid/-invalid and schematron-valid-all/-none are not used by the instances: an
//   instruction with a key this file does not know is reported, never passed over.
// The rule sets run as Folio runs them for XRECHNUNG (CEN's, then KoSIT's) but without the schema, like the
// CEN unit tests: mutants are often not schema-valid, and KoSIT's run declares no schema expectations. Only
// KoSIT's findings are judged (xrubl and xrcii name its Schematron alone); where CEN's rules cannot run on a
// mutant (a value their types refuse), KoSIT's run alone (xrechnungAsserts).
// einvoice/rules/xrechnung/ is that release compiled (the Peppol rules merged in), so every expectation is
// checked: there is no list of exceptions.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import {
  ruleOfFinding,
  severityOfFlag,
  xrechnungSeverity,
  xrechnungVariant,
  type EInvoiceSyntax,
  type FindingSeverity,
} from '../../src/domain/einvoice/einvoice-profiles.js';
import { inspectEInvoice } from '../../src/einvoice/inspect-xml.js';
import { RULE_SET_VERSIONS, ruleSetPlan } from '../../src/einvoice/rule-sets.js';
import { EInvoiceValidatorProcess, type RawFinding } from '../../src/einvoice/validator-process.js';

const DIR = path.resolve('test/fixtures/einvoice/xrechnung-schematron');
const validator = new EInvoiceValidatorProcess({ java: null, saxonJar: '/usr/share/java/Saxon-HE.jar', memoryMb: 768, timeoutMs: 120_000 });
after(() => validator.close());

/** XML-Mutate's symbolic Schematron names in KoSIT's build. */
const SOURCES: Record<string, EInvoiceSyntax> = { xrcii: 'CII', xrubl: 'UBL' };
const KEYS = new Set(['mutator', 'id', 'description', 'values', 'separator', 'attribute', 'schematron-valid', 'schematron-invalid']);

type Kind = 'other' | 'pi' | 'open' | 'close' | 'empty';
interface Token {
  kind: Kind;
  start: number;
  end: number;
  text: string;
}
interface Target {
  open: Token;
  end: number;
  /** The content's span; null for an empty-element tag. */
  inner: [number, number] | null;
  children: Array<[number, number]>;
}
interface Instruction {
  line: number;
  keys: Map<string, string>;
  target: Target | null;
  problem: string | null;
}
interface Mutant {
  label: string;
  xml?: string;
  error?: string;
}
interface Expectation {
  source: string | null;
  rule: string;
  invalid: boolean;
}
interface Run {
  syntax: EInvoiceSyntax;
  fired: Array<{ rule: string; severity: FindingSeverity }>;
  declared: (rule: string) => FindingSeverity;
}

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<\/[^>]*>|<[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;

function tokens(xml: string): Token[] {
  return [...xml.matchAll(TOKEN)].map((m) => {
    const text = m[0];
    const kind: Kind = text.startsWith('<!')
      ? 'other'
      : text.startsWith('<?')
        ? 'pi'
        : text.startsWith('</')
          ? 'close'
          : text.endsWith('/>')
            ? 'empty'
            : 'open';
    return { kind, start: m.index, end: m.index + text.length, text };
  });
}

/** The element an instruction at token i applies to: its next sibling element, or null (none follows). */
function targetAt(toks: Token[], i: number): Target | null {
  let j = i + 1;
  while (toks[j]?.kind === 'pi' || toks[j]?.kind === 'other') j++;
  const open = toks[j];
  if (!open || open.kind === 'close') return null;
  if (open.kind === 'empty') return { open, end: open.end, inner: null, children: [] };
  const children: Array<[number, number]> = [];
  let depth = 0;
  let childStart = 0;
  for (const t of toks.slice(j)) {
    if (t.kind === 'open') {
      if (depth === 1) childStart = t.start;
      depth++;
    } else if (t.kind === 'empty' && depth === 1) children.push([t.start, t.end]);
    else if (t.kind === 'close') {
      depth--;
      if (depth === 1) children.push([childStart, t.end]);
      if (depth === 0) return { open, end: t.end, inner: [open.end, t.start], children };
    }
  }
  return null;
}

function instructions(xml: string): Instruction[] {
  const toks = tokens(xml);
  return toks.flatMap((t, i) => {
    const m = /^<\?xmute\s([\s\S]*)\?>$/.exec(t.text);
    if (!m) return [];
    const keys = new Map([...m[1]!.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v!] as const));
    const rest = m[1]!.replace(/([\w-]+)\s*=\s*"([^"]*)"/g, '').trim();
    const unknown = [...keys.keys()].filter((k) => !KEYS.has(k));
    const problem = rest || unknown.length ? `an instruction this file does not read: "${rest}" ${unknown.join(' ')}` : null;
    return [{ line: xml.slice(0, t.start).split('\n').length, keys, target: targetAt(toks, i), problem }];
  });
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const splice = (xml: string, from: number, to: number, text: string) => xml.slice(0, from) + text + xml.slice(to);

/** The start tag with attribute `name` set to `value` (null: removed), or null when it has none. */
function withAttribute(tag: string, name: string, value: string | null): string | null {
  const re = new RegExp(`\\s+${name.replace(/\./g, '\\.')}\\s*=\\s*(?:"[^"]*"|'[^']*')`);
  if (!re.test(tag)) return null;
  return tag.replace(re, value === null ? '' : ` ${name}="${escapeXml(value)}"`);
}

/** The document with the target's text replaced, or null when the target has child elements. */
function withText(xml: string, t: Target, text: string): string | null {
  if (t.children.length > 0) return null;
  if (!t.inner) {
    const name = /^<([^\s/>]+)/.exec(t.open.text)![1]!;
    return splice(xml, t.open.start, t.end, `${t.open.text.replace(/\s*\/>$/, '>')}${escapeXml(text)}</${name}>`);
  }
  return splice(xml, t.inner[0], t.inner[1], escapeXml(text));
}

/** The document with the target emptied, or null when there is nothing to empty. */
function emptied(xml: string, t: Target): string | null {
  if (!t.inner) return null;
  const [from, to] = t.inner;
  if (t.children.length === 0) {
    const text = xml.slice(from, to).replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
    return text.trim() ? splice(xml, from, to, '<!--Emptied-->') : null;
  }
  let kept = '';
  let at = from;
  for (const [s, e] of t.children) [kept, at] = [kept + xml.slice(at, s), e];
  return splice(xml, from, to, `${kept}${xml.slice(at, to)}<!--Emptied-->`);
}

function attributeMutant(xml: string, t: Target, label: string, name: string, value: string | null): Mutant {
  const tag = withAttribute(t.open.text, name, value);
  return tag === null
    ? { label, error: `the target has no attribute ${name}` }
    : { label, xml: splice(xml, t.open.start, t.open.end, tag) };
}

function codeValues(keys: Map<string, string>): string[] {
  return (keys.get('values') ?? '')
    .split(keys.get('separator') ?? ',')
    .filter((v) => v !== '')
    .map((v) => v.trim());
}

/** The mutants an instruction describes, as XML-Mutate makes them (the file's header). */
function mutants(xml: string, ins: Instruction): Mutant[] {
  const mutator = ins.keys.get('mutator') ?? '';
  const attribute = ins.keys.get('attribute');
  const t = ins.target;
  if (!t) return [{ label: mutator, error: 'no element follows the instruction' }];
  const made = (label: string, out: string | null, error: string): Mutant => (out === null ? { label, error } : { label, xml: out });
  switch (mutator) {
    case 'identity':
      return [{ label: mutator, xml }];
    case 'remove':
      if (attribute) return [attributeMutant(xml, t, `remove @${attribute}`, attribute, null)];
      return [{ label: mutator, xml: splice(xml, t.open.start, t.end, '<!--Removed node-->') }];
    case 'empty':
      if (attribute) return [attributeMutant(xml, t, `empty @${attribute}`, attribute, '')];
      return [made(mutator, emptied(xml, t), 'nothing to empty')];
    case 'code': {
      const values = codeValues(ins.keys);
      if (values.length === 0) return [{ label: mutator, error: 'a code mutator without values' }];
      return values.map((v) =>
        attribute
          ? attributeMutant(xml, t, `code @${attribute}="${v}"`, attribute, v)
          : made(`code "${v}"`, withText(xml, t, v), 'the target has child elements'),
      );
    }
    default:
      return [{ label: mutator, error: `the mutator "${mutator}" is not one this file makes` }];
  }
}

function expectations(keys: Map<string, string>): Expectation[] {
  return (['schematron-invalid', 'schematron-valid'] as const).flatMap((k) =>
    (keys.get(k) ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((item) => {
        const colon = item.indexOf(':');
        return { source: colon >= 0 ? item.slice(0, colon) : null, rule: item.slice(colon + 1), invalid: k === 'schematron-invalid' };
      }),
  );
}

const xrechnungSet = (syntax: EInvoiceSyntax) =>
  ruleSetPlan(syntax, 'XRECHNUNG').ruleSets.find((r) => r.name.startsWith(RULE_SET_VERSIONS.xrechnung))!;

/** Each assert of the compiled XRechnung stylesheet of a syntax: its rule id and the flag it declares. */
const asserts = new Map(
  (['CII', 'UBL'] as const).map((s) => {
    const text = fs.readFileSync(xrechnungSet(s).stylesheet, 'utf8');
    // A test may hold a `>`: the tag ends at the first one outside quotes.
    const found = text.matchAll(
      /<svrl:failed-assert\b(?:[^>"]|"[^"]*")*>\s*<xsl:attribute name="id">([^<]+)<\/xsl:attribute>\s*(?:<xsl:attribute name="flag">([^<]+)<\/xsl:attribute>)?/g,
    );
    return [s, new Map([...found].map((m) => [m[1]!.trim(), m[2]?.trim() ?? null] as const))] as const;
  }),
);
const ruleIds = new Map([...asserts].map(([s, m]) => [s, new Set(m.keys())] as const));

/** The flag each assert declares, by syntax and rule id (`UBL BR-DE-21`). */
const declaredFlags = new Map([...asserts].flatMap(([s, m]) => [...m].map(([id, flag]) => [`${s} ${id}`, flag] as const)));

const runs = new Map<string, Run | string>();
/** Mutants on which another rule set than KoSIT's could not run (a value its types refuse). */
let xrechnungAlone = 0;

/**
 * The failed asserts of the XRechnung set (index xr) on a mutant. When another set cannot run on it (CEN's
 * stops at a value its type refuses, such as a ChargeIndicator "value": Folio's schema check refuses such a
 * document before any rule set runs), the XRechnung set alone: the expectations are about it only.
 */
async function xrechnungAsserts(stylesheets: string[], xr: number, xml: string): Promise<RawFinding[]> {
  const asserts = (findings: RawFinding[], set: number) => findings.filter((f) => f.set === set && !f.report);
  try {
    return asserts((await validator.run(null, stylesheets, Buffer.from(xml))).findings, xr);
  } catch (err) {
    if (!/cannot be cast to|cannot convert string/i.test((err as Error).message)) throw err;
    const alone = await validator.run(null, [stylesheets[xr]!], Buffer.from(xml));
    xrechnungAlone++;
    return asserts(alone.findings, 0);
  }
}

/** The XRechnung rules a mutant fires (cached by its text: identity mutants of one instance are one run). */
async function runOf(xml: string): Promise<Run | string> {
  const known = runs.get(xml);
  if (known) return known;
  const inspected = inspectEInvoice(Buffer.from(xml.replace(/<\?xmute[\s\S]*?\?>/g, '')), 20e6);
  const plan = ruleSetPlan(inspected.syntax, 'XRECHNUNG', { ublRoot: inspected.documentType });
  const scenario = { syntax: inspected.syntax, documentType: inspected.documentType, variant: xrechnungVariant(inspected.guideline) };
  const level = (rule: string, flag: string | null) => xrechnungSeverity(scenario, rule, severityOfFlag(flag));
  const xr = plan.ruleSets.findIndex((r) => r.name.startsWith(RULE_SET_VERSIONS.xrechnung));
  let result: Run | string;
  try {
    const asserts = await xrechnungAsserts(
      plan.ruleSets.map((r) => r.stylesheet),
      xr,
      xml,
    );
    const fired = asserts.map((f) => {
      const rule = ruleOfFinding(f.id, f.text);
      return { rule, severity: level(rule, f.flag) };
    });
    result = { syntax: inspected.syntax, fired, declared: (rule) => level(rule, declaredFlags.get(`${inspected.syntax} ${rule}`) ?? null) };
  } catch (err) {
    result = `the XRechnung rules could not run: ${(err as Error).message}`;
  }
  runs.set(xml, result);
  return result;
}

/** null: the expectation holds; else why not. */
function judge(e: Expectation, run: Run): string | null {
  // XML-Mutate knows a rule by its Schematron's name and its id (Schematron.hasRule): an unnamed one is unknown.
  const syntax = SOURCES[e.source?.toLowerCase() ?? ''];
  if (!syntax) return `no Schematron is named "${e.source ?? ''}"`;
  const inSet = ruleIds.get(syntax)!.has(e.rule);
  const hits = syntax === run.syntax ? run.fired.filter((f) => f.rule === e.rule) : [];
  if (!inSet) return `${e.rule} is not a rule of ${e.source}`;
  if (!e.invalid) return hits.length === 0 ? null : `fired ${hits.length} time(s) (${hits[0]!.severity})`;
  if (hits.length === 0) return `did not fire (fired: ${[...new Set(run.fired.map((f) => f.rule))].join(' ') || 'nothing'})`;
  const wrong = hits.filter((h) => h.severity !== run.declared(e.rule));
  return wrong.length === 0 ? null : `fired as ${wrong[0]!.severity}, its assert declares ${run.declared(e.rule)}`;
}

interface Tally {
  instances: number;
  instructions: number;
  mutants: number;
  expectations: number;
  agree: number;
}

async function checkInstance(file: string, tally: Tally, wrong: string[]): Promise<void> {
  const xml = fs.readFileSync(file, 'utf8');
  tally.instances++;
  for (const ins of instructions(xml)) {
    tally.instructions++;
    const id = ins.keys.get('id');
    const where = `${path.relative(DIR, file)}:${ins.line}${id ? ` (${id})` : ''}`;
    if (ins.problem) wrong.push(`${where}: ${ins.problem}`);
    const expected = expectations(ins.keys);
    for (const m of mutants(xml, ins)) {
      tally.mutants++;
      const run = m.xml === undefined ? `the mutant cannot be made: ${m.error}` : await runOf(m.xml);
      for (const e of expected) {
        tally.expectations++;
        const why = typeof run === 'string' ? run : judge(e, run);
        if (why === null) tally.agree++;
        else wrong.push(`${where} ${m.label}: schematron-${e.invalid ? 'invalid' : 'valid'} ${e.source ?? ''}:${e.rule}: ${why}`);
      }
    }
  }
}

describe("KoSIT's XML-Mutate unit tests of the XRechnung Schematron", () => {
  test('every mutant fires the XRechnung rules its instruction expects and not those it expects valid', async () => {
    const files = fs
      .readdirSync(DIR, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.xml'))
      .sort()
      .map((f) => path.join(DIR, f));
    const tally: Tally = { instances: 0, instructions: 0, mutants: 0, expectations: 0, agree: 0 };
    const wrong: string[] = [];
    for (const file of files) await checkInstance(file, tally, wrong);
    const counts =
      `${tally.instances} instances, ${tally.instructions} instructions, ${tally.mutants} mutants (${runs.size} distinct documents), ` +
      `${tally.expectations} expectations: ${tally.agree} agree; ` +
      `${xrechnungAlone} mutants run by the XRechnung rules alone (CEN's could not run on them)`;
    assert.deepEqual(wrong, [], `${wrong.length} disagree; ${counts}:\n${wrong.join('\n')}`);
    assert.equal(tally.instances, 349, 'cii/ 125, ubl-inv/ 132 and ubl-cn/ 92 instances');
    assert.ok(tally.instructions > 1000 && tally.expectations > tally.instructions, counts);
    assert.equal(tally.agree, tally.expectations);
    console.log(`KoSIT XRechnung Schematron unit tests: ${counts}`);
  });
});
