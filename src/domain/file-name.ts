// The PDF's file name: `render.metadata.fileName` (may use {businessKey} and {jobId}), default
// `<deploy slug>-<businessKey>.pdf`. Made safe for a Content-Disposition header and any filesystem.

export function pdfFileName(input: { template?: unknown; slug: string; businessKey: string; jobId: string }): string {
  const raw = typeof input.template === 'string' && input.template.trim() !== '' ? input.template.replaceAll('{businessKey}', input.businessKey).replaceAll('{jobId}', input.jobId) : `${input.slug}-${input.businessKey}`;
  let name = raw
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  if (!name || name === '.' || name === '..') name = input.jobId;
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}
