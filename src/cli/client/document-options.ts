// The document flags of `folio render`: --standard, --attach (repeatable) and --e-invoice, turned
// into the job body's `pdf`, `attachments` and `eInvoice`. The files are read here; the server checks the
// rest (sizes against the plan, the XML's root, combinations) and answers 400 naming the field.
import { EINVOICE_PROFILES, type EInvoiceProfile } from '../../domain/einvoice/einvoice-profiles.js';
import fs from 'node:fs';
import path from 'node:path';
import { AF_RELATIONSHIPS, PDF_ACCESSIBILITY, PDF_STANDARDS, type AfRelationship } from '../../domain/pdfs/pdf-document.js';
import { mimeForPath } from '../../domain/deploys/mime.js';
import { PDF_PERMISSIONS } from '../../domain/pdfs/pdf-protection.js';
import { isSigningCertificateId } from '../../domain/pdfs/document-options.js';
import type { Parsed } from './args.js';
import { UsageError } from './output.js';

export const documentOptionsHelp = `  --standard S           the PDF's conformance: ${PDF_STANDARDS.join(', ')} (default: the version's)
  --accessibility A      ${PDF_ACCESSIBILITY.join(' or ')}: PDF/UA-1 adds its identification and checks the
                         Matterhorn conditions it can (warning pdfua_violation; docs/pdf.md "PDF/UA-1")
  --steps FILE           PDF steps applied to the printed PDF, a JSON array (stamp, watermark, rotate…;
                         docs/api.md "PDF steps of a render job"), e.g. [{"type":"stamp","text":"COPY"}]
  --attach FILE[:REL]    embed FILE in the PDF (repeatable); REL is its relationship to the document:
                         ${AF_RELATIONSHIPS.join(', ')} (default Supplement)
  --e-invoice FILE       make a Factur-X / ZUGFeRD e-invoice (PDF/A-3b) with this CrossIndustryInvoice XML
  --e-invoice-profile P  its profile (default: the one its guideline id names): ${EINVOICE_PROFILES.map((p) => `"${p}"`).join(', ')}
  --owner-password P     encrypt the PDF (AES-256); P lifts the restrictions. env:NAME reads it from the
                         environment variable NAME (a value on the command line is visible to local users)
  --password P           also require this password to open the PDF (env:NAME as above)
  --deny LIST            with --owner-password: what readers refuse, comma-separated from
                         ${PDF_PERMISSIONS.join(', ')}
  --sign CERT_ID         sign the PDF (PAdES) with one of the account's signing certificates (scert_…)
  --sign-reason TEXT     with --sign: the reason readers show (also --sign-location, --sign-contact)
  --sign-visible BOX     with --sign: draw the signature on a page, BOX = PAGE:X,Y,WxH in points from the
                         page's top-left corner (1 pt = 1/72 in), e.g. 1:380,700,180x50`;

export const documentOptionFlags = {
  standard: { type: 'string' },
  accessibility: { type: 'string' },
  steps: { type: 'string' },
  attach: { type: 'string', multiple: true },
  'e-invoice': { type: 'string' },
  'e-invoice-profile': { type: 'string' },
  'owner-password': { type: 'string' },
  password: { type: 'string' },
  deny: { type: 'string' },
  sign: { type: 'string' },
  'sign-reason': { type: 'string' },
  'sign-location': { type: 'string' },
  'sign-contact': { type: 'string' },
  'sign-visible': { type: 'string' },
} as const;

/** `PAGE:X,Y,WxH` (points) → signature.visible; the server checks the sizes (400 naming the field). */
function visibleBox(spec: string) {
  const num = '(\\d+(?:\\.\\d+)?)';
  const m = new RegExp(`^(\\d+):${num},${num},${num}x${num}$`).exec(spec.replace(/\s+/g, ''));
  if (!m) throw new UsageError(`--sign-visible takes PAGE:X,Y,WxH in points, e.g. 1:380,700,180x50; got "${spec}"`);
  const [page, x, y, width, height] = m.slice(1).map(Number);
  return { page, rect: { x, y, width, height } };
}

/** `signature` of the job body from --sign and its texts (undefined without --sign). */
function signatureOption(p: Parsed) {
  const str = (k: string) => (typeof p.values[k] === 'string' ? (p.values[k] as string) : undefined);
  const certificateId = str('sign');
  const texts = { reason: str('sign-reason'), location: str('sign-location'), contactInfo: str('sign-contact') };
  const visible = str('sign-visible');
  if (certificateId === undefined) {
    if (Object.values(texts).some((v) => v !== undefined) || visible !== undefined)
      throw new UsageError('--sign-reason, --sign-location, --sign-contact and --sign-visible need --sign CERT_ID');
    return undefined;
  }
  if (!isSigningCertificateId(certificateId))
    throw new UsageError(`--sign takes a signing certificate id (scert_…), got "${certificateId}"`);
  return {
    certificateId,
    ...Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined)),
    ...(visible !== undefined ? { visible: visibleBox(visible) } : {}),
  };
}

/** A password flag's value: as given (with a warning: it is in the process list), or `env:NAME` read from the environment. */
function passwordValue(value: string, flag: string): string {
  if (!value.startsWith('env:')) {
    process.stderr.write(
      `warning: --${flag} on the command line is visible to other local users and kept in shell history; use --${flag} env:NAME\n`,
    );
    return value;
  }
  const name = value.slice(4);
  const v = process.env[name];
  if (v === undefined || v === '') throw new UsageError(`--${flag} env:${name}: the environment variable ${name} is not set`);
  return v;
}

/** `protection` of the job body from --owner-password, --password and --deny (undefined without them). */
function protectionOption(p: Parsed) {
  const owner = typeof p.values['owner-password'] === 'string' ? p.values['owner-password'] : undefined;
  const user = typeof p.values.password === 'string' ? p.values.password : undefined;
  const deny = typeof p.values.deny === 'string' ? p.values.deny : undefined;
  if (owner === undefined) {
    if (user !== undefined || deny !== undefined) throw new UsageError('--password and --deny need --owner-password');
    return undefined;
  }
  const permissions: Record<string, boolean> = {};
  for (const raw of (deny ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const name = PDF_PERMISSIONS.find((x) => x.toLowerCase() === raw.toLowerCase());
    if (!name) throw new UsageError(`--deny: "${raw}" is not a permission (${PDF_PERMISSIONS.join(', ')})`);
    permissions[name] = false;
  }
  return {
    ownerPassword: passwordValue(owner, 'owner-password'),
    ...(user !== undefined ? { userPassword: passwordValue(user, 'password') } : {}),
    ...(Object.keys(permissions).length ? { permissions } : {}),
  };
}

function readFile(file: string, flag: string): Buffer {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`--${flag}: file not found: ${file}`);
  return fs.readFileSync(file);
}

/** `data.csv:Data` → the file and its relationship; a suffix that is not a relationship stays part of the name. */
function parseAttach(spec: string): { file: string; relationship: AfRelationship } {
  const i = spec.lastIndexOf(':');
  const suffix = i > 0 ? spec.slice(i + 1) : '';
  const relationship = AF_RELATIONSHIPS.find((r) => r.toLowerCase() === suffix.toLowerCase());
  return relationship ? { file: spec.slice(0, i), relationship } : { file: spec, relationship: 'Supplement' };
}

/** --steps FILE: a JSON array of step objects (the server checks each, 400 naming `steps[i]…`). */
function stepsOption(p: Parsed): Array<{ type: string }> | undefined {
  const file = typeof p.values.steps === 'string' ? p.values.steps : undefined;
  if (file === undefined) return undefined;
  let steps: unknown;
  try {
    steps = JSON.parse(readFile(file, 'steps').toString('utf8'));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--steps ${file}: not JSON (${(err as Error).message})`);
  }
  if (
    !Array.isArray(steps) ||
    !steps.every((s) => typeof s === 'object' && s !== null && typeof (s as { type?: unknown }).type === 'string')
  )
    throw new UsageError(`--steps ${file} must hold a JSON array of steps, each with a type`);
  return steps as Array<{ type: string }>;
}

/** The job-body fields the flags ask for (none when no flag was given). */
export function documentOptions(p: Parsed) {
  const standard = typeof p.values.standard === 'string' ? p.values.standard : undefined;
  if (standard !== undefined && !(PDF_STANDARDS as readonly string[]).includes(standard))
    throw new UsageError(`--standard must be one of ${PDF_STANDARDS.join(', ')}, got "${standard}"`);
  const attach = p.values.attach;
  const specs = Array.isArray(attach) ? attach : [];
  const attachments = specs.map((spec) => {
    const { file, relationship } = parseAttach(spec);
    return {
      name: path.basename(file),
      mimeType: mimeForPath(file).split(';')[0],
      relationship,
      content: readFile(file, 'attach').toString('base64'),
    };
  });
  const xmlFile = typeof p.values['e-invoice'] === 'string' ? p.values['e-invoice'] : undefined;
  const profile = typeof p.values['e-invoice-profile'] === 'string' ? p.values['e-invoice-profile'] : undefined;
  if (profile !== undefined && xmlFile === undefined) throw new UsageError('--e-invoice-profile needs --e-invoice FILE');
  if (profile !== undefined && !(EINVOICE_PROFILES as readonly string[]).includes(profile))
    throw new UsageError(`--e-invoice-profile must be one of ${EINVOICE_PROFILES.map((x) => `"${x}"`).join(', ')}, got "${profile}"`);
  const accessibility = typeof p.values.accessibility === 'string' ? p.values.accessibility : undefined;
  if (accessibility !== undefined && !(PDF_ACCESSIBILITY as readonly string[]).includes(accessibility))
    throw new UsageError(`--accessibility must be one of ${PDF_ACCESSIBILITY.join(', ')}, got "${accessibility}"`);
  const steps = stepsOption(p);
  const protection = protectionOption(p);
  const signature = signatureOption(p);
  return {
    ...(protection ? { protection } : {}),
    ...(signature ? { signature } : {}),
    ...(standard !== undefined || accessibility !== undefined
      ? {
          pdf: {
            ...(standard !== undefined ? { standard: standard as (typeof PDF_STANDARDS)[number] } : {}),
            ...(accessibility !== undefined ? { accessibility: accessibility as (typeof PDF_ACCESSIBILITY)[number] } : {}),
          },
        }
      : {}),
    ...(steps ? { steps } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(xmlFile !== undefined
      ? {
          eInvoice: {
            standard: 'factur-x' as const,
            ...(profile !== undefined ? { profile: profile as EInvoiceProfile } : {}),
            xml: readFile(xmlFile, 'e-invoice').toString('utf8'),
          },
        }
      : {}),
  };
}
