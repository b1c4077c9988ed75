// Folio's reading limits for a PDF (the checks are in src/pdf/syntax/limits.ts; a PDF over one fails with a
// PdfError of kind limit, pdf/errors.ts). Kept apart from the checks, which need pdf-lib, so the modules that
// only name them do not load it.
export interface PdfLimits {
  /** Pages the document may have (a joined PDF: what the joined document's ceiling leaves for it). */
  maxPages: number;
  /** Levels of the page tree below the root /Pages node. */
  maxPageTreeDepth: number;
  /** Nodes of the page tree (pages and intermediate nodes). */
  maxPageTreeNodes: number;
  /** Indirect objects in the file. */
  maxObjects: number;
  /** Decompressed bytes of one stream. */
  maxStreamBytes: number;
  /** Decompressed bytes of one object or cross-reference stream (decoded into objects in memory). */
  maxObjectStreamBytes: number;
  /** Decompressed bytes of all the document's streams together. */
  maxDecompressedBytes: number;
  /** Pixels (width x height) of one image; an image's pixels also count against `maxDecompressedBytes`. */
  maxImagePixels: number;
}
