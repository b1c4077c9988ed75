// The `folio` command of @folio/cli (packages/cli, bundled into a few files by scripts/build-cli.mjs): the
// client commands, which reach a Folio server through the SDK, and `folio init`, which only writes files.
// Nothing of the server: the commands that need its code — the processes, the operator commands, and `dev`
// and `test`, which print with the local renderer (Chromium driven by the server's render code) — exit 2
// with a message naming the full `folio`. eslint.config.mjs keeps this file's imports to the client side,
// and the bundler refuses any other source.
import { CLIENT_COMMANDS, clientCommandsHelp, runClient } from '../cli/client/index.js';
import { clientVersion } from '../cli/client/version.js';

const FULL = 'the full `folio` of a Folio checkout (bin/folio; docs/cli.md, "Installing folio")';

const help = `folio — the Folio client (@folio/cli ${clientVersion()})

Usage: folio <command> [options]
       folio --version    print the version (also -v)

${clientCommandsHelp}
Every client command takes --help and --json.

Templates:
  folio init [dir] [--engine E]                   a new template folder: html, handlebars, liquid,
                                                  nunjucks, mustache, markdown or docx (Word)

Not in this package — they are in the full \`folio\` of a Folio checkout (bin/folio; docs/cli.md,
"Installing folio"): folio dev and folio test, which print with the local renderer (Chromium and the
server's render code), the server (serve, api, worker) and the operator commands (migrate, accounts, keys,
plans, secrets, doctor).`;

/** The commands of the full `folio` only, and what each needs that this package leaves out. */
const FULL_ONLY: Record<string, string> = {
  dev: "folio dev previews and prints with the local renderer (Chromium and the server's render code)",
  test: "folio test prints each fixture with the local renderer (Chromium and the server's render code)",
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
  if (command === 'init') return (await import('../cli/init/index.js')).runInit(rest);
  const why = FULL_ONLY[command];
  if (why) {
    const instead = command === 'dev' || command === 'test' ? ' To print on a Folio server instead: folio render --help.' : '';
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
