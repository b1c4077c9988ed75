// The entry of a sandbox thread (src/sandbox/pool.ts): runs one task at a time and answers with its result
// or its error (name, message and the error's own fields, such as a PdfLimitError's `limit`).
import { parentPort } from 'node:worker_threads';
import { tasks, type TaskName } from './tasks.js';

interface Request {
  id: number;
  name: TaskName;
  input: unknown;
}

parentPort!.on('message', (msg: Request) => {
  void (async () => {
    try {
      const run = tasks[msg.name] as (input: unknown) => Promise<unknown>;
      if (typeof run !== 'function') throw new Error(`unknown sandbox task ${String(msg.name)}`);
      parentPort!.postMessage({ id: msg.id, ok: true, value: await run(msg.input) });
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      const fields: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
      parentPort!.postMessage({ id: msg.id, ok: false, error: { name: e.name, message: e.message, fields } });
    }
  })();
});
