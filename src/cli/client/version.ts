// The version the client commands report: `folio --version` of @folio/cli and the MCP server's serverInfo.
import fs from 'node:fs';

/** Set by the bundler of @folio/cli (scripts/build-cli.mjs) from packages/cli/package.json; absent elsewhere. */
declare const FOLIO_CLI_VERSION: string | undefined;

/**
 * @folio/cli's version when this runs bundled in it; else the checkout's package.json, three folders up from
 * src/cli/client/ and from dist/cli/client/; '0.0.0' when there is none.
 */
export function clientVersion(): string {
  if (typeof FOLIO_CLI_VERSION === 'string') return FOLIO_CLI_VERSION;
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
