// The sandbox's tasks run on the calling thread, without its bounds: for `folio dev`, where the only
// schemas and PDFs are the author's own, on the author's machine. The server always uses SandboxPool.
import type { Sandbox } from './pool.js';
import { tasks, type TaskName } from './tasks.js';

export const inProcessSandbox: Sandbox = {
  run: async (name, input) => (tasks[name as TaskName] as (i: unknown) => Promise<never>)(input),
  // `folio dev` loads what a task needs on its first use: a preview that never reads a PDF never loads pdf.js.
  warm: () => undefined,
};
