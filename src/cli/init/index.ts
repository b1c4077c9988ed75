// folio init [dir] [--engine E]: a new template folder, ready for `folio dev`, `folio test` and `folio deploy`.
// Never overwrites: a folder that already holds one of the files it would write is a usage error.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEMPLATE_ENGINES } from '../../domain/deploys/template-engines.js';
import { reportError, UsageError } from '../client/output.js';
import { scaffold, type ScaffoldEngine } from './scaffolds.js';
import { wordScaffold } from './word-scaffold.js';

export const initHelp = `Usage: folio init [dir] [--engine ENGINE]

Creates a template folder (default: the current folder) with a one-page invoice, its stylesheet (page
numbers in a margin box), a sample-payload.json and its payload.schema.json, ready for folio dev, folio
test and folio deploy. Never overwrites a file.

Options:
  --engine ENGINE   the template language: html (default: a page that fetches its payload), handlebars,
                    liquid, nunjucks (Jinja2 syntax), mustache or markdown; the templates guide
                    (docs/templates.md, "Template languages") lists their helpers. docx: a Word
                    invoice template (invoice.docx, +++ commands) and its sample payload, to edit in
                    Word and deploy with folio deploy --engine docx (docs/office-templates.md)
  -h, --help        show this help`;

/**
 * What to run next, in the `folio` that ran init: the full one previews with its own Chromium; @folio/cli
 * (`light`) has none, and previews and tests through a Folio server.
 */
export function nextSteps(shown: string, engine: string, cli: 'full' | 'light'): string[] {
  if (engine === 'docx') return [`next: edit invoice.docx in Word, then folio deploy ${shown} --engine docx`];
  if (cli === 'full') return [`next: folio dev ${shown}   (preview with live reload)`];
  return [
    `next: folio dev --server ${shown}   (preview, printed by your Folio server: FOLIO_API_URL and FOLIO_API_KEY, or folio login)`,
    `      folio test --server ${shown} --update   (record its snapshots; folio test --server ${shown} checks them)`,
  ];
}

export async function runInit(argv: string[], cli: 'full' | 'light' = 'full'): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { engine: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(initHelp);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`one folder at most; got ${positionals.join(' ')}`);
    const engine = (values.engine ?? 'html') as ScaffoldEngine | 'docx';
    if (engine !== 'html' && engine !== 'docx' && !(TEMPLATE_ENGINES as readonly string[]).includes(engine))
      throw new UsageError(`--engine must be one of html, ${TEMPLATE_ENGINES.join(', ')}, docx; got ${engine}`);
    const dir = path.resolve(positionals[0] ?? '.');
    const files: Record<string, string | Buffer> = engine === 'docx' ? wordScaffold() : scaffold(engine);
    const taken = Object.keys(files).filter((f) => fs.existsSync(path.join(dir, f)));
    if (taken.length) throw new UsageError(`${dir} already has ${taken.join(', ')}: folio init never overwrites; pick an empty folder`);
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text, { flag: 'wx' });
    }
    const shown = path.relative(process.cwd(), dir) || '.';
    console.log(`created ${Object.keys(files).sort().join(', ')} in ${shown}`);
    for (const l of nextSteps(shown, engine, cli)) console.log(l);
    return 0;
  } catch (err) {
    if (err instanceof TypeError && 'code' in err) return reportError(new UsageError(err.message), false);
    return reportError(err, false);
  }
}
