// The graphics checks of Folio's PDF/A checks (validate.ts), page by page from what each page uses
// (validate-usage.ts): fonts embedded (Type 0 through their descendant font, Type 3 exempt), the PDF/A
// OutputIntent (S /GTS_PDFA1, an ICC output or monitor profile, one profile for all intents) and the device
// colour spaces it must cover (DeviceRGB an RGB profile, DeviceCMYK a CMYK one, DeviceGray any; a Default
// colour space in the resources makes its family device independent), images (Alternates, OPI,
// Interpolate), Form XObjects (PS, Subtype2 PS, OPI, reference XObjects), PostScript XObjects, ExtGState
// transfer functions (TR, TR2 other than Default; HTP in parts 2/3), transparency in PDF/A-1 (soft masks,
// constant alpha below 1, blend modes other than Normal/Compatible, transparency groups) and the blend
// modes of parts 2/3, inline image filters. A subset of veraPDF's rules (the reference), not a validator.
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import type { Findings } from './validate-findings.js';
import { pageDicts } from './ua/ua-prepare.js';
import { normalAppearances, numberOf, pageResources, UsageReader, type DeviceFamily, type Usage } from './validate-usage.js';

const N = PDFName.of;

/** One page: its 1-based number, dictionary, annotations and what its content and appearances use. */
export interface PageFacts {
  number: number;
  page: PDFDict;
  annots: PDFDict[];
  usage: Usage;
}

/** Every page with what it uses; `stopped` when content was left unread (MAX_CONTENT_BYTES). */
export function readPages(ctx: PDFContext, catalog: PDFDict): { pages: PageFacts[]; stopped: boolean } {
  const reader = new UsageReader(ctx);
  const pages = pageDicts(ctx, catalog).map(({ page }, i) => {
    const contents = page.lookup(N('Contents'));
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const usage = reader.read(streams, pageResources(page));
    const annots = (page.lookupMaybe(N('Annots'), PDFArray)?.asArray() ?? []).flatMap((a) => {
      const d = ctx.lookup(a);
      return d instanceof PDFDict ? [d] : [];
    });
    for (const annot of annots)
      for (const ap of normalAppearances(ctx, annot)) {
        const u = reader.read([ap], ap.dict.lookupMaybe(N('Resources'), PDFDict));
        for (const k of ['fonts', 'extGStates', 'xobjects', 'device', 'inlineFilters'] as const)
          for (const v of u[k] as Set<never>) (usage[k] as Set<never>).add(v);
        usage.inlineInterpolate ||= u.inlineInterpolate;
      }
    return { number: i + 1, page, annots, usage };
  });
  return { pages, stopped: reader.stopped };
}

const nameOf = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);

function fontEmbedded(font: PDFDict): boolean {
  const subtype = nameOf(font.get(N('Subtype')));
  if (subtype === 'Type3') return true;
  const descendant = subtype === 'Type0' ? font.lookupMaybe(N('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict) : font;
  const descriptor = descendant?.lookupMaybe(N('FontDescriptor'), PDFDict);
  return ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(N(k)));
}

export function checkFonts(pages: PageFacts[], f: Findings): void {
  for (const { number, usage } of pages)
    for (const font of usage.fonts)
      if (!fontEmbedded(font)) f.add('fonts', `font ${nameOf(font.get(N('BaseFont'))) ?? '(unnamed)'} is used but not embedded`, number);
}

/** The PDF/A OutputIntent's profile colour space ("RGB ", "CMYK", "GRAY"), or null when there is none usable. */
export function checkOutputIntent(catalog: PDFDict, f: Findings): string | null {
  const intents = catalog.lookupMaybe(N('OutputIntents'), PDFArray);
  const profiles = new Set<PDFObject>();
  let space: string | null = null;
  for (let i = 0; i < (intents?.size() ?? 0); i++) {
    const intent = intents!.lookupMaybe(i, PDFDict);
    const ref = intent?.get(N('DestOutputProfile'));
    if (ref) profiles.add(ref);
    if (!intent || nameOf(intent.get(N('S'))) !== 'GTS_PDFA1') continue;
    const icc = intent.lookupMaybe(N('DestOutputProfile'), PDFStream);
    if (!icc) {
      f.add('outputIntent', 'the GTS_PDFA1 OutputIntent has no embedded DestOutputProfile');
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(icc instanceof PDFRawStream ? decodePDFRawStream(icc).decode() : icc.getContents());
    } catch {
      f.add('outputIntent', 'the DestOutputProfile of the GTS_PDFA1 OutputIntent cannot be decoded');
      continue;
    }
    const problem = iccProblem(bytes, f.part === 1 ? 2 : 4);
    if (problem) f.add('outputIntent', `the DestOutputProfile of the GTS_PDFA1 OutputIntent ${problem}`);
    else space = bytes.toString('latin1', 16, 20);
  }
  if (profiles.size > 1) f.add('outputIntent', 'the OutputIntents carry different DestOutputProfiles');
  return space;
}

/** Why `bytes` are not an ICC profile a PDF/A OutputIntent takes (ICC version up to `maxMajor`), or null. */
function iccProblem(bytes: Buffer, maxMajor: number): string | null {
  if (bytes.length < 128 || bytes.toString('latin1', 36, 40) !== 'acsp') return 'is not an ICC profile';
  if (bytes[8] > maxMajor) return `has ICC version ${bytes[8]} (this part takes up to ${maxMajor})`;
  const cls = bytes.toString('latin1', 12, 16);
  if (cls !== 'prtr' && cls !== 'mntr') return `has device class "${cls}" (an output or monitor profile is needed)`;
  const space = bytes.toString('latin1', 16, 20);
  if (space !== 'RGB ' && space !== 'CMYK' && space !== 'GRAY') return `has colour space "${space.trim()}"`;
  return null;
}

const SPACE_OF: Record<DeviceFamily, string> = { RGB: 'RGB ', CMYK: 'CMYK', Gray: 'GRAY' };

export function checkDeviceColour(pages: PageFacts[], intentSpace: string | null, f: Findings): void {
  for (const { number, usage } of pages)
    for (const family of usage.device) {
      if (intentSpace === null)
        f.add('deviceColour', `Device${family} is used without a PDF/A OutputIntent (S /GTS_PDFA1 with a usable embedded profile)`, number);
      else if (family !== 'Gray' && intentSpace !== SPACE_OF[family])
        f.add('deviceColour', `Device${family} is used, but the PDF/A OutputIntent's profile is ${intentSpace.trim()}`, number);
    }
}

const BLEND_MODES = new Set(
  'Normal Compatible Multiply Screen Overlay Darken Lighten ColorDodge ColorBurn HardLight SoftLight Difference Exclusion Hue Saturation Color Luminosity'.split(
    ' ',
  ),
);

function checkExtGState(gs: PDFDict, page: number, f: Findings): void {
  if (gs.has(N('TR'))) f.add('extGState', 'an ExtGState has a transfer function (TR)', page);
  const tr2 = gs.get(N('TR2'));
  if (tr2 !== undefined && nameOf(tr2) !== 'Default') f.add('extGState', 'an ExtGState has a TR2 other than Default', page);
  if (f.part !== 1 && gs.has(N('HTP'))) f.add('extGState', 'an ExtGState has an HTP entry', page);
  const smask = gs.get(N('SMask'));
  if (smask !== undefined && nameOf(smask) !== 'None') f.add('transparency', 'an ExtGState has a soft mask (SMask)', page);
  const bm = gs.lookup(N('BM'));
  const modes = bm instanceof PDFArray ? bm.asArray().map(nameOf) : bm === undefined ? [] : [nameOf(bm)];
  for (const mode of modes) {
    if (mode !== 'Normal' && mode !== 'Compatible') f.add('transparency', `an ExtGState has blend mode ${mode ?? '(not a name)'}`, page);
    if (!mode || !BLEND_MODES.has(mode)) f.add('blendModes', `an ExtGState has blend mode ${mode ?? '(not a name)'}`, page);
  }
  for (const key of ['CA', 'ca']) {
    const alpha = numberOf(gs.lookup(N(key)));
    if (alpha !== undefined && Math.abs(alpha - 1) > 1e-6) f.add('transparency', `an ExtGState has ${key} ${alpha} (below 1)`, page);
  }
}

function checkXObject(x: PDFStream, page: number, f: Findings): void {
  const d = x.dict;
  const subtype = nameOf(d.get(N('Subtype')));
  if (subtype === 'PS') f.add('postScript', 'a PostScript XObject is painted', page);
  if (d.has(N('SMask'))) f.add('transparency', `${subtype === 'Form' ? 'a Form XObject' : 'an image'} has a soft mask (SMask)`, page);
  if (subtype === 'Image') {
    if (d.has(N('Alternates'))) f.add('images', 'an image has Alternates', page);
    if (d.has(N('OPI'))) f.add('images', 'an image has OPI', page);
    if (d.get(N('Interpolate'))?.toString() === 'true') f.add('images', 'an image has Interpolate true', page);
  } else if (subtype === 'Form') {
    if (d.has(N('PS')) || nameOf(d.get(N('Subtype2'))) === 'PS')
      f.add('formXObjects', 'a Form XObject has PostScript (PS or Subtype2 PS)', page);
    if (d.has(N('OPI'))) f.add(f.part === 1 ? 'images' : 'formXObjects', 'a Form XObject has OPI', page);
    if (d.has(N('Ref'))) f.add('referenceXObjects', 'a reference XObject (Ref) is painted', page);
    if (nameOf(d.lookupMaybe(N('Group'), PDFDict)?.get(N('S'))) === 'Transparency')
      f.add('transparency', 'a Form XObject is a transparency group', page);
  }
}

const STANDARD_FILTERS = new Set([
  'ASCIIHexDecode',
  'ASCII85Decode',
  'FlateDecode',
  'RunLengthDecode',
  'CCITTFaxDecode',
  'JBIG2Decode',
  'DCTDecode',
  'JPXDecode',
  ...['AHx', 'A85', 'Fl', 'RL', 'CCF', 'DCT'],
]);

/** Everything the pages use, checked (ExtGStates, XObjects, page groups, inline images). */
export function checkPageGraphics(pages: PageFacts[], f: Findings): void {
  for (const { number, page, usage } of pages) {
    if (nameOf(page.lookupMaybe(N('Group'), PDFDict)?.get(N('S'))) === 'Transparency')
      f.add('transparency', 'a page is a transparency group (Group /S /Transparency)', number);
    for (const gs of usage.extGStates) checkExtGState(gs, number, f);
    for (const x of usage.xobjects) checkXObject(x, number, f);
    for (const filter of usage.inlineFilters)
      if (filter === 'LZWDecode' || filter === 'LZW' || (f.part !== 1 && !STANDARD_FILTERS.has(filter)))
        f.add('inlineFilters', `an inline image uses the ${filter} filter`, number);
    if (usage.inlineInterpolate) f.add('images', 'an inline image has Interpolate true', number);
  }
}
