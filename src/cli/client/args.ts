// Flag parsing for the client commands: node's parseArgs in strict mode, with the mistakes turned into
// UsageError (exit 2) and --help / --json understood everywhere.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './output.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  help: boolean;
  json: boolean;
}

export function parse(argv: string[], options: Options): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { ...options, help: { type: 'boolean', short: 'h' }, json: { type: 'boolean' } },
    });
    return { values: values as Parsed['values'], positionals, help: Boolean(values.help), json: Boolean(values.json) };
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

export function str(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function int(p: Parsed, name: string, min: number, max: number): number | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${v}"`);
  return Number(v);
}

/**
 * A duration flag in seconds, as every command takes them: "30", "2.5", or with a unit ("30s", "500ms",
 * "2m"). A bare number of 1000 or more where `legacyMs` is set is the old spelling in milliseconds (the
 * render timeouts of deploy, dev and test once were): taken as milliseconds, with a warning on stderr.
 * Returns milliseconds, within [minS, maxS] seconds.
 */
export function seconds(p: Parsed, name: string, minS: number, maxS: number, legacyMs = false): number | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(v.trim());
  if (!m) throw new UsageError(`--${name} must be a number of seconds (30, 2.5, 500ms, 2m), got "${v}"`);
  let ms = Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 'm' ? 60_000 : 1000);
  if (m[2] === undefined && legacyMs && Number(m[1]) >= 1000) {
    ms = Number(m[1]);
    process.stderr.write(
      `warning: --${name} is in seconds; ${v} is read as milliseconds (${ms / 1000} s), as it once was: write --${name} ${ms / 1000}\n`,
    );
  }
  if (ms < minS * 1000 || ms > maxS * 1000) throw new UsageError(`--${name} must be from ${minS} to ${maxS} seconds, got "${v}"`);
  return Math.round(ms);
}

export function positional(p: Parsed, index: number, what: string): string {
  const v = p.positionals[index];
  if (v === undefined || v === '') throw new UsageError(`missing ${what}`);
  return v;
}

export function noExtra(p: Parsed, count: number): void {
  if (p.positionals.length > count) throw new UsageError(`unexpected argument "${p.positionals[count]}"`);
}
