// folio deploys list: the account's deploys with their newest version.
import { mapLimit } from '../../sdk/concurrency.js';
import { clientFromEnv } from './api.js';
import { int, noExtra, parse } from './args.js';
import { formatTime, printJson, table, UsageError } from './output.js';

export const deploysHelp = `Usage: folio deploys list [--limit N] [--json]

Lists the account's deploys, newest first: id, slug, name, latest version (vN) and when it was last
updated (the latest version's commit, else the deploy's creation).

  --limit N   at most N deploys (default 100)
  --json      print {items: [{id, slug, name, latestVersion, updatedAt}]}`;

export async function deploysCommand(argv: string[]): Promise<number> {
  const p = parse(argv, { limit: { type: 'string' } });
  const sub = p.positionals[0];
  if (p.help || !sub) {
    console.log(deploysHelp);
    return p.help ? 0 : 2;
  }
  if (sub !== 'list') throw new UsageError(`unknown deploys command "${sub}" (list)`);
  noExtra(p, 1);
  const limit = int(p, 'limit', 1, 10_000) ?? 100;
  const client = clientFromEnv();
  const listed: Array<{ id: string; slug: string; name: string; createdAt: number }> = [];
  for await (const d of client.deploys.iterate()) {
    listed.push(d);
    if (listed.length >= limit) break;
  }
  // The list has no version: one GET per deploy (a few at a time) adds its latest version.
  const items = await mapLimit(listed, 8, async (d) => {
    const { latestVersion } = await client.deploys.get(d.id);
    return {
      id: d.id,
      slug: d.slug,
      name: d.name,
      latestVersion: latestVersion
        ? { id: latestVersion.id, versionNo: latestVersion.versionNo, displayId: latestVersion.displayId }
        : null,
      updatedAt: latestVersion?.createdAt ?? d.createdAt,
    };
  });
  if (p.json) printJson({ items });
  else if (items.length === 0) console.log('no deploys (create one with: folio deploy DIR)');
  else
    console.log(
      table(
        ['ID', 'SLUG', 'NAME', 'LATEST', 'UPDATED'],
        items.map((d) => [d.id, d.slug, d.name, d.latestVersion ? `v${d.latestVersion.versionNo}` : '-', formatTime(d.updatedAt)]),
      ),
    );
  return 0;
}
