// The interactive-feature checks of Folio's PDF/A checks (validate.ts): actions anywhere in the file (the
// value of an A, OpenAction or Next entry, or of an additional-actions dictionary) of the types the part
// allows (GoTo, GoToR, Thread, URI, Named, SubmitForm, and GoToE in parts 2/3: so no Launch, Sound, Movie,
// ResetForm, ImportData, JavaScript, Hide, SetOCGState, Rendition, Trans, GoTo3DView), Named actions other
// than the four page moves, a JavaScript name tree, additional actions (AA) on the catalog (and on pages in
// parts 2/3), actions on widgets and form fields; annotations page by page: the subtypes the part allows,
// the F flags (Print set; Hidden, Invisible, NoView and, in parts 2/3, ToggleNoView clear), constant alpha
// in PDF/A-1, and the appearance: an N-only AP whose N is a stream (a subdictionary for check boxes and radio
// buttons), required in parts 2/3 unless the annotation is a Popup, a Link or has a zero-size rectangle, and
// for widgets in PDF/A-1. A subset of veraPDF's rules (the reference validator), not a validator.
import { PDFArray, PDFDict, PDFName, PDFStream } from '@cantoo/pdf-lib';
import type { PDFContext, PDFObject } from '@cantoo/pdf-lib';
import type { Findings } from './validate-findings.js';
import type { PageFacts } from './validate-graphics.js';
import { eachDict } from './validate-structure.js';
import { numberOf } from './validate-usage.js';

const N = PDFName.of;
const nameOf = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);

const ACTIONS_1 = new Set(['GoTo', 'GoToR', 'Thread', 'URI', 'Named', 'SubmitForm']);
const ACTIONS_2 = new Set([...ACTIONS_1, 'GoToE']);
const NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
const ANNOTS_1 = new Set(
  'Text Link FreeText Line Square Circle Highlight Underline Squiggly StrikeOut Stamp Ink Popup Widget PrinterMark TrapNet'.split(' '),
);
const ANNOTS_2 = new Set([...ANNOTS_1, ...'Polygon PolyLine Caret FileAttachment Watermark Redact'.split(' ')]);

/** Every action dictionary of the file, each once. */
function actionsOf(ctx: PDFContext): Set<PDFDict> {
  const actions = new Set<PDFDict>();
  const add = (o: PDFObject | undefined) => {
    const d = o === undefined ? undefined : ctx.lookup(o);
    if (d instanceof PDFDict && d.get(N('S')) instanceof PDFName) actions.add(d);
    else if (d instanceof PDFArray) for (const x of d.asArray()) add(x);
  };
  eachDict(ctx, (d) => {
    if (d.get(N('Type')) === N('StructElem')) return; // its A is attributes, never an action
    add(d.get(N('A')));
    add(d.get(N('OpenAction')));
    if (d.get(N('S')) instanceof PDFName) add(d.get(N('Next')));
    const aa = d.lookupMaybe(N('AA'), PDFDict);
    if (aa) for (const v of aa.values()) add(v);
  });
  return actions;
}

export function checkActions(ctx: PDFContext, catalog: PDFDict, f: Findings): void {
  const allowed = f.part === 1 ? ACTIONS_1 : ACTIONS_2;
  for (const action of actionsOf(ctx)) {
    const s = nameOf(action.get(N('S'))) ?? '';
    if (!allowed.has(s)) f.add('actions', `a ${s} action`);
    else if (s === 'Named' && !NAMED.has(nameOf(action.get(N('N'))) ?? ''))
      f.add('actions', `a Named action ${nameOf(action.get(N('N'))) ?? '(none)'} (only NextPage, PrevPage, FirstPage, LastPage)`);
    if (s !== 'JavaScript' && action.has(N('JS'))) f.add('actions', `a ${s} action carries JavaScript (JS)`);
  }
  if (catalog.lookupMaybe(N('Names'), PDFDict)?.has(N('JavaScript'))) f.add('actions', 'the name dictionary has a JavaScript name tree');
  if (catalog.has(N('AA'))) f.add('additionalActions', 'the catalog has additional actions (AA)');
  eachDict(ctx, (d) => {
    const widget = nameOf(d.get(N('Subtype'))) === 'Widget';
    if (!widget && !d.has(N('FT'))) return;
    if (widget && d.has(N('A'))) f.add('widgetActions', 'a widget annotation has an action (A)');
    if (d.has(N('AA'))) f.add(f.part === 1 ? 'additionalActions' : 'widgetActions', 'a form field or widget has additional actions (AA)');
  });
}

/** A widget's field type, inherited from its parent fields. */
function fieldType(annot: PDFDict): string | undefined {
  let node: PDFDict | undefined = annot;
  for (let i = 0; node && i < 32; i++) {
    const ft = nameOf(node.get(N('FT')));
    if (ft) return ft;
    node = node.lookupMaybe(N('Parent'), PDFDict);
  }
  return undefined;
}

function zeroSize(annot: PDFDict): boolean {
  const rect = annot
    .lookupMaybe(N('Rect'), PDFArray)
    ?.asArray()
    .map((v) => numberOf(annot.context.lookup(v)) ?? 0);
  if (!rect || rect.length !== 4) return false;
  return rect[0] === rect[2] && rect[1] === rect[3];
}

function checkAppearance(annot: PDFDict, subtype: string, page: number, f: Findings): void {
  const ap = annot.lookupMaybe(N('AP'), PDFDict);
  if (!ap) {
    if (f.part !== 1 && subtype !== 'Popup' && subtype !== 'Link' && !zeroSize(annot))
      f.add('appearances', `a ${subtype} annotation has no appearance stream (AP)`, page);
    else if (f.part === 1 && subtype === 'Widget') f.add('forms', 'a widget annotation (form field) has no appearance (AP)', page);
    return;
  }
  if (ap.keys().some((k) => k !== N('N'))) f.add('appearances', `a ${subtype} annotation's AP has entries other than N`, page);
  const n = ap.lookup(N('N'));
  const button = subtype === 'Widget' && fieldType(annot) === 'Btn';
  if (button ? !(n instanceof PDFDict) : !(n instanceof PDFStream))
    f.add(
      'appearances',
      `a ${subtype} annotation's normal appearance (N) is not ${button ? 'a subdictionary of states' : 'a stream'}`,
      page,
    );
}

/** The annotations of each page. */
export function checkAnnotations(pages: PageFacts[], f: Findings): void {
  const allowed = f.part === 1 ? ANNOTS_1 : ANNOTS_2;
  const hiding = f.part === 1 ? 1 | 2 | 32 : 1 | 2 | 32 | 256;
  for (const { number, page, annots } of pages) {
    if (f.part !== 1 && page.has(N('AA'))) f.add('additionalActions', 'a page has additional actions (AA)', number);
    for (const annot of annots) {
      const subtype = nameOf(annot.get(N('Subtype'))) ?? '(no subtype)';
      if (!allowed.has(subtype)) f.add('annotationTypes', `a ${subtype} annotation`, number);
      const flags = numberOf(annot.lookup(N('F')));
      if (flags === undefined) {
        if (f.part === 1 || subtype !== 'Popup')
          f.add('annotationFlags', `a ${subtype} annotation has no flags (F), so not the Print flag`, number);
      } else {
        if (!(flags & 4)) f.add('annotationFlags', `a ${subtype} annotation does not have the Print flag`, number);
        if (flags & hiding)
          f.add('annotationFlags', `a ${subtype} annotation is hidden (Hidden, Invisible, NoView or ToggleNoView flag)`, number);
      }
      const ca = numberOf(annot.lookup(N('CA')));
      if (f.part === 1 && ca !== undefined && ca !== 1) f.add('annotationFlags', `a ${subtype} annotation has CA ${ca} (below 1)`, number);
      checkAppearance(annot, subtype, number, f);
    }
  }
}
