// Print defaults: what Folio does where a document says nothing (no @page margin, no motion preference).
// They are a property of each version, fixed when it is committed: a new default applies to versions
// committed after it, and versions already live keep printing exactly as before (their outputs must not
// change under their users). The API shows a version's as `printDefaults`; docs/templates.md has the table.

export const PRINT_DEFAULTS = {
  /** Versions committed before 2026-11-27: no page margin unless the CSS or pdf.margin sets one; motion as the page asks. */
  1: { marginInches: 0, reducedMotion: false },
  /** Chromium's own print margin (1 cm on each side) where the CSS sets none, and prefers-reduced-motion: reduce. */
  2: { marginInches: 1 / 2.54, reducedMotion: true },
} as const;

export type PrintDefaults = keyof typeof PRINT_DEFAULTS;

/** What a render request that names none gets: what Folio always did, so nothing prints differently by omission. */
export const UNSTATED_PRINT_DEFAULTS: PrintDefaults = 1;

/** What every version committed now gets. */
export const CURRENT_PRINT_DEFAULTS: PrintDefaults = 2;

export function isPrintDefaults(x: unknown): x is PrintDefaults {
  return x === 1 || x === 2;
}
