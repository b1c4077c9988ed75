import { packageVersion } from '../config/package-version.js';
import { ConfigError } from '../config/load.js';
import { CLIENT_COMMANDS, clientHelp, runClient } from '../cli/client/index.js';
import { operatorHelp } from '../cli/operator-help.js';

// The server (serve.js) and the operator commands load the whole app: imported only when used, so the
// client commands start fast.
const serve = async (role: 'all' | 'api' | 'worker') => (await import('./serve.js')).serve(role);

const help = (operatorHelp: string) => `folio — document rendering service

Usage: folio <command> [options]
       folio --version    print the version (also -v)

Processes:
  folio serve        all-in-one embedded service (api + worker); same as npm start
  folio api          HTTP API only
  folio worker       render worker only

${clientHelp}

Templates:
  folio init [dir] [--engine E]                   a new template folder: html, handlebars, liquid,
                                                  nunjucks, mustache, markdown or docx (Word)
  folio test [dir] [--update] [--server]          print each fixture (tests/*.json, else sample-payload.json)
                                                  and compare page count, text and page images with the
                                                  snapshots in __snapshots__/; --update records them

${operatorHelp}

Configuration comes from FOLIO_* environment variables: see docs/config.md.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(packageVersion());
    return 0;
  }
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(help(operatorHelp));
    return 0;
  }
  try {
    switch (command) {
      case 'serve':
        await serve('all');
        return -1;
      case 'api':
        await serve('api');
        return -1;
      case 'worker':
        await serve('worker');
        return -1;
      case 'migrate':
      case 'accounts':
      case 'keys':
      case 'plans':
      case 'secrets':
        return await (await import('../cli/operator.js')).runOperator(command, rest);
      case 'doctor':
        return await (await import('../cli/doctor.js')).runDoctor(rest);
      case 'dev': {
        if (rest.includes('--server')) return await (await import('../cli/dev/server-preview.js')).runServerPreview(rest);
        const { runDev } = await import('../cli/dev/index.js');
        return await runDev(rest);
      }
      case 'init': {
        const { runInit } = await import('../cli/init/index.js');
        return await runInit(rest);
      }
      case 'test': {
        const { runTest } = await import('../cli/snapshots/index.js');
        return await runTest(rest);
      }
      default:
        if ((CLIENT_COMMANDS as readonly string[]).includes(command))
          return await runClient(command as (typeof CLIENT_COMMANDS)[number], rest);
        console.error(`unknown command "${command}"\n\n${help(operatorHelp)}`);
        return 2;
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      return 2;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
