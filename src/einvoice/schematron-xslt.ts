// ISO Schematron (XSLT 2 query binding) compiled to an XSLT 2.0 stylesheet that reports in SVRL, for rule
// sets published only as .sch (KoSIT's XRechnung rules); the CEN and Factur-X rule sets ship compiled
// stylesheets and run as published. The output follows the ISO skeleton's behaviour: each pattern walks
// the document in its own mode, a node fires the first rule of a pattern whose context matches it (rules
// in document order get descending priorities), lets become variables (schema- and pattern-level ones
// global, evaluated on the document), asserts that fail and reports that hold emit svrl:failed-assert and
// svrl:successful-report with the rule's id, flag, test, location (fn:path) and message. Foreign
// xsl:function elements are copied. Phases, abstract patterns and diagnostics are not supported: a rule
// set that uses them is refused rather than run partly.
import { XMLParser } from 'fast-xml-parser';

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

const SCH = 'http://purl.oclc.org/dsdl/schematron';
const XSL = 'http://www.w3.org/1999/XSL/Transform';

/** Reads an included file, by its href relative to the including one. */
export type IncludeReader = (href: string) => string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  processEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  commentPropName: '#comment',
});

const tagOf = (n: Node) => Object.keys(n).find((k) => k !== ':@') ?? '';
const kids = (n: Node) => (n[tagOf(n)] as Node[] | undefined) ?? [];
const attr = (n: Node, name: string) => n[':@']?.[name];
const local = (tag: string) => tag.slice(tag.indexOf(':') + 1);

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A literal for an attribute value template: braces doubled. */
const escAvt = (s: string) => escAttr(s).replace(/\{/g, '{{').replace(/\}/g, '}}');

/** Serializes a parsed element back to XML (for copied xsl:function elements). */
function serialize(n: Node): string {
  const tag = tagOf(n);
  if (tag === '#text') return escText(String(n['#text']));
  if (tag === '#comment') return '';
  const attrs = Object.entries(n[':@'] ?? {})
    .map(([k, v]) => ` ${k}="${escAttr(v)}"`)
    .join('');
  const body = kids(n).map(serialize).join('');
  return body ? `<${tag}${attrs}>${body}</${tag}>` : `<${tag}${attrs}/>`;
}

function parseRoot(text: string): Node {
  const doc = parser.parse(text) as Node[];
  const root = doc.find((n) => !['?xml', '#comment', '#text'].includes(tagOf(n)));
  if (!root) throw new Error('the Schematron file has no root element');
  return root;
}

/** The message of an assert or report as XSLT content: text, value-of and name, other markup as its text. */
function message(nodes: Node[]): string {
  return nodes
    .map((n) => {
      const tag = tagOf(n);
      if (tag === '#text') return `<xsl:text>${escText(String(n['#text']))}</xsl:text>`;
      if (tag === '#comment') return '';
      if (local(tag) === 'value-of') return `<xsl:value-of select="${escAttr(attr(n, 'select') ?? '.')}"/>`;
      if (local(tag) === 'name') return `<xsl:value-of select="name(${escAttr(attr(n, 'path') ?? '.')})"/>`;
      return message(kids(n));
    })
    .join('');
}

interface Compiled {
  namespaces: Map<string, string>;
  globals: string[];
  functions: string[];
  patterns: string[][];
}

function variable(n: Node): string {
  const name = attr(n, 'name');
  const value = attr(n, 'value');
  if (!name || value === undefined) throw new Error(`a <let> needs a name and a value (found name "${name ?? ''}")`);
  return `<xsl:variable name="${escAttr(name)}" select="${escAttr(value)}"/>`;
}

function rule(n: Node, mode: string, priority: number): string {
  const context = attr(n, 'context');
  if (!context) throw new Error('a <rule> without a context (abstract rules are not supported)');
  const body = kids(n)
    .map((c) => {
      const tag = local(tagOf(c));
      if (tag === 'let') return variable(c);
      if (tag !== 'assert' && tag !== 'report') return '';
      const test = attr(c, 'test') ?? 'true()';
      const element = tag === 'assert' ? 'svrl:failed-assert' : 'svrl:successful-report';
      const condition = tag === 'assert' ? `not(${test})` : test;
      const attrs = ['id', 'flag', 'role'].map((a) => (attr(c, a) === undefined ? '' : ` ${a}="${escAvt(attr(c, a)!)}"`)).join('');
      return (
        `<xsl:if test="${escAttr(condition)}"><${element}${attrs} test="${escAvt(test)}" location="{path()}">` +
        `<svrl:text>${message(kids(c))}</svrl:text></${element}></xsl:if>`
      );
    })
    .join('');
  return (
    `<xsl:template match="${escAttr(context)}" mode="${mode}" priority="${priority}">${body}` +
    `<xsl:apply-templates select="@*|*" mode="${mode}"/></xsl:template>`
  );
}

function collect(root: Node, readInclude: IncludeReader, into: Compiled): void {
  for (const n of kids(root)) {
    const tag = tagOf(n);
    const name = local(tag);
    if (tag === '#text' || tag === '#comment') continue;
    if (tag.startsWith('xsl:')) {
      if (name === 'function') into.functions.push(serialize(n));
      else throw new Error(`<${tag}> is not supported in a Schematron schema`);
    } else if (name === 'ns') into.namespaces.set(attr(n, 'prefix') ?? '', attr(n, 'uri') ?? '');
    else if (name === 'let') into.globals.push(variable(n));
    else if (name === 'include') collect({ schema: [parseRoot(readInclude(attr(n, 'href') ?? ''))] }, readInclude, into);
    else if (name === 'pattern') {
      if (attr(n, 'abstract') === 'true' || attr(n, 'is-a')) throw new Error('abstract patterns are not supported');
      const mode = `M${into.patterns.length}`;
      const rules: string[] = [];
      const ruleNodes = kids(n).filter((c) => local(tagOf(c)) === 'rule');
      for (const c of kids(n)) if (local(tagOf(c)) === 'let') into.globals.push(variable(c));
      ruleNodes.forEach((r, i) => rules.push(rule(r, mode, 1000 + ruleNodes.length - i)));
      into.patterns.push(rules);
    } else if (!['title', 'p', 'phase', 'diagnostics', 'properties'].includes(name)) {
      throw new Error(`<${tag}> is not supported in a Schematron schema`);
    }
  }
}

/** The XSLT 2.0 stylesheet of a Schematron schema (its text; included files through readInclude). */
export function schematronToXslt(schematron: string, readInclude: IncludeReader): string {
  const root = parseRoot(schematron);
  if (local(tagOf(root)) !== 'schema') throw new Error('the root element is not a Schematron <schema>');
  const binding = attr(root, 'queryBinding') ?? 'xslt';
  if (!/^xslt[23]?$/.test(binding)) throw new Error(`the query binding "${binding}" is not supported`);
  const out: Compiled = { namespaces: new Map(), globals: [], functions: [], patterns: [] };
  // Prefixes declared on the schema element itself (xsl:function names use them).
  for (const [k, v] of Object.entries(root[':@'] ?? {})) {
    if (k.startsWith('xmlns:') && v !== SCH && v !== XSL) out.namespaces.set(k.slice(6), v);
  }
  collect(root, readInclude, out);
  const ns = [...out.namespaces]
    .filter(([p]) => p && !['xsl', 'svrl', 'xs'].includes(p))
    .map(([p, uri]) => ` xmlns:${p}="${escAttr(uri)}"`)
    .join('');
  const modes = out.patterns.map((_, i) => `M${i}`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<xsl:stylesheet version="2.0" xmlns:xsl="${XSL}" xmlns:xs="http://www.w3.org/2001/XMLSchema"`,
    ` xmlns:svrl="http://purl.oclc.org/dsdl/svrl"${ns} exclude-result-prefixes="#all">`,
    ...out.functions,
    ...out.globals,
    `<xsl:template match="/"><svrl:schematron-output>`,
    ...modes.map((m) => `<xsl:apply-templates select="/" mode="${m}"/>`),
    `</svrl:schematron-output></xsl:template>`,
    ...out.patterns.flatMap((rules, i) => [
      ...rules,
      `<xsl:template match="text()" mode="M${i}" priority="-1"/>`,
      `<xsl:template match="@*|node()" mode="M${i}" priority="-2"><xsl:apply-templates select="@*|*" mode="M${i}"/></xsl:template>`,
    ]),
    `</xsl:stylesheet>`,
  ].join('\n');
}
