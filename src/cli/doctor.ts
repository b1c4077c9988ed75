// `folio doctor`: checks this installation as the server would see it (same settings, same modules) and
// explains, one line per check, what is ok, what deserves a look (warn) and what is broken (fail), with
// the fix. Exit code 0 when nothing failed (warnings alone too), 1 when something failed, 2 for a usage
// error. It creates nothing: no database, no key file, no data dir (docs/cli.md, "folio doctor").
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/load.js';
import type { CheckResult } from './doctor-result.js';
import { doctorHelp } from './operator-help.js';

export function formatResult(r: CheckResult): string {
  return `${r.status.padEnd(4)}  ${r.name}: ${r.detail}${r.fix ? ` — fix: ${r.fix}` : ''}`;
}

export async function runDoctor(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  let json = false;
  try {
    const { values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(doctorHelp);
      return 0;
    }
    json = Boolean(values.json);
  } catch (err) {
    console.error(`error: ${(err as Error).message}\n\n${doctorHelp}`);
    return 2;
  }

  const results: CheckResult[] = [];
  const report = (r: CheckResult) => {
    results.push(r);
    if (!json) console.log(formatResult(r));
  };
  const finish = (): number => {
    const count = (s: CheckResult['status']) => results.filter((r) => r.status === s).length;
    const failed = count('fail') > 0;
    if (json) console.log(JSON.stringify({ ok: !failed, checks: results }, null, 2));
    else console.log(`doctor: ${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail`);
    return failed ? 1 : 0;
  };

  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    report({ name: 'config', status: 'fail', detail: err.message, fix: 'correct that setting (docs/config.md lists every setting)' });
    return finish();
  }
  const { describeTarget } = await import('./doctor-database.js');
  console.error(describeTarget(config, env));
  report({ name: 'config', status: 'ok', detail: 'the settings in the environment are valid' });

  const [checks, host, chromium] = await Promise.all([
    import('./doctor-checks.js'),
    import('./doctor-host.js'),
    import('./doctor-chromium.js'),
  ]);
  // A check that throws is a bug of the check, not a verdict on the machine: report it and go on.
  const guarded = async (name: string, fn: () => Promise<CheckResult | CheckResult[]> | CheckResult | CheckResult[]) => {
    try {
      const r = await fn();
      for (const one of Array.isArray(r) ? r : [r]) report(one);
    } catch (err) {
      report({
        name,
        status: 'fail',
        detail: `the check itself failed: ${(err as Error).message}`,
        fix: 'report this as a bug of folio doctor',
      });
    }
  };
  await guarded('database', () => checks.checkDatabase(config));
  await guarded('blob store', () => checks.checkBlobStore(config));
  await guarded('public URL', () => checks.checkPublicUrl(config));
  await guarded('secrets key', () => checks.checkKey(config, 'secrets'));
  await guarded('signing key', () => checks.checkKey(config, 'signing'));
  await guarded('disk', () => host.checkDisk(config));
  await guarded('fonts', () => host.checkFonts());
  await guarded('pdf tools', () => host.checkPdfTools());
  await guarded('e-invoice validator', () => host.checkEInvoiceValidator(config));
  let executable: string | null = null;
  await guarded('chromium', async () => {
    const c = await chromium.checkChromiumBinary(config);
    executable = c.executable;
    return c.result;
  });
  await guarded('chromium print', () => chromium.checkChromiumPrint(config, executable));
  return finish();
}
