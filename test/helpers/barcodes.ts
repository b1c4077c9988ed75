// Reading printed codes back: a PDF's pages rasterised by poppler (pdftoppm, 200 dpi), then QR codes and
// linear barcodes read by zbarimg (zbar-tools) and DataMatrix symbols by dmtxread (dmtx-utils), both from
// Debian's packages (scripts/test.sh installs them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** An EPC (SEPA credit transfer) payment QR's text, with a non-ASCII name: its lines are the standard's fields. */
export const EPC_PAYMENT = [
  'BCD',
  '002',
  '1',
  'SCT',
  'GENODEF1SLR',
  'Müller & Söhne GmbH',
  'DE02120300000000202051',
  'EUR1234.50',
  '',
  'INV-2026-0042',
].join('\n');

export interface DecodedCode {
  /** zbar's name of the symbology: QR-Code, CODE-128, EAN-13; DataMatrix for dmtxread's. */
  type: string;
  text: string;
}

function withPages<T>(pdf: Buffer, fn: (pngs: string[]) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-codes-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '200', '-png', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const pngs = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => path.join(dir, f));
    return fn(pngs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#(\d+));/g, (_, name: string, code?: string) =>
    code ? String.fromCharCode(Number(code)) : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name]!,
  );

/** zbarimg's answer for one page, or null when it finds no code there (it exits 4). */
function zbar(args: string[]): Buffer | null {
  try {
    return execFileSync('zbarimg', ['-q', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (err) {
    if ((err as { status?: number }).status === 4) return null;
    throw err;
  }
}

/**
 * Every QR code (at most one a page) and linear barcode zbarimg finds on the PDF's pages. A QR code's text
 * is read as its bytes (zbar's binary mode, which prints each byte as a Latin-1 character) taken as
 * UTF-8: without an ECI marker (EPC payment codes have none) zbar would guess another character set.
 */
export function zbarCodes(pdf: Buffer): DecodedCode[] {
  return withPages(pdf, (pngs) => {
    const out: DecodedCode[] = [];
    for (const png of pngs) {
      const xml = zbar(['--xml', '-Sqrcode.disable', png])?.toString('utf8') ?? '';
      for (const m of xml.matchAll(/<symbol type=['"]([^'"]+)['"][^>]*>[\s\S]*?<data[^>]*><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g))
        out.push({ type: m[1]!, text: unescapeXml(m[2]!) });
      const qr = zbar(['--raw', '-Sbinary', '-Sdisable', '-Sqrcode.enable', png]);
      if (qr) out.push({ type: 'QR-Code', text: Buffer.from(qr.toString('utf8').replace(/\n$/, ''), 'latin1').toString('utf8') });
    }
    return out;
  });
}

/** The DataMatrix symbol dmtxread finds on each of the PDF's pages (at most one a page: it stops at the first, else it scans on for seconds). */
export function dataMatrixCodes(pdf: Buffer): DecodedCode[] {
  return withPages(pdf, (pngs) =>
    pngs.flatMap((png) => {
      const text = execFileSync('dmtxread', ['-n', '-N', '1', png], { encoding: 'utf8' });
      return text === ''
        ? []
        : text
            .split('\n')
            .filter(Boolean)
            .map((t) => ({ type: 'DataMatrix', text: t }));
    }),
  );
}
