// Passwords and permissions of a protected PDF: what a job may ask for, checked before
// anything is stored. The encryption itself (AES-256, PDF 2.0 security handler revision 6) is done by
// qpdf in pdf/protect.ts. Pure: the passwords are only looked at, never kept here.

/** What each permission allows when the PDF is opened with the user password (or none). */
export const PDF_PERMISSIONS = [
  'print',
  'printHighQuality',
  'copy',
  'modify',
  'annotate',
  'fillForms',
  'accessibility',
  'assemble',
] as const;
export type PdfPermission = (typeof PDF_PERMISSIONS)[number];
export type PdfPermissions = Record<PdfPermission, boolean>;

export interface ProtectionInput {
  userPassword?: string;
  ownerPassword: string;
  permissions?: Partial<Record<string, unknown>>;
}

/** Revision 6 passwords are UTF-8, and readers use at most their first 127 bytes (ISO 32000-2, 7.6.4.3.3). */
export const MAX_PASSWORD_BYTES = 127;

export interface ProtectionProblem {
  field: string;
  message: string;
}

/** Every permission granted unless the job turns it off. */
export function permissionsOf(input: ProtectionInput['permissions']): PdfPermissions {
  const out = {} as PdfPermissions;
  for (const p of PDF_PERMISSIONS) out[p] = input?.[p] !== false;
  // High-quality printing is a refinement of printing: without print there is none.
  if (!out.print) out.printHighQuality = false;
  return out;
}

// With the u flag a string is read by code points: a surrogate pair is one code point, a lone half is Cs.
const LONE_SURROGATE = /\p{Cs}/u;

/** Problems of one password; a message names the field and never holds the password. */
function passwordProblem(value: unknown, field: string, required: boolean): ProtectionProblem | null {
  if (value === undefined && !required) return null;
  if (typeof value !== 'string' || value.length === 0) return { field, message: `${field} must be a non-empty string` };
  // A lone UTF-16 surrogate has no UTF-8 form: the password would reach the encryption rewritten (U+FFFD)
  // or not at all, so no reader could open the PDF with the password the client holds.
  if (LONE_SURROGATE.test(value))
    return { field, message: `${field} is not well-formed Unicode (it holds a lone UTF-16 surrogate): a password must be valid UTF-8` };
  if (Buffer.byteLength(value, 'utf8') > MAX_PASSWORD_BYTES)
    return { field, message: `${field} must be at most ${MAX_PASSWORD_BYTES} bytes of UTF-8 (what PDF readers compare)` };
  // Neither can be typed into a reader's password box: a password holding one could never open the PDF.
  if (/[\u0000\n\r]/.test(value)) return { field, message: `${field} must not contain NUL or line breaks` };
  return null;
}

/**
 * Problems of a `protection` (a job's, or a PDF job's `encrypt` step) on its own: the passwords and the
 * permissions. Whether the document it encrypts may be encrypted at all (PDF/A forbids it) is
 * `encryptedArchiveProblem` of domain/pdfs/document-options.ts, which knows where the standard comes from.
 */
export function protectionProblems(input: ProtectionInput, field = 'protection'): ProtectionProblem[] {
  const problems: ProtectionProblem[] = [];
  const owner = passwordProblem(input.ownerPassword, `${field}.ownerPassword`, true);
  if (owner) problems.push(owner);
  const user = passwordProblem(input.userPassword, `${field}.userPassword`, false);
  if (user) problems.push(user);
  if (!owner && !user && input.userPassword !== undefined && input.userPassword === input.ownerPassword)
    problems.push({
      field: `${field}.ownerPassword`,
      message: `${field}.ownerPassword must differ from userPassword: whoever opens the PDF with the owner password has every permission`,
    });
  for (const key of Object.keys(input.permissions ?? {})) {
    if (!(PDF_PERMISSIONS as readonly string[]).includes(key))
      problems.push({
        field: `${field}.permissions.${key}`,
        message: `${field}.permissions.${key} is not a permission (${PDF_PERMISSIONS.join(', ')})`,
      });
    else if (typeof input.permissions![key] !== 'boolean')
      problems.push({ field: `${field}.permissions.${key}`, message: `${field}.permissions.${key} must be a boolean` });
  }
  // High-quality printing is a refinement of printing: granting it while refusing print would silently
  // become "no printing at all", which is not what the job asked for.
  if (input.permissions?.print === false && input.permissions?.printHighQuality === true)
    problems.push({
      field: `${field}.permissions.printHighQuality`,
      message: `${field}.permissions.printHighQuality cannot be true while ${field}.permissions.print is false: high-quality printing needs print (allow print, or leave printHighQuality out)`,
    });
  return problems;
}
