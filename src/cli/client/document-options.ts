// The document flags of `folio render` (issue 18): --standard, --attach (repeatable) and --e-invoice, turned
// into the job body's `pdf`, `attachments` and `eInvoice`. The files are read here; the server checks the
// rest (sizes against the plan, the XML's root, combinations) and answers 400 naming the field.
import fs from 'node:fs';
import path from 'node:path';
import { AF_RELATIONSHIPS, FACTURX_PROFILES, PDF_STANDARDS, type AfRelationship, type FacturXProfile } from '../../domain/pdf-document.js';
import { mimeForPath } from '../../domain/mime.js';
import type { Parsed } from './args.js';
import { UsageError } from './output.js';

export const documentOptionsHelp = `  --standard S           the PDF's conformance: ${PDF_STANDARDS.join(', ')} (default: the version's)
  --attach FILE[:REL]    embed FILE in the PDF (repeatable); REL is its relationship to the document:
                         ${AF_RELATIONSHIPS.join(', ')} (default Supplement)
  --e-invoice FILE       make a Factur-X / ZUGFeRD e-invoice (PDF/A-3b) with this CrossIndustryInvoice XML
  --e-invoice-profile P  its profile (needed with --e-invoice): ${FACTURX_PROFILES.map((p) => `"${p}"`).join(', ')}`;

export const documentOptionFlags = {
  standard: { type: 'string' },
  attach: { type: 'string', multiple: true },
  'e-invoice': { type: 'string' },
  'e-invoice-profile': { type: 'string' },
} as const;

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
  if (xmlFile !== undefined && profile === undefined)
    throw new UsageError(`--e-invoice needs --e-invoice-profile (${FACTURX_PROFILES.map((x) => `"${x}"`).join(', ')})`);
  if (profile !== undefined && !(FACTURX_PROFILES as readonly string[]).includes(profile))
    throw new UsageError(`--e-invoice-profile must be one of ${FACTURX_PROFILES.map((x) => `"${x}"`).join(', ')}, got "${profile}"`);
  return {
    ...(standard !== undefined ? { pdf: { standard: standard as (typeof PDF_STANDARDS)[number] } } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(xmlFile !== undefined
      ? {
          eInvoice: {
            standard: 'factur-x' as const,
            profile: profile as FacturXProfile,
            xml: readFile(xmlFile, 'e-invoice').toString('utf8'),
          },
        }
      : {}),
  };
}
