// The sRGB ICC profile of the PDF/A OutputIntent, read from the Debian package that ships it (never bytes
// pasted into the source): icc-profiles-free installs /usr/share/color/icc/sRGB.icc (ICC v2, "sRGB
// IEC61966-2.1" as built by lcms), colord-data /usr/share/color/icc/colord/sRGB.icc. scripts/setup.sh and
// the Dockerfile install icc-profiles-free. Read once per process.
import { readFileSync } from 'node:fs';
import { PdfError } from './errors.js';

export const SRGB_ICC_PATHS = ['/usr/share/color/icc/sRGB.icc', '/usr/share/color/icc/colord/sRGB.icc'];

let cached: Buffer | null = null;

/** The profile's bytes, checked to be an RGB display or colour-space profile of ICC version 2 to 4. */
export function srgbProfile(paths: readonly string[] = SRGB_ICC_PATHS): Buffer {
  if (cached && paths === SRGB_ICC_PATHS) return cached;
  for (const p of paths) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(p);
    } catch {
      continue;
    }
    const problem = iccProblem(bytes);
    if (problem) throw new PdfError('postprocess', `the sRGB ICC profile ${p} is not usable: ${problem}`);
    if (paths === SRGB_ICC_PATHS) cached = bytes;
    return bytes;
  }
  throw new PdfError(
    'postprocess',
    `no sRGB ICC profile found (looked for ${paths.join(', ')}): install the Debian package icc-profiles-free (scripts/setup.sh does)`,
  );
}

/** Why bytes are not an RGB ICC profile PDF/A accepts in an OutputIntent, or null (ICC.1 header fields). */
export function iccProblem(bytes: Buffer): string | null {
  if (bytes.length < 132 || bytes.toString('latin1', 36, 40) !== 'acsp') return 'not an ICC profile';
  if (bytes.readUInt32BE(0) !== bytes.length) return 'its size field does not match the file';
  const major = bytes[8];
  if (major < 2 || major > 4) return `ICC version ${major} (PDF/A accepts 2 to 4)`;
  if (bytes.toString('latin1', 16, 20) !== 'RGB ') return 'not an RGB profile';
  const cls = bytes.toString('latin1', 12, 16);
  if (cls !== 'mntr' && cls !== 'prtr') return `device class "${cls}" (an OutputIntent needs "mntr" or "prtr")`;
  return null;
}
