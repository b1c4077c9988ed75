// The package's version (package.json), as `folio --version` and Gotenberg's `/version` say it.
import fs from 'node:fs';

/** package.json is two folders up from both src/config/ and dist/config/. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
