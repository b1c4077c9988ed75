// The PDF/UA-1 checker: which of the machine-checkable failure conditions of the Matterhorn Protocol 1.1
// (the PDF Association's test list for ISO 14289-1) Folio tests does a PDF fail? Run in the sandbox on the
// finished document of a job that asked for `accessibility: "pdf/ua-1"` (before encryption and signing);
// every failure becomes the job's `pdfua_violation` warning (domain/jobs/job-warnings.ts). The conditions, with
// what exactly is tested and what is left to a person, are listed in UA_CONDITIONS and docs/pdf.md
// ("PDF/UA-1"). An empty answer means these tests pass, not that the file is PDF/UA-1.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import { pageDicts } from './ua-prepare.js';
import { scanContent } from './ua-content.js';
import { checkStructure } from './ua-structure.js';
import { Findings, type UaFinding } from './ua-findings.js';
import { OBJECTS_PER_TICK } from '../work-pace.js';

export { describeFindings, UA_CONDITIONS, type UaConditionId, type UaFinding } from './ua-findings.js';

const N = PDFName.of;

/** Decoded content bytes one check reads at most (all pages); past it the content test stops, saying so. */
const MAX_CONTENT_BYTES = 256 * 1024 * 1024;

const text = (o: PDFObject | undefined) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined);

function streamBytes(s: PDFObject | undefined): Uint8Array | null {
  if (s instanceof PDFRawStream) return decodePDFRawStream(s).decode();
  if (s instanceof PDFStream) return s.getContents();
  return null;
}

/** The XMP packet of the catalog as text, or null when there is none. */
function xmpText(catalog: PDFDict): string | null {
  const bytes = streamBytes(catalog.lookup(N('Metadata')));
  return bytes ? Buffer.from(bytes).toString('utf8') : null;
}

function checkMetadata(catalog: PDFDict, f: Findings): void {
  const xmp = xmpText(catalog);
  if (xmp === null) {
    f.fail('06-001', 'the catalog has no /Metadata stream');
    f.fail('06-002', 'no XMP metadata');
    f.fail('06-003', 'no XMP metadata');
  } else {
    if (!/<pdfuaid:part>\s*1\s*<\/pdfuaid:part>|pdfuaid:part\s*=\s*["']1["']/.test(xmp))
      f.fail('06-002', 'no pdfuaid:part 1 in the XMP packet');
    const title = /<dc:title>([\s\S]*?)<\/dc:title>/.exec(xmp)?.[1] ?? '';
    if (!/<rdf:li[^>]*>\s*[^<\s][^<]*<\/rdf:li>/.test(title))
      f.fail('06-003', 'no dc:title: give the document a title (<title> in the page, or pdf.metadata.title)');
  }
  const prefs = catalog.lookupMaybe(N('ViewerPreferences'), PDFDict);
  const display = prefs?.get(N('DisplayDocTitle'));
  if (display === undefined) f.fail('07-001', 'no /ViewerPreferences /DisplayDocTitle');
  else if (display.toString() !== 'true') f.fail('07-002', '/DisplayDocTitle is false');
  const lang = text(catalog.lookup(N('Lang')))?.trim();
  if (!lang) f.fail('11-001', 'the catalog has no /Lang: declare the language (<html lang="…"> in the page, or pdf.metadata.lang)');
  const mark = catalog.lookupMaybe(N('MarkInfo'), PDFDict);
  if (mark?.get(N('Marked'))?.toString() !== 'true') f.fail('7.1-marked', 'no /MarkInfo /Marked true');
  if (mark?.get(N('Suspects'))?.toString() === 'true') f.fail('01-007', '/MarkInfo /Suspects true');
}

/** 31-009: every font in the resources of a page (and of the Form XObjects it paints) has its program. */
function checkFonts(ctx: PDFContext, resources: PDFDict | undefined, f: Findings, seen: Set<PDFObject>, depth = 0): void {
  if (!resources || depth > 16 || seen.has(resources)) return;
  seen.add(resources);
  const fonts = resources.lookupMaybe(N('Font'), PDFDict);
  for (const [, value] of fonts?.entries() ?? []) {
    const font = ctx.lookupMaybe(value, PDFDict);
    if (!font || seen.has(font)) continue;
    seen.add(font);
    const subtype = font.get(N('Subtype'))?.toString();
    if (subtype === '/Type3') continue; // glyphs are content streams of the font itself
    const descendant = subtype === '/Type0' ? font.lookupMaybe(N('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict) : font;
    const descriptor = descendant?.lookupMaybe(N('FontDescriptor'), PDFDict);
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(N(k)));
    if (!embedded) f.fail('31-009', `font ${font.get(N('BaseFont'))?.toString().slice(1) ?? '(unnamed)'} has no embedded program`);
  }
  const xobjects = resources.lookupMaybe(N('XObject'), PDFDict);
  for (const [, value] of xobjects?.entries() ?? []) {
    const x = ctx.lookup(value);
    if (x instanceof PDFStream && x.dict.get(N('Subtype'))?.toString() === '/Form')
      checkFonts(ctx, x.dict.lookupMaybe(N('Resources'), PDFDict), f, seen, depth + 1);
  }
}

/** Annotation flags ISO 14289-1 § 7.18.1 exempts: Hidden (bit 2). */
const HIDDEN = 1 << 1;

function checkPages(doc: PDFDocument, annotParents: Map<string, string>, f: Findings): void {
  const ctx = doc.context;
  let contentBytes = 0;
  let contentStopped = false;
  const fontsSeen = new Set<PDFObject>();
  for (const [index, { page }] of pageDicts(ctx, doc.catalog).entries()) {
    const where = `page ${index + 1}`;
    const resources = page.lookupMaybe(N('Resources'), PDFDict);
    checkFonts(ctx, resources, f, fontsSeen);
    // 01-005: what is painted outside marked content, and marked content the structure tree cannot reach.
    const contents = page.lookup(N('Contents'));
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => ctx.lookup(c)) : [contents];
    const parts: Uint8Array[] = [];
    for (const s of streams) {
      const bytes = contentStopped ? null : streamBytes(s);
      if (!bytes) continue;
      contentBytes += bytes.length;
      if (contentBytes > MAX_CONTENT_BYTES) contentStopped = true;
      else parts.push(bytes, Buffer.from(' '));
    }
    if (parts.length > 0) {
      const scan = scanContent(Buffer.concat(parts));
      if (scan.untagged > 0) f.fail('01-005', `${where}: ${scan.untagged} painting operators outside marked content`, scan.untagged);
      if (scan.markedSequences > 0 && !(page.get(N('StructParents')) instanceof PDFNumber))
        f.fail('01-005', `${where}: marked content, but the page has no /StructParents (its tags reach no structure element)`);
    }
    // Annotations: tab order, tagging, alternate descriptions.
    const annots = page.lookupMaybe(N('Annots'), PDFArray);
    if (!annots || annots.size() === 0) continue;
    const tabs = page.get(N('Tabs'));
    if (tabs === undefined) f.fail('28-008', `${where} has annotations but no /Tabs`);
    else if (tabs.toString() !== '/S') f.fail('28-009', `${where} has /Tabs ${tabs.toString()}`);
    for (const a of annots.asArray()) {
      const annot = ctx.lookupMaybe(a, PDFDict);
      if (!annot) continue;
      const flags = annot.lookupMaybe(N('F'), PDFNumber)?.asNumber() ?? 0;
      if (flags & HIDDEN) continue;
      const subtype = annot.get(N('Subtype'))?.toString().slice(1) ?? '';
      const parent = a instanceof PDFRef ? annotParents.get(a.tag) : undefined;
      const tagged = parent === undefined ? 'is not in the structure tree' : `is in a <${parent}>`;
      if (subtype === 'Link') {
        if (parent !== 'Link') f.fail('28-011', `${where}: a link annotation ${tagged}`);
        if (!text(annot.lookup(N('Contents')))?.trim()) f.fail('28-012', `${where}: a link annotation has no /Contents`);
      } else if (subtype === 'Widget') {
        if (parent !== 'Form') f.fail('28-010', `${where}: a widget annotation ${tagged}`);
      } else if (subtype !== 'PrinterMark' && subtype !== 'Popup' && parent !== 'Annot') {
        f.fail('28-002', `${where}: a ${subtype} annotation ${tagged}`);
      }
    }
  }
  if (contentStopped) f.fail('01-005', `the content test stopped after ${MAX_CONTENT_BYTES / 1024 / 1024} MiB of page content`, 0);
}

/**
 * The failed conditions of `pdf`, in id order ([] when every tested condition passes). Throws when the
 * bytes cannot be read as a PDF (the caller reports that rather than a finding).
 */
export async function checkPdfUa(pdf: Uint8Array): Promise<UaFinding[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true, parseSpeed: OBJECTS_PER_TICK });
  const f = new Findings();
  checkMetadata(doc.catalog, f);
  const annotParents = checkStructure(doc.context, doc.catalog, f);
  checkPages(doc, annotParents, f);
  return f.list();
}
