// The `folio` command of @folio/cli (packages/cli, bundled into a few files by scripts/build-cli.mjs): the
// client commands, which reach a Folio server through the SDK, `folio init`, which only writes files, and
// `folio dev --server` and `folio test --server`, which print through a Folio server. Nothing of the server:
// the commands that need its code — the processes, the operator commands, and `dev` and `test` printing
// with the local renderer (Chromium driven by the server's render code) — exit 2 with a message naming the
// full `folio`. eslint.config.mjs keeps this file's imports to the client side, and the bundler refuses any
// other source.
import { CLIENT_COMMANDS, clientCommandsHelp, runClient } from '../cli/client/index.js';
import { clientVersion } from '../cli/client/version.js';

const FULL = 'the full `folio` of a Folio checkout (bin/folio; docs/cli.md, "Installing folio")';

const help = `folio — the Folio client (@folio/cli ${clientVersion()})

Usage: folio <command> [options]
       folio --version    print the version (also -v)

${clientCommandsHelp}
Every client command takes --help and --json.

Templates (dev --server and test --server print through the Folio server of FOLIO_API_URL and
FOLIO_API_KEY, or folio login):
  folio init [dir] [--engine E]                   a new template folder: html, handlebars, liquid,
                                                  nunjucks, mustache, markdown or docx (Word)
  folio dev --server [dir]                        a preview at http://127.0.0.1:4321/, printed again
                                                  when a file changes
  folio test --server [dir] [--update]            print each fixture and compare page count, text and
                                                  page images with the snapshots in __snapshots__/
                                                  (needs poppler-utils; --update records them)

Not in this package — they are in the full \`folio\` of a Folio checkout (bin/folio; docs/cli.md,
"Installing folio"): folio dev and folio test printing with the local renderer (Chromium and the server's
render code), the server (serve, api, worker) and the operator commands (migrate, accounts, keys, plans,
secrets, doctor).`;

/** The commands of the full `folio` only, and what each needs that this package leaves out. */
const FULL_ONLY: Record<string, string> = {
  dev: "folio dev without --server previews with the local renderer (Chromium and the server's render code)",
  serve: 'folio serve runs the server',
  api: "folio api runs the server's HTTP API",
  worker: "folio worker runs the server's render worker",
  migrate: "folio migrate acts on the server's database",
  accounts: "folio accounts acts on the server's database",
  keys: "folio keys acts on the server's database",
  plans: "folio plans acts on the server's database",
  secrets: "folio secrets acts on the server's database",
  doctor: 'folio doctor checks a machine that runs the server',
};

/** folio test --server: printed by a Folio server, drawn and compared by poppler and plain JavaScript. */
async function runLightTest(argv: string[]): Promise<number> {
  const { runSnapshotTests } = await import('../cli/snapshots/run.js');
  return runSnapshotTests(argv, {
    noLocal: `@folio/cli prints fixtures only through a Folio server: run folio test --server (FOLIO_API_URL and FOLIO_API_KEY, or folio login); printing with this machine's Chromium needs ${FULL}`,
    tools: async () => (await import('../cli/snapshots/light-tools.js')).lightTools,
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(clientVersion());
    return 0;
  }
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(help);
    return 0;
  }
  if ((CLIENT_COMMANDS as readonly string[]).includes(command)) return runClient(command as (typeof CLIENT_COMMANDS)[number], rest);
  if (command === 'init') return (await import('../cli/init/index.js')).runInit(rest, 'light');
  if (command === 'test') return runLightTest(rest);
  if (command === 'dev' && (rest.includes('--server') || rest.includes('--help') || rest.includes('-h')))
    return (await import('../cli/dev/server-preview.js')).runServerPreview(rest);
  const why = FULL_ONLY[command];
  if (why) {
    const instead = command === 'dev' ? ' To preview through a Folio server instead: folio dev --server [dir].' : '';
    console.error(`error: usage: ${why}, which @folio/cli leaves out. Run it with ${FULL}.${instead}`);
    return 2;
  }
  console.error(`unknown command "${command}"\n\n${help}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
