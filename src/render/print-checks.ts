// What the page is asked just before it is printed, for the job's warnings (domain/jobs/job-warnings.ts):
// margin boxes on a side with no page margin (Chromium drops them), and web fonts that failed to load
// (the text then prints in a fallback font). One evaluation, after the ready wait. It also reads the
// language the page declares (`<html lang>`): Chromium writes its own locale as the PDF's /Lang when the
// page declares none, and a PDF/UA-1 job keeps only a declared one (src/pdf/post-process.ts).
import type { PrintCheck, RunContext } from './run-context.js';

/**
 * The page's answer: `clipped` lists "@page :first @bottom-right" for each margin box whose side has a
 * margin of 0, `fonts` the families of FontFaces in the error state. `defaults` are the print's own margins
 * in inches, which apply where no @page rule sets one.
 */
export function printCheckExpression(defaults: { top: number; right: number; bottom: number; left: number }): string {
  return `(() => {
  const defaults = ${JSON.stringify(defaults)};
  const clipped = [];
  const pages = [];
  const visit = (rules) => {
    for (const rule of rules) {
      if (typeof CSSPageRule !== 'undefined' && rule instanceof CSSPageRule) pages.push(rule);
      else if (rule.cssRules && !(rule instanceof CSSStyleRule)) visit(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) { try { visit(sheet.cssRules); } catch {} }
  const zero = (v) => v !== '' && parseFloat(v) === 0;
  const general = pages.filter((p) => p.selectorText === '');
  const sideMargin = (page, side) => {
    const own = page.style.getPropertyValue('margin-' + side);
    if (own !== '') return own;
    for (let i = general.length - 1; i >= 0; i--) {
      const v = general[i].style.getPropertyValue('margin-' + side);
      if (v !== '') return v;
    }
    return null;
  };
  for (const page of pages) {
    for (const box of page.cssRules || []) {
      const name = box.name || '';
      const side = ['top', 'bottom', 'left', 'right'].find((s) => name.startsWith(s));
      if (!side) continue;
      const content = box.style ? box.style.getPropertyValue('content') : '';
      if (content === '' || content === 'none' || content === 'normal') continue;
      const margin = sideMargin(page, side);
      if (margin === null ? defaults[side] === 0 : zero(margin)) clipped.push(('@page ' + page.selectorText).trim() + ' @' + name);
    }
  }
  const fonts = [];
  try { for (const f of document.fonts) if (f.status === 'error' && !fonts.includes(f.family)) fonts.push(f.family); } catch {}
  const lang = (document.documentElement && document.documentElement.getAttribute('lang')) || '';
  return { clipped: clipped.slice(0, 10), fonts: fonts.slice(0, 10), lang: lang.trim().slice(0, 100) };
})()`;
}

/** printCheckExpression for this run's print margins. */
export function printCheckOf(run: RunContext): string {
  const p = run.printParams;
  return printCheckExpression({
    top: p.marginTop ?? 0.4,
    right: p.marginRight ?? 0.4,
    bottom: p.marginBottom ?? 0.4,
    left: p.marginLeft ?? 0.4,
  });
}

/**
 * Records the page's margin-box and font problems as warnings of the run; never fails the job. The ready
 * wait reads the answer in the evaluation it makes last anyway (run.printCheck); a run without one (a warm
 * page's handler) asks here.
 */
export async function checkBeforePrint(run: RunContext): Promise<void> {
  const value =
    run.printCheck ??
    ((await run.guard.evaluate(printCheckOf(run), 'checking the page before printing')).result?.value as PrintCheck | undefined);
  const { diagnostics } = run;
  if (value) run.pageLang = typeof value.lang === 'string' && value.lang !== '' ? value.lang : null;
  for (const box of value?.clipped ?? [])
    diagnostics.warn('margin_boxes_clipped', `${box} has content, but its side of the page has no margin: Chromium drops it`);
  for (const family of value?.fonts ?? [])
    diagnostics.warn('font_fallback', `the web font "${family.replace(/^"|"$/g, '')}" failed to load; its text printed in a fallback font`);
  if (diagnostics.ready?.byTimeout)
    diagnostics.warn('ready_by_timeout', `printed by the 3 s settle limit: ${diagnostics.ready.detail ?? ''}`);
}
