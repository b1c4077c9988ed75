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

export function positional(p: Parsed, index: number, what: string): string {
  const v = p.positionals[index];
  if (v === undefined || v === '') throw new UsageError(`missing ${what}`);
  return v;
}

export function noExtra(p: Parsed, count: number): void {
  if (p.positionals.length > count) throw new UsageError(`unexpected argument "${p.positionals[count]}"`);
}
