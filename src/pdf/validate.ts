// Folio's conformance checks of a finished PDF, for the `validate` step of a PDF job (run in the sandbox):
// `validatePdf(pdf, standards)` answers, for each of PDF/A-1b, -2b, -3b and PDF/UA-1 asked, which of Folio's
// checks the file fails, each finding naming its clause, and which clauses were checked. It is NOT a
// validator: veraPDF (https://verapdf.org) is the reference, and these checks are a subset of its rules
// (the same clause numbers), chosen for what a PDF from a browser, an office suite or pdf-lib gets wrong.
// `passed` says only that none of these checks found anything.
//   PDF/A (ISO 19005-1 for a-1b, -2 for a-2b, -3 for a-3b, which has part 2's rules but for embedded files):
//   file header and trailer, cross-reference streams, stream keys and filters, the XMP metadata and
//   its PDF/A identification, the Info dictionary against the XMP, the OutputIntent and the device colour
//   spaces it must cover, fonts embedded, images, XObjects, ExtGState transfer functions, transparency
//   actions and JavaScript, annotations, forms, optional content and embedded files — see
//   validate-structure.ts, validate-xmp.ts, validate-graphics.ts and validate-interactive.ts for exactly
//   what each tests, and validate-findings.ts for the clause of each check.
//   PDF/UA-1: Folio's checker of the Matterhorn Protocol (ua/ua-check.ts), its findings named by condition.
// Findings with the same clause and message are one finding with a count and the (first 50) pages; after
// 1000 occurrences only counts per clause are kept. What Folio could not check (content past 256 MiB, a
// check stopped by a damaged object) is a finding of clause "Folio", so such a report never passes. A file
// pdf-lib cannot read at all is a PdfError of kind step, not a report.
import { PDFDocument } from '@cantoo/pdf-lib';
import { PdfError } from './errors.js';
import { checkPdfUa, UA_CONDITIONS, type UaConditionId } from './ua/ua-check.js';
import { checkedClauses, Findings, type Part } from './validate-findings.js';
import { checkDeviceColour, checkFonts, checkOutputIntent, checkPageGraphics, readPages, type PageFacts } from './validate-graphics.js';
import { checkActions, checkAnnotations } from './validate-interactive.js';
import { checkCatalogEntries, checkEmbeddedFiles, checkHeader, checkStreams, checkTrailer } from './validate-structure.js';
import { MAX_CONTENT_BYTES } from './validate-usage.js';
import { checkMetadata, claims, readMetadata, type Metadata } from './validate-xmp.js';
import { OBJECTS_PER_TICK } from './work-pace.js';

export type ValidationStandard = 'pdf/a-1b' | 'pdf/a-2b' | 'pdf/a-3b' | 'pdf/ua-1';

export interface ValidationFinding {
  /** the clause, e.g. "ISO 19005-2 6.2.11.4.1" or Matterhorn "01-005" */
  clause: string;
  message: string;
  /** 1-based pages where it applies, when it is on pages */
  pages?: number[];
  count: number;
}

export interface ValidationReport {
  standard: ValidationStandard;
  /** true only when none of Folio's checks found anything; it is not a full validator */
  passed: boolean;
  /** the PDF's own claim (XMP pdfaid / pdfuaid), e.g. "pdf/a-2b", or null */
  claimed: string | null;
  findings: ValidationFinding[];
  /** the clauses checked, so a reader knows what "passed" covers */
  checked: string[];
}

const PARTS: Record<Exclude<ValidationStandard, 'pdf/ua-1'>, Part> = { 'pdf/a-1b': 1, 'pdf/a-2b': 2, 'pdf/a-3b': 3 };

/** The parsed document and what every PDF/A part's checks read, gathered once. */
interface Facts {
  pdf: Uint8Array;
  doc: PDFDocument;
  metadata: Metadata;
  pages: PageFacts[];
  /** Why the page checks are incomplete, when they are. */
  pagesProblem?: string;
}

function checkPdfA(facts: Facts, part: Part): ValidationFinding[] {
  const { pdf, doc, metadata, pages } = facts;
  const ctx = doc.context;
  const catalog = doc.catalog;
  const f = new Findings(part);
  // A check that meets an object of the wrong type (a damaged or hostile file) reports that it could not
  // finish, rather than ending the whole report: what it did not judge cannot pass.
  const run = (what: string, check: () => void) => {
    try {
      check();
    } catch (err) {
      f.addClause('Folio', `the ${what} check could not finish: ${(err as Error).message}`);
    }
  };
  run('file structure', () => {
    checkHeader(pdf, f);
    checkTrailer(pdf, ctx, f);
    checkStreams(ctx, f);
    checkCatalogEntries(catalog, f);
  });
  run('embedded file', () => checkEmbeddedFiles(ctx, catalog, f));
  run('metadata', () => checkMetadata(ctx, metadata, f));
  run('colour', () => checkDeviceColour(pages, checkOutputIntent(catalog, f), f));
  run('font', () => checkFonts(pages, f));
  run('graphics', () => checkPageGraphics(pages, f));
  run('action', () => checkActions(ctx, catalog, f));
  run('annotation', () => checkAnnotations(pages, f));
  if (facts.pagesProblem) f.addClause('Folio', facts.pagesProblem);
  return f.list();
}

/** Every page with what it uses, or none and why, when the pages cannot be read. */
function pagesOf(doc: PDFDocument): { pages: PageFacts[]; pagesProblem?: string } {
  try {
    const { pages, stopped } = readPages(doc.context, doc.catalog);
    // Content past the reading bound is unchecked: the report cannot pass on what was not read.
    if (stopped)
      return {
        pages,
        pagesProblem: `the page content was read only up to ${MAX_CONTENT_BYTES / 1024 / 1024} MiB: fonts, colour and graphics states past it are unchecked`,
      };
    return { pages };
  } catch (err) {
    return { pages: [], pagesProblem: `the pages could not be read, so nothing on them was checked: ${(err as Error).message}` };
  }
}

/** A Matterhorn condition as a finding: its id as the clause (ISO 14289-1 § 7.1 for the MarkInfo test). */
const uaClause = (id: UaConditionId) => (id === '7.1-marked' ? 'ISO 14289-1 7.1' : id);

async function checkUa(pdf: Uint8Array): Promise<ValidationFinding[]> {
  let findings;
  try {
    findings = await checkPdfUa(pdf);
  } catch (err) {
    return [{ clause: 'Folio', message: `the PDF/UA-1 checks could not finish: ${(err as Error).message}`, count: 1 }];
  }
  return findings.map((x) => ({ clause: uaClause(x.id), message: `${UA_CONDITIONS[x.id]} (${x.detail})`, count: x.count }));
}

async function load(pdf: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true, parseSpeed: OBJECTS_PER_TICK });
  } catch (err) {
    throw new PdfError('step', `the PDF cannot be read to be validated: ${(err as Error).message}`, { cause: err });
  }
}

/** One report per standard asked, in the order asked (see the file header). */
export async function validatePdf(pdf: Uint8Array, standards: ValidationStandard[]): Promise<ValidationReport[]> {
  for (const s of standards)
    if (s !== 'pdf/ua-1' && !Object.hasOwn(PARTS, s))
      throw new PdfError('step', `unknown standard ${JSON.stringify(s)}: Folio checks pdf/a-1b, pdf/a-2b, pdf/a-3b and pdf/ua-1`);
  if (standards.length === 0) return [];
  const doc = await load(pdf);
  const metadata = readMetadata(doc.context, doc.catalog);
  const claim = claims(metadata);
  let facts: Facts | null = null;
  const reports: ValidationReport[] = [];
  for (const standard of standards) {
    let findings: ValidationFinding[];
    let checked: string[];
    if (standard === 'pdf/ua-1') {
      findings = await checkUa(pdf);
      checked = Object.keys(UA_CONDITIONS).map((id) => uaClause(id as UaConditionId));
    } else {
      facts ??= { pdf, doc, metadata, ...pagesOf(doc) };
      findings = checkPdfA(facts, PARTS[standard]);
      checked = checkedClauses(PARTS[standard]);
    }
    reports.push({
      standard,
      passed: findings.length === 0,
      claimed: standard === 'pdf/ua-1' ? claim.pdfua : claim.pdfa,
      findings,
      checked,
    });
  }
  return reports;
}
