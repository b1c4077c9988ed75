// The PDF's file name: `render.metadata.fileName` (may use {businessKey} and {jobId}), default
// `<deploy slug>-<businessKey>.pdf`. Made safe for a Content-Disposition header and any filesystem.

// Unicode bidi controls (ALM, LRM, RLM, the embeddings and overrides LRE…RLO, the isolates LRI…PDI): an RTL
// override makes a download bar or file manager show a name in another order than it is (`inv\u202Efdp.exe`
// shows as `invexe.pdf`). They carry no meaning in a file name, so they are removed, not replaced.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

export function pdfFileName(input: { template?: unknown; slug: string; businessKey: string; jobId: string }): string {
  const raw =
    typeof input.template === 'string' && input.template.trim() !== ''
      ? input.template.replaceAll('{businessKey}', input.businessKey).replaceAll('{jobId}', input.jobId)
      : `${input.slug}-${input.businessKey}`;
  let name = withoutBidiControls(raw)
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  if (!name || name === '.' || name === '..') name = input.jobId;
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}
