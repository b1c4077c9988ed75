// The structure-tree conditions of the PDF/UA-1 checker (ua-check.ts): the tree exists (else nothing is
// tagged, 01-005), figures have alternative or replacement text (13-004), numbered headings start at H1,
// skip no level going down and are not mixed with <H> (14-002, 14-003, 14-007). It also answers, for each
// annotation the tree references (OBJR), the type of the element holding it, for the annotation tests.
// Element types are read after the role map. The walk is bounded: each element once, at most
// MAX_ELEMENTS elements and MAX_DEPTH levels.
import { PDFArray, PDFDict, PDFName, PDFRef } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import type { Findings } from './ua-findings.js';

const N = PDFName.of;
const MAX_ELEMENTS = 500_000;
const MAX_DEPTH = 200;

/** The type an element's /S maps to through the role map (at most 16 steps; a loop ends where it began). */
function roleOf(s: string, roleMap: PDFDict | undefined): string {
  let type = s;
  for (let i = 0; i < 16 && roleMap; i++) {
    const next = roleMap.get(N(type));
    if (!(next instanceof PDFName)) break;
    type = next.decodeText();
    if (type === s) break;
  }
  return type;
}

/** Walks the structure tree; records findings in `f`; returns annotation reference → holding element type. */
export function checkStructure(ctx: PDFContext, catalog: PDFDict, f: Findings): Map<string, string> {
  const annotParents = new Map<string, string>();
  const root = catalog.lookupMaybe(N('StructTreeRoot'), PDFDict);
  if (!root) {
    f.fail('01-005', 'the catalog has no /StructTreeRoot: no content is tagged');
    return annotParents;
  }
  const roleMap = root.lookupMaybe(N('RoleMap'), PDFDict);
  const seen = new Set<string>();
  const headings: number[] = [];
  let plainH = false;
  let figures = 0;
  let count = 0;
  const visit = (node: PDFObject | undefined, parentType: string, depth: number): void => {
    if (node === undefined || depth > MAX_DEPTH || count > MAX_ELEMENTS) return;
    if (node instanceof PDFArray) {
      for (const kid of node.asArray()) visit(kid, parentType, depth);
      return;
    }
    if (node instanceof PDFRef) {
      if (seen.has(node.tag)) return;
      seen.add(node.tag);
    }
    const dict = node instanceof PDFRef ? ctx.lookupMaybe(node, PDFDict) : node instanceof PDFDict ? node : undefined;
    if (!dict) return; // an MCID (a number)
    if (dict.get(N('Type'))?.toString() === '/OBJR') {
      const obj = dict.get(N('Obj'));
      if (obj instanceof PDFRef) annotParents.set(obj.tag, parentType);
      return;
    }
    if (dict.get(N('Type'))?.toString() === '/MCR') return;
    const s = dict.get(N('S'));
    if (!(s instanceof PDFName)) return visit(dict.get(N('K')), parentType, depth + 1);
    count++;
    const type = roleOf(s.decodeText(), roleMap);
    if (type === 'Figure' && !dict.has(N('Alt')) && !dict.has(N('ActualText'))) figures++;
    const level = /^H([1-9]\d*)$/.exec(type);
    if (level) headings.push(Number(level[1]));
    else if (type === 'H') plainH = true;
    visit(dict.get(N('K')), type, depth + 1);
  };
  visit(root.get(N('K')), 'StructTreeRoot', 0);
  if (count === 0) f.fail('01-005', 'the structure tree has no elements: no content is tagged');
  if (figures > 0) f.fail('13-004', `${figures} <Figure> without /Alt or /ActualText (an <img> without alt)`, figures);
  if (headings.length > 0) {
    if (headings[0] !== 1) f.fail('14-002', `the first heading is <H${headings[0]}>`);
    for (let i = 1; i < headings.length; i++)
      if (headings[i] > headings[i - 1] + 1) f.fail('14-003', `<H${headings[i]}> follows <H${headings[i - 1]}>`);
    if (plainH) f.fail('14-007', 'both <H> and numbered headings');
  }
  return annotParents;
}
