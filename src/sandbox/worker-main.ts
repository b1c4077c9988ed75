// The entry of a sandbox process (src/sandbox/pool.ts, child-process.ts): runs one task at a time and
// answers with its result or its error (name, message and the error's own fields, such as a PdfError's
// `kind` and `limit`). An allocation the process's memory limits refused is answered as the memory limit:
// the pool ends this process and starts a fresh one.
import { tasks, type TaskName } from './tasks.js';

interface Request {
  id: number;
  name: TaskName;
  input: unknown;
}

const send = (message: unknown) => process.send!(message);
const refusedAllocation = (e: Error) => e instanceof RangeError && /allocat|Array buffer|out of memory/i.test(e.message);

// The libraries of the tasks on every request's path (payload schemas, PDF reading) are loaded before the
// process says it is ready: loading them is the pool's cost, not the first task's. The pool counts a task's
// time from then, so a task sent sooner waits for it: a task that never yields must not hold back `ready`.
const loaded = Promise.all([import('./payload-validator.js'), import('../pdf/checks.js')]).finally(() => send({ ready: true }));

process.on('message', (msg: Request) => {
  void (async () => {
    await loaded.catch(() => undefined);
    try {
      const run = tasks[msg.name] as (input: unknown) => Promise<unknown>;
      if (typeof run !== 'function') throw new Error(`unknown sandbox task ${String(msg.name)}`);
      send({ id: msg.id, ok: true, value: await run(msg.input) });
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      if (refusedAllocation(e)) return send({ id: msg.id, ok: false, memory: true });
      const fields: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
      send({ id: msg.id, ok: false, error: { name: e.name, message: e.message, fields } });
    }
  })();
});
// The parent went away (the server stopped or crashed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
