// A part of a long document (docs/long-documents.md) is printed with the page numbers it has in the joined
// document. Chromium numbers every print from 1, and counter(pages) is the print's own count, so before a
// part prints its page is told where it stands, through the CSS object model:
// - `@page :first { counter-increment: page N+1 }` in a style element of Folio's: the part's first page is
//   page N+1 (Chromium's page counter adds the increment instead of 1), and the pages after it follow;
// - every margin box whose content says counter(pages) gets the joined document's count as a string;
// - a part after the first loses the template's `@page :first` rules: its first page is not the document's.
// Style sheets of another origin (a CDN's, where the plan allows) cannot be read and are left as they are.
// The draft print of a part (which only counts its pages and finds where elements land) makes every
// element with an id a link target, so that its page can be read from the draft's named destinations.
import { MAX_PAGE_REFERENCES, PAGE_REFS } from './page-references.js';

/** Where a part stands in the joined document; `totalPages` null in its draft. */
export interface PartNumbering {
  index: number;
  pagesBefore: number;
  totalPages: number | null;
}

/** Evaluated before a part prints. Resolves the number of style sheets it could not read. */
export function partNumberingExpression(n: PartNumbering): string {
  return `((n) => {
  let unreadable = 0;
  const pages = /counter\\(\\s*pages\\s*(,[^)]*)?\\)/g;
  const visit = (owner, rules) => {
    for (let i = rules.length - 1; i >= 0; i--) {
      const rule = rules[i];
      if (rule instanceof CSSPageRule) {
        if (n.index > 0 && /:first\\b/.test(rule.selectorText)) { owner.deleteRule(i); continue; }
        if (n.totalPages === null) continue;
        for (const box of rule.cssRules || []) {
          const content = box.style && box.style.getPropertyValue('content');
          if (content && pages.test(content)) box.style.setProperty('content', content.replace(pages, JSON.stringify(String(n.totalPages))));
          pages.lastIndex = 0;
        }
      } else if (typeof CSSImportRule === 'function' && rule instanceof CSSImportRule) {
        // An @import's sheet: read like any other (of another origin, it cannot be).
        let imported;
        try { imported = rule.styleSheet && rule.styleSheet.cssRules; } catch { unreadable++; continue; }
        if (imported) visit(rule.styleSheet, imported);
      } else if (rule.cssRules) visit(rule, rule.cssRules);
    }
  };
  for (const sheet of [...document.styleSheets]) {
    let rules;
    try { rules = sheet.cssRules; } catch { unreadable++; continue; }
    visit(sheet, rules);
  }
  if (n.pagesBefore > 0) {
    const style = document.createElement('style');
    style.setAttribute('data-folio-part', '');
    style.textContent = '@page :first { counter-increment: page ' + (n.pagesBefore + 1) + ' }';
    (document.head || document.documentElement).append(style);
  }
  return unreadable;
})(${JSON.stringify(n)})`;
}

/** A heading of a part's page, as its draft found it: the outline of the joined document is made of these. */
export interface PartHeading {
  id: string;
  level: number;
  title: string;
}

/**
 * Before a part's draft print: a hidden link to every heading (h1–h6, given an id when it has none) and
 * every other element with an id (at most MAX_PAGE_REFERENCES in all), so that the draft's named
 * destinations say on which page each starts. Resolves the ids this part's page refers to (data-folio-page-of,
 * folio.pageOf), which another part may hold, and its headings in document order. Chromium builds its own
 * outline only in a tagged print; the final prints are untagged (their structure trees would not survive the
 * join), and Folio writes the outline from these headings instead.
 */
export const PART_TARGETS_EXPRESSION = `(() => {
  const wanted = window[${PAGE_REFS}];
  const referenced = new Set(typeof wanted === 'function' ? wanted() : []);
  for (const el of document.querySelectorAll('[data-folio-page-of]')) referenced.add(el.getAttribute('data-folio-page-of'));
  const headings = [];
  let n = 0;
  for (const h of document.querySelectorAll('body h1, body h2, body h3, body h4, body h5, body h6')) {
    if (headings.length >= ${MAX_PAGE_REFERENCES}) break;
    const title = (h.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 500);
    if (title === '') continue;
    if (!h.id) { while (document.getElementById('folio-heading-' + n)) n++; h.id = 'folio-heading-' + n; }
    headings.push({ id: h.id, level: Number(h.tagName[1]), title });
  }
  const ids = [...new Set([...headings.map((h) => h.id), ...[...document.querySelectorAll('body [id]')].map((el) => el.id)])]
    .filter((id) => id !== '').slice(0, ${MAX_PAGE_REFERENCES});
  const box = document.createElement('div');
  box.setAttribute('data-folio-page-links', '');
  box.style.setProperty('display', 'none', 'important');
  document.documentElement.prepend(box);
  box.replaceChildren(...ids.map((id) => { const a = document.createElement('a'); a.href = '#' + encodeURIComponent(id); return a; }));
  return { references: [...referenced].filter((id) => id !== '').slice(0, ${MAX_PAGE_REFERENCES}), headings };
})()`;
