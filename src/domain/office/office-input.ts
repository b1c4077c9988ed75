// Which Office/ODF documents Folio converts, and the checks made before LibreOffice sees one: its
// extension, that its bytes are what the extension says (a renamed PNG is refused), that a zip container
// (OOXML, ODF) stays within entry-count, size and ratio limits (a zip bomb is refused by its directory),
// and whether it is protected by a password. Pure: bytes in, a verdict out.
import { inflateRawSync } from 'node:zlib';

/** Job error codes of a conversion (domain/jobs/job-errors.ts has their descriptions). */
export const OFFICE_ERROR_CODES = [
  'office_conversion_failed',
  'office_timeout',
  'office_password_required',
  'office_input_invalid',
  'office_output_too_large',
  'office_unavailable',
] as const;
export type OfficeErrorCode = (typeof OFFICE_ERROR_CODES)[number];

type Container = 'ooxml' | 'odf' | 'cfb' | 'rtf' | 'text';

/** Each extension Folio converts and the containers its bytes may be in. */
export const OFFICE_EXTENSIONS: Readonly<Record<string, readonly Container[]>> = {
  '.docx': ['ooxml'],
  '.xlsx': ['ooxml'],
  '.pptx': ['ooxml'],
  '.odt': ['odf'],
  '.ods': ['odf'],
  '.odp': ['odf'],
  // Word 97-2003 files are OLE compound files; Word also saves RTF under .doc.
  '.doc': ['cfb', 'rtf'],
  '.xls': ['cfb'],
  '.ppt': ['cfb'],
  '.rtf': ['rtf'],
  '.txt': ['text'],
  '.csv': ['text'],
};

const extensionOf = (name: string) => {
  const m = /(\.[a-z0-9]+)$/i.exec(name);
  return m ? m[1]!.toLowerCase() : '';
};

/** Whether a file name is one Folio converts with LibreOffice (by its extension). */
export const isOfficeFileName = (name: string): boolean => Object.hasOwn(OFFICE_EXTENSIONS, extensionOf(name));

/** Limits of a zip container, checked on its central directory before anything is inflated. */
export const OFFICE_ZIP_LIMITS = {
  maxEntries: 10_000,
  /** Sum of the entries' uncompressed sizes. */
  maxUncompressedBytes: 512 * 1024 * 1024,
  /** Uncompressed / compressed over the whole archive (ordinary documents stay under 20). */
  maxRatio: 100,
};

export type OfficeInputVerdict =
  | { ok: true; container: Container; encrypted: boolean }
  | { ok: false; code: 'office_input_invalid' | 'office_password_required'; message: string };

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

function magicOf(bytes: Buffer): 'cfb' | 'zip' | 'rtf' | null {
  if (bytes.subarray(0, 8).equals(CFB_MAGIC)) return 'cfb';
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (bytes.subarray(0, 5).toString('latin1') === '{\\rtf') return 'rtf';
  return null;
}

interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  uncompressed: number;
  localOffset: number;
}

/** The central directory of a zip, or a reason it cannot be read (zip64 is refused: no document needs it). */
function zipDirectory(bytes: Buffer): ZipEntry[] | string {
  const min = Math.max(0, bytes.length - 22 - 65535);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return 'it is not a complete zip archive (no end of central directory)';
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff || size === 0xffffffff) return 'it is a zip64 archive, which no Office document needs';
  if (count > OFFICE_ZIP_LIMITS.maxEntries) return `it has ${count} zip entries (at most ${OFFICE_ZIP_LIMITS.maxEntries})`;
  if (offset + size > eocd) return 'its zip central directory lies outside the file';
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) return 'its zip central directory is damaged';
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    const compressed = bytes.readUInt32LE(p + 20);
    const uncompressed = bytes.readUInt32LE(p + 24);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return 'it is a zip64 archive, which no Office document needs';
    entries.push({
      name: bytes.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
      method: bytes.readUInt16LE(p + 10),
      compressed,
      uncompressed,
      localOffset: bytes.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** One small entry's bytes (stored or deflated), bounded by `max`; null when it cannot be read. */
function readEntry(bytes: Buffer, e: ZipEntry, max: number): Buffer | null {
  if (e.uncompressed > max || e.localOffset + 30 > bytes.length || bytes.readUInt32LE(e.localOffset) !== 0x04034b50) return null;
  const start = e.localOffset + 30 + bytes.readUInt16LE(e.localOffset + 26) + bytes.readUInt16LE(e.localOffset + 28);
  const raw = bytes.subarray(start, start + e.compressed);
  try {
    if (e.method === 0) return raw;
    if (e.method === 8) return inflateRawSync(raw, { maxOutputLength: max });
  } catch {
    return null;
  }
  return null;
}

const invalid = (fileName: string, why: string): OfficeInputVerdict => ({
  ok: false,
  code: 'office_input_invalid',
  message: `${fileName} cannot be converted: ${why}`,
});

/**
 * Checks a document before conversion. `hasPassword`: the request carries a password, so a protected
 * document is accepted (LibreOffice then opens it with it).
 */
export function checkOfficeInput(fileName: string, bytes: Buffer, hasPassword: boolean): OfficeInputVerdict {
  const ext = extensionOf(fileName);
  const allowed = OFFICE_EXTENSIONS[ext];
  if (!allowed)
    return invalid(fileName, `its extension is not one LibreOffice converts here (${Object.keys(OFFICE_EXTENSIONS).join(' ')})`);
  if (bytes.length === 0) return invalid(fileName, 'it is empty');
  const found = magicOf(bytes);
  if (allowed.includes('text')) {
    const head = bytes.subarray(0, 8192);
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    if (!utf16 && (head.includes(0) || found === 'cfb' || found === 'zip'))
      return invalid(fileName, 'it is not a text file (it holds binary data)');
    return { ok: true, container: 'text', encrypted: false };
  }
  if (found === 'cfb') {
    // Protected .docx/.xlsx/.pptx are OLE compound files (an EncryptionInfo stream and the encrypted package).
    if (allowed.includes('ooxml')) {
      // Its directory names the EncryptionInfo stream (UTF-16); any other OLE file is a legacy document renamed.
      if (!bytes.includes(ENCRYPTION_INFO))
        return invalid(fileName, `it is a legacy Office file (OLE), not a ${ext.slice(1)} document (the file may have been renamed)`);
      if (!hasPassword)
        return {
          ok: false,
          code: 'office_password_required',
          message: `${fileName} is protected by a password; send it in office.password`,
        };
      return { ok: true, container: 'ooxml', encrypted: true };
    }
    if (allowed.includes('cfb')) return { ok: true, container: 'cfb', encrypted: false };
  }
  if (found === 'rtf' && allowed.includes('rtf')) return { ok: true, container: 'rtf', encrypted: false };
  if (found !== 'zip' || !(allowed.includes('ooxml') || allowed.includes('odf')))
    return invalid(fileName, `its content is not a ${ext.slice(1)} document (the file may have been renamed)`);
  const entries = zipDirectory(bytes);
  if (typeof entries === 'string') return invalid(fileName, entries);
  let total = 0;
  let compressed = 0;
  for (const e of entries) {
    total += e.uncompressed;
    compressed += e.compressed;
  }
  if (total > OFFICE_ZIP_LIMITS.maxUncompressedBytes)
    return invalid(fileName, `its zip entries expand to ${total} bytes (at most ${OFFICE_ZIP_LIMITS.maxUncompressedBytes})`);
  if (total > 1024 * 1024 && total > OFFICE_ZIP_LIMITS.maxRatio * Math.max(1, compressed))
    return invalid(
      fileName,
      `its zip entries expand ${Math.round(total / Math.max(1, compressed))} times (at most ${OFFICE_ZIP_LIMITS.maxRatio})`,
    );
  const names = new Set(entries.map((e) => e.name));
  if (allowed.includes('ooxml')) {
    if (!names.has('[Content_Types].xml')) return invalid(fileName, `it is a zip archive but not a ${ext.slice(1)} document`);
    return { ok: true, container: 'ooxml', encrypted: false };
  }
  const manifestEntry = entries.find((e) => e.name === 'META-INF/manifest.xml');
  if (!manifestEntry && !names.has('mimetype')) return invalid(fileName, `it is a zip archive but not a ${ext.slice(1)} document`);
  const manifest = manifestEntry ? readEntry(bytes, manifestEntry, 4 * 1024 * 1024) : null;
  const encrypted = manifest !== null && manifest.includes('encryption-data');
  if (encrypted && !hasPassword)
    return { ok: false, code: 'office_password_required', message: `${fileName} is protected by a password; send it in office.password` };
  return { ok: true, container: 'odf', encrypted };
}
