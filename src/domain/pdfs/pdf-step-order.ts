// Where each step of a PDF job may stand (pdf-steps.ts checks each step's shape, then asks this). Pure; each
// problem names the step.
/** What the order rules look at of a checked step. */
interface Step {
  type: string;
  standard?: unknown;
}
type StepProblem = { field: string; message: string };

/**
 * Where a step may stand: the steps that change the content first, in any order (the reads, extractText
 * and validate, anywhere before split); then at most one of each
 * of `conform` (what it makes PDF/A is the content as it is then), `split`, `optimize` (qpdf rewrites the file), `encrypt`, `sign`, in this order; then `timestamp`s.
 * Nothing that rewrites the file may follow `sign` or `timestamp`: their byte ranges cover the file as it
 * is, and only an incremental update (another timestamp) keeps them valid. `encrypt` is the last rewrite; a
 * `sign` after it signs the encrypted file (the signature field is added before the encryption, the
 * signature computed over the encrypted bytes, as a protected and signed render job). After `split`,
 * `optimize`, `encrypt`, `sign` and `timestamp` apply to each part.
 */
const RANK: Partial<Record<string, number>> = { conform: 1, split: 2, optimize: 3, encrypt: 4, sign: 5, timestamp: 6 };
const rank = (t: string) => RANK[t] ?? 0;
/** Steps that read the document where they stand and change nothing (pdf-step-content.ts). */
const READS = new Set(['extractText', 'validate']);

/**
 * The first problem of the steps' order (RANK), or null: `fillForm` never after `flatten` (no field is left
 * to fill); a document timestamp cannot follow `encrypt` (its update would have to be encrypted with the
 * document's key, which Folio does not keep); PDF/A (`conform`) is never encrypted.
 */
export function orderProblem(steps: readonly Step[]): StepProblem | null {
  let top = -1;
  for (const [i, s] of steps.entries()) {
    // A read sees the document in the sandbox: after the content steps and conform, before the file is
    // split, rewritten by qpdf, encrypted or signed (those run after the sandbox).
    if (READS.has(s.type)) {
      if (top >= 0 && rank(steps[top].type) >= 2)
        return {
          field: `steps[${i}]`,
          message: `steps[${i}]: ${s.type} reads the document before ${steps[top].type} (steps[${top}]) is applied: put it before that step`,
        };
      continue;
    }
    const r = rank(s.type);
    const prev = top >= 0 ? steps[top] : null;
    if (prev && (r < rank(prev.type) || (r === rank(prev.type) && r > 0 && r < 6))) {
      const p = prev.type;
      if (p === 'conform' && r < 1)
        return {
          field: `steps[${i}]`,
          message: `steps[${i}]: conform (steps[${top}]) must come after every step that changes the content`,
        };
      if (p === 'split' || p === 'optimize')
        return {
          field: `steps[${top}]`,
          message:
            p === 'optimize'
              ? 'optimize must be the last step (or followed only by encrypt, sign, timestamp)'
              : 'split must be the last step (or followed only by optimize, encrypt, sign, timestamp)',
        };
      const why =
        p === 'encrypt'
          ? 'encrypt is the last step that changes the file (only sign may follow it)'
          : `${s.type} would rewrite the file ${p === 'sign' ? 'signed' : 'timestamped'} at steps[${top}] and break its signature: only timestamp may follow ${p}`;
      return { field: `steps[${i}]`, message: r === rank(p) ? `steps[${i}]: a job has one ${s.type} step` : `steps[${i}]: ${why}` };
    }
    if (r > 0) top = i;
  }
  const encrypt = steps.findIndex((s) => s.type === 'encrypt');
  const conformed = steps.findIndex((s) => s.type === 'conform');
  if (encrypt >= 0 && conformed >= 0 && steps[conformed].standard !== undefined)
    return {
      field: `steps[${encrypt}]`,
      message: `steps[${encrypt}]: PDF/A forbids encryption (ISO 19005-2, 6.1.3), and steps[${conformed}] makes PDF/A`,
    };
  const stamp = steps.findIndex((s) => s.type === 'timestamp');
  if (encrypt >= 0 && stamp >= 0)
    return {
      field: `steps[${stamp}]`,
      message: `steps[${stamp}]: a document timestamp cannot be added to an encrypted PDF; use sign with timestamp: true (PAdES B-T) instead`,
    };
  const optimize = steps.findIndex((s) => s.type === 'optimize');
  const sealed = steps.findIndex((s) => s.type === 'sign' || s.type === 'timestamp');
  if (optimize >= 0 && sealed >= 0)
    return {
      field: `steps[${sealed}]`,
      message: `steps[${sealed}]: a signature or timestamp is an incremental update, which the compressed, linearised file of optimize (steps[${optimize}]) cannot take; leave out optimize`,
    };
  const flatten = steps.findIndex((s) => s.type === 'flatten');
  const fill = steps.findIndex((s, i) => s.type === 'fillForm' && flatten >= 0 && i > flatten);
  if (fill >= 0) return { field: `steps[${fill}]`, message: 'fillForm cannot follow flatten: no form field is left to fill' };
  return null;
}
