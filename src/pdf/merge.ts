// Joining whole PDFs before/after the printed pages, keeping what makes the result navigable and
// accessible: each joined document's pages, its outline (linked into the output's outline in page order)
// and, when both sides are tagged, its structure tree (its top-level elements become children of the
// output's top-level element, its Document element turned into a Part; its ParentTree entries are renumbered past the output's). Named destinations
// of a joined document are resolved to explicit ones first, since its name dictionary is not carried over.
// One PDFObjectCopier per joined document, so a page copied once is the page its outline items, links and
// structure elements point to.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';

const N = PDFName.of;

function text(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFName || o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  return undefined;
}

/** Entries of a number tree (ParentTree) or name tree, flattened: [key, value] in tree order. */
function treeEntries(ctx: PDFContext, node: PDFDict | undefined, kind: 'Nums' | 'Names', depth = 0): Array<[PDFObject, PDFObject]> {
  const out: Array<[PDFObject, PDFObject]> = [];
  if (!node || depth > 32) return out;
  const leaf = node.lookup(N(kind));
  if (leaf instanceof PDFArray) for (let i = 0; i + 1 < leaf.size(); i += 2) out.push([leaf.lookup(i)!, leaf.get(i + 1)]);
  const kids = node.lookup(N('Kids'));
  if (kids instanceof PDFArray)
    for (let i = 0; i < kids.size(); i++) out.push(...treeEntries(ctx, kids.lookupMaybe(i, PDFDict), kind, depth + 1));
  return out;
}

/** A named destination of a document as an explicit destination array, if it has one. */
function namedDestination(doc: PDFDocument, name: string): PDFObject | undefined {
  const ctx = doc.context;
  const explicit = (v: PDFObject | undefined): PDFObject | undefined => {
    const o = v instanceof PDFRef ? ctx.lookup(v) : v;
    if (o instanceof PDFArray) return o;
    if (o instanceof PDFDict) return explicit(o.get(N('D')));
    return undefined;
  };
  const dests = doc.catalog.lookupMaybe(N('Dests'), PDFDict);
  const fromDict = dests?.get(N(name));
  if (fromDict) return explicit(fromDict);
  const names = doc.catalog.lookupMaybe(N('Names'), PDFDict)?.lookupMaybe(N('Dests'), PDFDict);
  for (const [k, v] of treeEntries(ctx, names, 'Names')) if (text(k) === name) return explicit(v);
  return undefined;
}

/** Replaces named destinations in a /Dest or GoTo /A of `holder` with explicit ones (or drops them). */
function resolveDestinationOf(doc: PDFDocument, holder: PDFDict): void {
  const dest = holder.get(N('Dest'));
  const name = dest instanceof PDFArray || dest instanceof PDFRef ? undefined : text(dest);
  if (name !== undefined) {
    const d = namedDestination(doc, name);
    if (d) holder.set(N('Dest'), d);
    else holder.delete(N('Dest'));
  }
  const action = holder.lookupMaybe(N('A'), PDFDict);
  if (action && action.lookupMaybe(N('S'), PDFName)?.decodeText() === 'GoTo') {
    const dn = text(action.lookup(N('D')));
    if (dn !== undefined) {
      const d = namedDestination(doc, dn);
      if (d) action.set(N('D'), d);
      else holder.delete(N('A'));
    }
  }
}

/** Outline items of a document, depth first (bounded against cycles). */
function outlineItems(doc: PDFDocument): PDFDict[] {
  const out: PDFDict[] = [];
  const seen = new Set<PDFDict>();
  const walk = (first: PDFDict | undefined, depth: number) => {
    for (let item = first; item && !seen.has(item) && depth < 64; item = item.lookupMaybe(N('Next'), PDFDict)) {
      seen.add(item);
      out.push(item);
      walk(item.lookupMaybe(N('First'), PDFDict), depth + 1);
    }
  };
  walk(doc.catalog.lookupMaybe(N('Outlines'), PDFDict)?.lookupMaybe(N('First'), PDFDict), 0);
  return out;
}

function kidsOf(o: PDFObject | undefined): PDFObject[] {
  if (o instanceof PDFArray) return o.asArray();
  return o === undefined ? [] : [o];
}

function maxParentTreeKey(ctx: PDFContext, root: PDFDict): number {
  let max = -1;
  for (const [k] of treeEntries(ctx, root.lookupMaybe(N('ParentTree'), PDFDict), 'Nums'))
    if (k instanceof PDFNumber) max = Math.max(max, k.asNumber());
  const next = root.lookupMaybe(N('ParentTreeNextKey'), PDFNumber)?.asNumber();
  return Math.max(max + 1, next ?? 0);
}

/** Every dict reachable from the indirect objects (and their direct children) that carries a key. */
function forEachDict(ctx: PDFContext, fn: (d: PDFDict) => void): void {
  const visit = (o: PDFObject, depth: number) => {
    if (depth > 8) return;
    if (o instanceof PDFDict) {
      fn(o);
      for (const v of o.values()) if (v instanceof PDFDict || v instanceof PDFArray) visit(v, depth + 1);
    } else if (o instanceof PDFArray) {
      for (const v of o.asArray()) if (v instanceof PDFDict || v instanceof PDFArray) visit(v, depth + 1);
    }
  };
  for (const [, o] of ctx.enumerateIndirectObjects()) {
    if (o instanceof PDFDict || o instanceof PDFArray) visit(o, 0);
    else if ('dict' in o && o.dict instanceof PDFDict) visit(o.dict, 0);
  }
}

/**
 * The source's structure elements joined under the destination's (its Document element, else the root), the
 * ParentTree merged with the source's keys shifted by `offset`, role maps joined, element IDs dropped.
 */
function mergeStructTree(
  dest: PDFDocument,
  src: PDFDocument,
  j: {
    destStruct: PDFDict;
    srcStruct: PDFDict;
    srcTop: PDFObject[];
    offset: number;
    copier: PDFObjectCopier;
    position: 'before' | 'after';
  },
): void {
  const { destStruct, srcStruct, srcTop, offset, copier, position } = j;
  const dctx = dest.context;
  const sctx = src.context;
  const destTop = kidsOf(destStruct.get(N('K')));
  const holderRef = destTop.length === 1 && destTop[0] instanceof PDFRef ? destTop[0] : undefined;
  const holder = holderRef ? dctx.lookupMaybe(holderRef, PDFDict) : undefined;
  const rootRef = dest.catalog.get(N('StructTreeRoot'));
  const parentRef = holder ? holderRef! : rootRef instanceof PDFRef ? rootRef : undefined;
  const target = holder ?? destStruct;
  const copiedTop = srcTop.map((k) => copier.copy(k));
  for (const k of copiedTop) {
    const d = k instanceof PDFRef ? dctx.lookupMaybe(k, PDFDict) : k instanceof PDFDict ? k : undefined;
    if (d && parentRef) d.set(N('P'), parentRef);
    // A joined document's own Document element becomes a Part of the output's Document.
    if (d && holder && d.lookupMaybe(N('S'), PDFName)?.decodeText() === 'Document') d.set(N('S'), N('Part'));
  }
  const existing = kidsOf(target.get(N('K')));
  target.set(N('K'), dctx.obj(position === 'before' ? [...copiedTop, ...existing] : [...existing, ...copiedTop]));
  // ParentTree: flattened into one /Nums array, the source's keys shifted by `offset`.
  const entries = treeEntries(dctx, destStruct.lookupMaybe(N('ParentTree'), PDFDict), 'Nums');
  for (const [k, v] of treeEntries(sctx, srcStruct.lookupMaybe(N('ParentTree'), PDFDict), 'Nums'))
    if (k instanceof PDFNumber) entries.push([PDFNumber.of(k.asNumber() + offset), copier.copy(v)]);
  entries.sort((a, b) => (a[0] as PDFNumber).asNumber() - (b[0] as PDFNumber).asNumber());
  const nums = dctx.obj([]);
  for (const [k, v] of entries) {
    nums.push(k);
    nums.push(v);
  }
  destStruct.set(N('ParentTree'), dctx.register(dctx.obj({ Nums: nums })));
  const next = entries.length ? (entries[entries.length - 1][0] as PDFNumber).asNumber() + 1 : 0;
  destStruct.set(N('ParentTreeNextKey'), PDFNumber.of(next));
  // Role maps: the destination's own mapping wins on a clash.
  const srcRoles = srcStruct.lookupMaybe(N('RoleMap'), PDFDict);
  if (srcRoles) {
    const roles = destStruct.lookupMaybe(N('RoleMap'), PDFDict) ?? dctx.obj({});
    for (const [k, v] of srcRoles.entries()) if (!roles.has(k)) roles.set(k, copier.copy(v));
    destStruct.set(N('RoleMap'), roles);
  }
  // Element IDs are not carried over (the source's IDTree is not merged, and its IDs may clash).
  const seen = new Set<PDFDict>();
  const strip = (o: PDFObject, depth: number) => {
    const d = o instanceof PDFRef ? dctx.lookupMaybe(o, PDFDict) : o instanceof PDFDict ? o : undefined;
    if (!d || seen.has(d) || depth > 256 || !d.has(N('S'))) return;
    seen.add(d);
    d.delete(N('ID'));
    for (const k of kidsOf(d.get(N('K')))) strip(k, depth + 1);
  };
  for (const k of copiedTop) strip(k, 0);
}

/** The source's top-level outline items linked in before or after the destination's, the counts added. */
function joinOutline(
  dest: PDFDocument,
  j: {
    srcOutline: PDFDict | undefined;
    topItems: PDFDict[];
    topItemRefs: Array<PDFObject | undefined>;
    copier: PDFObjectCopier;
    position: 'before' | 'after';
  },
): void {
  const { srcOutline, topItems, topItemRefs, copier, position } = j;
  const dctx = dest.context;
  let outlines = dest.catalog.lookupMaybe(N('Outlines'), PDFDict);
  if (!outlines) {
    outlines = dctx.obj({ Type: 'Outlines', Count: 0 });
    dest.catalog.set(N('Outlines'), dctx.register(outlines));
  }
  const rootRef = dest.catalog.get(N('Outlines')) as PDFRef;
  const copied = topItemRefs.map((r) => {
    const c = copier.copy(r!);
    return c instanceof PDFRef ? c : dctx.register(c);
  });
  for (const r of copied) dctx.lookup(r, PDFDict).set(N('Parent'), rootRef);
  const first = outlines.get(N('First'));
  const last = outlines.get(N('Last'));
  const head = copied[0];
  const tail = copied[copied.length - 1];
  if (!(first instanceof PDFRef) || !(last instanceof PDFRef)) {
    outlines.set(N('First'), head);
    outlines.set(N('Last'), tail);
  } else if (position === 'after') {
    dctx.lookup(last, PDFDict).set(N('Next'), head);
    dctx.lookup(head, PDFDict).set(N('Prev'), last);
    outlines.set(N('Last'), tail);
  } else {
    dctx.lookup(tail, PDFDict).set(N('Next'), first);
    dctx.lookup(first, PDFDict).set(N('Prev'), tail);
    outlines.set(N('First'), head);
  }
  const srcCount = Math.abs(srcOutline?.lookupMaybe(N('Count'), PDFNumber)?.asNumber() ?? topItems.length);
  const destCount = Math.abs(outlines.lookupMaybe(N('Count'), PDFNumber)?.asNumber() ?? 0);
  outlines.set(N('Count'), PDFNumber.of(destCount + srcCount));
}

/**
 * Joins `src` into `dest` before its first page (`position: 'before'`) or after its last. `src` is
 * modified on the way (it is a throwaway copy loaded for this).
 */
export function joinDocument(dest: PDFDocument, src: PDFDocument, position: 'before' | 'after', beforeIndex = 0): number {
  const dctx = dest.context;
  const sctx = src.context;
  const destStruct = dest.catalog.lookupMaybe(N('StructTreeRoot'), PDFDict);
  const srcStruct = src.catalog.lookupMaybe(N('StructTreeRoot'), PDFDict);
  const mergeStruct = destStruct !== undefined && srcStruct !== undefined;

  // 1. Prepare the source: explicit destinations, renumbered (or dropped) structure parents, no links to
  //    its own outline root or structure root (those two are not copied).
  for (const item of outlineItems(src)) resolveDestinationOf(src, item);
  for (const page of src.getPages()) {
    const annots = page.node.lookupMaybe(N('Annots'), PDFArray);
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const a = annots!.lookupMaybe(i, PDFDict);
      if (a) resolveDestinationOf(src, a);
    }
  }
  const offset = mergeStruct ? maxParentTreeKey(dctx, destStruct) : 0;
  forEachDict(sctx, (d) => {
    for (const key of ['StructParents', 'StructParent']) {
      const v = d.get(N(key));
      if (!(v instanceof PDFNumber)) continue;
      if (mergeStruct) d.set(N(key), PDFNumber.of(v.asNumber() + offset));
      else d.delete(N(key));
    }
  });
  const srcTop = mergeStruct ? kidsOf(srcStruct.get(N('K'))) : [];
  for (const k of srcTop) (k instanceof PDFRef ? sctx.lookupMaybe(k, PDFDict) : k instanceof PDFDict ? k : undefined)?.delete(N('P'));
  const srcOutline = src.catalog.lookupMaybe(N('Outlines'), PDFDict);
  const topItems: PDFDict[] = [];
  for (let it = srcOutline?.lookupMaybe(N('First'), PDFDict); it && topItems.length < 100_000; it = it.lookupMaybe(N('Next'), PDFDict)) {
    if (topItems.includes(it)) break;
    topItems.push(it);
  }
  const topItemRefs = topItems.map((_, i) => (i === 0 ? srcOutline!.get(N('First')) : topItems[i - 1].get(N('Next'))));
  for (const item of topItems) item.delete(N('Parent'));
  if (!mergeStruct) for (const item of outlineItems(src)) item.delete(N('SE'));

  // 2. Pages.
  const copier = PDFObjectCopier.for(sctx, dctx);
  const pages = src.getPages();
  let at = position === 'before' ? beforeIndex : dest.getPageCount();
  for (const page of pages) {
    const ref = copier.copy(page.ref);
    const leaf = dctx.lookup(ref, PDFDict) as PDFPageLeaf;
    dest.insertPage(at++, PDFPage.of(leaf, ref, dest));
  }

  // 3. Structure tree.
  if (mergeStruct) mergeStructTree(dest, src, { destStruct, srcStruct, srcTop, offset, copier, position });

  // 4. Outline.
  if (topItems.length > 0) joinOutline(dest, { srcOutline, topItems, topItemRefs, copier, position });
  return pages.length;
}
