// Page references: a table of contents with correct page numbers and "see page N"
// cross-references. Chromium has no CSS `target-counter()`, so a version that opts in
// (render.metadata.pdf.pageReferences = true) is printed more than once: print, read on which page each
// referenced element starts from the PDF's named destinations (pdf/destinations.ts), give the page those
// numbers (window.folio.pageOf(id), elements with data-folio-page-of="id" filled in, folio.onPageNumbers
// handlers run), print again; repeat until the numbers the page shows are the numbers it printed with.
// The page stays loaded between passes, so a pass after the first costs a print, not a render.
// The page-side state lives in folioScript (ready-protocol.ts); these are the expressions the job runs.

export const PAGE_REFS = "Symbol.for('folio.pageRefs')";
export const SET_PAGE_NUMBERS = "Symbol.for('folio.setPageNumbers')";

/** Prints a document gets at most: the first, and two with numbers (widths that move content once). */
export const MAX_PAGE_REFERENCE_PASSES = 3;
/** At most this many ids are numbered (each is a hidden link and a named destination in every pass). */
export const MAX_PAGE_REFERENCES = 5000;

/**
 * Before each print: makes sure every referenced id becomes a named destination. Chromium writes one for
 * each element a link of the document points at, laid out or not, so Folio appends one hidden link per id
 * that the page asked for (folio.pageOf, data-folio-page-of), in a box at the start of <html>. Resolves the
 * ids the page refers to.
 */
export const PAGE_LINKS_EXPRESSION = `(() => {
  const wanted = window[${PAGE_REFS}];
  const ids = new Set(typeof wanted === 'function' ? wanted() : []);
  for (const el of document.querySelectorAll('[data-folio-page-of]')) ids.add(el.getAttribute('data-folio-page-of'));
  const list = [...ids].filter((id) => id !== '').slice(0, ${MAX_PAGE_REFERENCES});
  let box = document.querySelector('div[data-folio-page-links]');
  if (list.length === 0) { if (box) box.remove(); return list; }
  if (!box) {
    box = document.createElement('div');
    box.setAttribute('data-folio-page-links', '');
    box.style.setProperty('display', 'none', 'important');
    // Outside <body>: a box at its end would change which element is body's :last-child for the template's CSS.
    document.documentElement.prepend(box);
  }
  box.replaceChildren(...list.map((id) => { const a = document.createElement('a'); a.href = '#' + encodeURIComponent(id); return a; }));
  return list;
})()`;

/**
 * After a print: gives the page its numbers (id → page). Fills every data-folio-page-of element, runs the
 * folio.onPageNumbers handlers in order, waits for fonts. Resolves {failed} when the page called
 * folio.fail() meanwhile.
 */
export function applyPageNumbersExpression(numbers: ReadonlyMap<string, number>): string {
  const data = JSON.stringify(Object.fromEntries(numbers));
  return `(async (numbers) => {
  const set = window[${SET_PAGE_NUMBERS}];
  if (typeof set !== 'function') return 'no-folio';
  return await set(numbers);
})(${data})`;
}

/** Ids whose page changed between the numbers the page printed with and where they landed, in words. */
export function movedReferences(given: ReadonlyMap<string, number>, landed: ReadonlyMap<string, number>, ids: readonly string[]): string[] {
  const moved: string[] = [];
  for (const id of ids) {
    if (given.get(id) !== landed.get(id)) moved.push(`#${id} (page ${given.get(id) ?? '?'} → ${landed.get(id) ?? '?'})`);
  }
  return moved;
}

/** The page numbers of the ids the page refers to (only those are given to the page and compared). */
export function pagesOf(destinations: ReadonlyMap<string, number>, ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) {
    const page = destinations.get(id);
    if (page !== undefined) out.set(id, page);
  }
  return out;
}
