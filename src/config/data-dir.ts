// The data folder (FOLIO_DATA_DIR) holds every account's files, the database and the generated keys. It is
// made readable by Folio's own user only: when Folio runs as root, Chromium and LibreOffice run as the
// unprivileged users folio-chromium and folio-office, and what they are tricked into reading must not
// include another account's documents.
import fs from 'node:fs';

/**
 * Creates the data folder with mode 0700, or, when Folio runs as root, takes group and other access off an
 * existing one (returning true, so that start-up can say so). Another user's folder is left as it is.
 */
export function prepareDataDir(dir: string): boolean {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.statSync(dir);
  if (process.getuid?.() !== 0 || st.uid !== 0 || (st.mode & 0o077) === 0) return false;
  fs.chmodSync(dir, st.mode & 0o700);
  return true;
}
