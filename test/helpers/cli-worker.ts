// The worker thread of cli-in-process.ts: runs one `folio` client, operator, doctor, dev, test or init command at a time
// with the environment it is given, and answers what the command wrote to stdout and stderr and its exit
// code. The dispatch is bin/folio's (src/main/cli.ts) for those commands: each goes to its run function.
import { inspect } from 'node:util';
import { parentPort } from 'node:worker_threads';
import { CLIENT_COMMANDS, runClient } from '../../src/cli/client/index.js';

export interface CliRequest {
  args: string[];
  env: Record<string, string>;
}

const OPERATOR_COMMANDS = ['migrate', 'accounts', 'keys', 'plans', 'secrets'];

async function dispatch([command, ...rest]: string[]): Promise<number> {
  if ((CLIENT_COMMANDS as readonly string[]).includes(command!)) return runClient(command as (typeof CLIENT_COMMANDS)[number], rest);
  // Imported when used, as bin/folio does: they load the whole app.
  if (OPERATOR_COMMANDS.includes(command!)) return (await import('../../src/cli/operator.js')).runOperator(command!, rest);
  if (command === 'doctor') return (await import('../../src/cli/doctor.js')).runDoctor(rest);
  if (command === 'dev') return (await import('../../src/cli/dev/index.js')).runDev(rest);
  if (command === 'test') return (await import('../../src/cli/snapshots/index.js')).runTest(rest);
  if (command === 'init') return (await import('../../src/cli/init/index.js')).runInit(rest);
  throw new Error(`"folio ${command}" is not run in-process: only client, operator, doctor, dev, test and init commands are`);
}

type Write = typeof process.stdout.write;

/** A write() that appends to `sink` instead of the stream, calling a callback the way a stream would. */
function capture(sink: { text: string }): Write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(encoding ?? 'utf8');
    const callback = rest.find((r) => typeof r === 'function') as ((err?: Error | null) => void) | undefined;
    if (callback) queueMicrotask(() => callback(null));
    return true;
  }) as Write;
}

parentPort!.on('message', async ({ args, env }: CliRequest) => {
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, env);
  const out = { text: '' };
  const err = { text: '' };
  const { write: stdoutWrite } = process.stdout;
  const { write: stderrWrite } = process.stderr;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  let code: number;
  try {
    code = await dispatch(args);
  } catch (e) {
    // What bin/folio does with an error nothing caught: print it, exit 1.
    err.text += `${inspect(e)}\n`;
    code = 1;
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
  }
  parentPort!.postMessage({ code, stdout: out.text, stderr: err.text });
});
