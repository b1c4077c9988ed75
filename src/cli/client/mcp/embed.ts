// A PDF inside an MCP answer: besides its signed link, a tool answers the PDF itself as an embedded resource
// ({type: "resource", resource: {uri, mimeType: "application/pdf", blob}}) when it is at most EMBED_MAX_BYTES,
// so a client that cannot open links still gets the document. A larger PDF, or one whose link this machine
// cannot fetch, is answered by its link only, and the answer's text says why.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The largest PDF embedded in an answer (5 MiB); a larger one is linked only. */
export const EMBED_MAX_BYTES = 5 * 1024 * 1024;
export const EMBED_LIMIT = '5 MiB';
/** How long fetching a PDF to embed may take before the answer goes without it. */
const EMBED_FETCH_MS = 30_000;

type Content = CallToolResult['content'][number];

/** A size in the unit of the limit, rounded up (one byte over 5 MiB reads 5.1 MiB), so the two compare at a glance. */
const inMiB = (bytes: number) => `${(Math.ceil((bytes * 10) / (1024 * 1024)) / 10).toFixed(1)} MiB`;

/** The bytes behind a signed link, or null when this machine cannot fetch them (the link still works elsewhere). */
export async function fetchPdf(url: string, signal: AbortSignal): Promise<Buffer | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(EMBED_FETCH_MS)]) });
    if (!res.ok) return null;
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    if (signal.aborted) throw err;
    return null;
  }
}

/**
 * The PDF behind a signed link as an embedded resource (its link as the uri), or a note saying why the
 * answer carries the link only.
 */
export async function embedPdf(
  p: { downloadUrl?: string; bytes: number; name: string },
  signal: AbortSignal,
): Promise<{ resource: Content } | { note: string }> {
  if (!p.downloadUrl) return { note: `${p.name} is not embedded: it has no link` };
  if (p.bytes > EMBED_MAX_BYTES)
    return { note: `${p.name} is not embedded (${inMiB(p.bytes)} is over the ${EMBED_LIMIT} limit for embedding): use its link` };
  const bytes = await fetchPdf(p.downloadUrl, signal);
  if (!bytes) return { note: `${p.name} is not embedded (its link could not be fetched from the MCP server): use its link` };
  return { resource: { type: 'resource', resource: { uri: p.downloadUrl, mimeType: 'application/pdf', blob: bytes.toString('base64') } } };
}
