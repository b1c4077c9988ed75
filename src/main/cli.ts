import { ConfigError } from '../config/load.js';
import { operatorHelp, runOperator } from '../cli/operator.js';
import { serve } from './serve.js';

const help = `folio — document rendering service

Usage: folio <command> [options]

Processes:
  folio serve        all-in-one embedded service (api + worker); same as npm start
  folio api          HTTP API only
  folio worker       render worker only

${operatorHelp}

Configuration comes from FOLIO_* environment variables: see docs/config.md.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(help);
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
        return await runOperator(command, rest);
      default:
        console.error(`unknown command "${command}"\n\n${help}`);
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
