// folio deploy [dir]: one command from a folder to a committed version (the SDK's deployDirectory).
import fs from 'node:fs';
import path from 'node:path';
import { slugify, type DeployProgress } from '../../sdk/index.js';
import { clientFromEnv } from './api.js';
import { int, noExtra, parse, seconds, str } from './args.js';
import { formatBytes, plural, printJson, UsageError } from './output.js';
import { folioIgnore, IGNORE_FILE } from './folioignore.js';
import { Progress, progressMode } from './progress.js';
import { failOnOption, helpCodeLines } from './warnings.js';

export const deployHelp = `Usage: folio deploy [dir] [options]

Uploads a folder as a new version of a deploy (creates the deploy when no deploy has the slug). Files are
hashed locally; only files the server does not have yet are sent.

Left out (not uploaded): files and folders named in the folder's .folioignore (gitignore syntax), and by
default *.pdf, node_modules/ and every file or folder whose name starts with "." (.git, .env, .DS_Store,
.folioignore). A "!pattern" in .folioignore re-includes (e.g. "!letterhead.pdf"). sample-payload.json and
payload.schema.json are uploaded like any file, and so are tests/ and __snapshots__/ (folio test's fixtures
and snapshots): a version that carries them can be checked on the server after a Chromium upgrade
(POST /v1/deploys/{id}/versions/{versionId}/checks, or the dashboard's version page).

Options:
  --slug SLUG            deploy slug (default: the folder name, lowercased, [a-z0-9-])
  --deploy ID            deploy by id (dep_…) instead of by slug
  --route ROUTE          entry route of the version (default /; with --engine docx, the folder's
                         index.docx, else its only .docx)
  --engine ENGINE        render.engine of the version: html, handlebars, liquid, nunjucks, mustache,
                         markdown (default: from the entry's extension), or docx: the .docx entry is a
                         Word template (+++INS name+++, +++FOR line IN lines+++ …) filled from each
                         job's payload and converted to PDF (docs/office-templates.md)
  --title TITLE          title of the version (default: the slug)
  --alias NAME           point this alias (e.g. production, preview) at the new version
  --new-version          commit a new version even when nothing changed since the latest one (default:
                         a folder and settings identical to it are not uploaded: "unchanged")
  --timeout SECONDS      render timeout of the version (render.renderTimeoutMs; 30, 90s, 2m)
  --metadata FILE        JSON file used as render.metadata (pdf options, fileName)
  --fail-on CODE[,CODE]  render.failOn of the version: these warnings fail its jobs instead of letting
                         them succeed with the warning (render_failed_on_warning);
${helpCodeLines()}
  --include-dotfiles     do not leave out names starting with "." by default (.folioignore still applies)
  --include-node-modules do not leave out node_modules folders by default
  --verbose              list the files and folders left out
  --concurrency N        parallel uploads (default 8)
  --progress MODE        auto (default: a bar on a terminal, lines otherwise), bar, lines or off
  --json                 print the result as JSON
  -h, --help             show this help

Prints: "N files, M new blobs, 4.4 KB sent, version vK" and how many files were left out.`;

export async function deployCommand(argv: string[]): Promise<number> {
  const p = parse(argv, {
    slug: { type: 'string' },
    deploy: { type: 'string' },
    route: { type: 'string' },
    engine: { type: 'string' },
    title: { type: 'string' },
    alias: { type: 'string' },
    'new-version': { type: 'boolean' },
    timeout: { type: 'string' },
    metadata: { type: 'string' },
    'fail-on': { type: 'string' },
    'include-dotfiles': { type: 'boolean' },
    'include-node-modules': { type: 'boolean' },
    concurrency: { type: 'string' },
    progress: { type: 'string' },
    verbose: { type: 'boolean' },
  });
  if (p.help) {
    console.log(deployHelp);
    return 0;
  }
  noExtra(p, 1);
  const dir = p.positionals[0] ?? '.';
  const abs = path.resolve(dir);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new UsageError(`folder not found: ${dir}`);
  const slug = str(p, 'deploy') ? undefined : (str(p, 'slug') ?? slugify(path.basename(abs)));
  let metadata: Record<string, unknown> | undefined;
  const metadataFile = str(p, 'metadata');
  if (metadataFile) {
    let text: string;
    try {
      text = fs.readFileSync(metadataFile, 'utf8');
    } catch {
      throw new UsageError(`metadata file not found: ${metadataFile}`);
    }
    try {
      metadata = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`metadata file ${metadataFile} is not valid JSON: ${(err as Error).message}`);
    }
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))
      throw new UsageError(`metadata file ${metadataFile} must hold a JSON object`);
  }
  const { failOn } = failOnOption(p);
  let mode;
  try {
    mode = progressMode(str(p, 'progress'));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const client = clientFromEnv();
  const progress = new Progress(mode);
  const onProgress = (e: DeployProgress) => {
    switch (e.phase) {
      case 'scan':
        progress.note(`${plural(e.files, 'file')} in ${dir} (${formatBytes(e.bytes)})${e.ignored ? `, ${e.ignored} left out` : ''}`);
        break;
      case 'hash':
        progress.update('hashing', e.done, e.total, e.bytesDone, e.bytesTotal);
        break;
      case 'check':
        progress.note(`checking which files the server has…`);
        break;
      case 'upload':
        if (e.total === 0) progress.note('uploading: nothing new (the server has every file)');
        else progress.update('uploading', e.done, e.total, e.bytesDone, e.bytesTotal, 'blobs');
        break;
      case 'commit':
        progress.note('committing…');
        break;
      case 'alias':
        progress.note(`pointing alias ${e.alias} at the new version…`);
        break;
    }
  };
  try {
    const r = await client.deployDirectory(abs, {
      slug,
      deployId: str(p, 'deploy'),
      route: str(p, 'route'),
      engine: str(p, 'engine'),
      title: str(p, 'title'),
      alias: str(p, 'alias'),
      newVersion: Boolean(p.values['new-version']),
      renderTimeoutMs: seconds(p, 'timeout', 1, 600, true),
      metadata,
      failOn,
      ignore: folioIgnore(abs, {
        includeDotfiles: Boolean(p.values['include-dotfiles']),
        includeNodeModules: Boolean(p.values['include-node-modules']),
      }),
      concurrency: int(p, 'concurrency', 1, 64),
      onProgress,
    });
    progress.finish();
    if (p.json) {
      printJson({
        deployId: r.deployId,
        slug: r.slug,
        createdDeploy: r.createdDeploy,
        unchanged: r.unchanged,
        files: r.files,
        newBlobs: r.newBlobs,
        bytesSent: r.bytesSent,
        totalBytes: r.totalBytes,
        version: r.version,
        alias: r.alias,
        deployVersion: r.deployVersion,
        ignored: r.ignored,
      });
    } else {
      console.log(
        `${plural(r.files, 'file')}, ${plural(r.newBlobs, 'new blob')}, ${formatBytes(r.bytesSent)} sent, version v${r.version}${
          r.unchanged ? ' (unchanged: identical to the latest version; --new-version makes a new one)' : ''
        }`,
      );
      const where = `${r.createdDeploy ? 'created deploy' : 'deploy'} ${r.slug ?? r.deployId} (${r.deployId})`;
      console.log(`${where}: version ${r.deployVersion.displayId} (${r.deployVersion.id})${r.alias ? `, alias ${r.alias}` : ''}`);
      const fatal = r.deployVersion.failOn ?? [];
      if (fatal.length) console.log(`its jobs fail on the warnings ${fatal.join(', ')} (render.failOn)`);
      if (r.ignored.length) {
        console.log(
          `left out ${plural(r.ignored.length, 'file or folder', 'files or folders')} (${IGNORE_FILE} and defaults)${p.values.verbose ? ':' : '; --verbose lists them'}`,
        );
        if (p.values.verbose) for (const f of r.ignored) console.log(`  ${f}`);
      }
    }
    return 0;
  } finally {
    progress.finish();
  }
}
