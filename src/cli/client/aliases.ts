// folio aliases set|list: point preview/production (any alias) at a version.
import type { FolioClient } from '../../sdk/index.js';
import { clientFromEnv } from './api.js';
import { noExtra, parse, positional } from './args.js';
import { formatTime, printJson, table, UsageError } from './output.js';
import { resolveVersion, versionNumber } from './versions.js';

export const aliasesHelp = `Usage: folio aliases <set|list> [options]

  folio aliases set DEPLOY ALIAS VERSION
                  point ALIAS (e.g. production, preview) of DEPLOY (id or slug) at VERSION: a version
                  number (3 or v3), a version id (ver_…), or latest (follows the newest version)
  folio aliases list DEPLOY
                  the deploy's aliases

Common options: --json (machine-readable output), -h/--help.`;

async function versionId(client: FolioClient, deployId: string, spec: string): Promise<string> {
  if (spec === 'latest' || spec.startsWith('ver_')) return spec;
  if (versionNumber(spec) === null)
    throw new UsageError(`VERSION must be a number (3 or v3), a version id (ver_…) or latest, got "${spec}"`);
  return resolveVersion(client, deployId, spec);
}

export async function aliasesCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {});
  const sub = p.positionals[0];
  if (p.help || !sub) {
    console.log(aliasesHelp);
    return p.help ? 0 : 2;
  }
  const client = clientFromEnv();
  switch (sub) {
    case 'set': {
      const ref = positional(p, 1, 'DEPLOY: folio aliases set DEPLOY ALIAS VERSION');
      const alias = positional(p, 2, 'ALIAS: folio aliases set DEPLOY ALIAS VERSION');
      const version = positional(p, 3, 'VERSION: folio aliases set DEPLOY ALIAS VERSION');
      noExtra(p, 4);
      const deploy = await client.deploys.resolve(ref);
      const r = await client.deploys.setAlias(deploy.id, alias, await versionId(client, deploy.id, version));
      if (p.json) printJson(r);
      else console.log(`${deploy.slug}: ${r.alias} → ${r.deployVersionId}`);
      return 0;
    }
    case 'list': {
      const ref = positional(p, 1, 'DEPLOY: folio aliases list DEPLOY');
      noExtra(p, 2);
      const deploy = await client.deploys.resolve(ref);
      const r = await client.deploys.get(deploy.id);
      if (p.json) printJson({ items: r.aliases });
      else if (r.aliases.length === 0) console.log('no aliases');
      else {
        // Shown as vN (ver_…): the alias holds the id, the versions listing has the numbers.
        const numbers = new Map<string, number>();
        if (r.aliases.some((a) => a.deployVersionId.startsWith('ver_')))
          for await (const v of client.deploys.versions(deploy.id)) numbers.set(v.id, v.versionNo);
        const shown = (id: string) => (numbers.has(id) ? `v${numbers.get(id)} (${id})` : id);
        console.log(
          table(
            ['ALIAS', 'VERSION', 'UPDATED'],
            r.aliases.map((a) => [a.alias, shown(a.deployVersionId), formatTime(a.updatedAt)]),
          ),
        );
      }
      return 0;
    }
    default:
      throw new UsageError(`unknown aliases command "${sub}" (set, list)`);
  }
}
