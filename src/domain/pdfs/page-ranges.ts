// Page selections like "1-3,5,8-" (POST /v1/pdfs/merge's pageRanges, the syntax of Chromium's and qpdf's
// page ranges): 1-based pages and inclusive ranges, `N-` up to the last page, in the order written,
// repeats allowed.

/** The 0-based page indices `spec` selects in a document of `pageCount` pages, or why it cannot. */
export function parsePageRanges(spec: string, pageCount: number, maxPages: number): { pages: number[] } | { problem: string } {
  const pages: number[] = [];
  for (const part of spec.split(',').map((p) => p.trim())) {
    const m = /^(\d{1,6})(?:\s*(-)\s*(\d{1,6})?)?$/.exec(part);
    if (!m) return { problem: `must be a list like "1-3,5,8-" (1-based pages and inclusive ranges); "${part.slice(0, 40)}" is not one` };
    const from = Number(m[1]);
    const to = m[2] ? (m[3] !== undefined ? Number(m[3]) : pageCount) : from;
    if (from < 1) return { problem: 'counts pages from 1' };
    if (to < from) return { problem: `has the range ${from}-${to}, which runs backwards` };
    if (to > pageCount) return { problem: `names page ${to}, but the PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}` };
    if (pages.length + (to - from + 1) > maxPages) return { problem: `selects more than ${maxPages} pages` };
    for (let p = from; p <= to; p++) pages.push(p - 1);
  }
  return { pages };
}
