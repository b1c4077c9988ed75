// Waiting for a render job from the command line: the long poll, progress on stderr and what Ctrl-C does.
import readline from 'node:readline';
import type { FolioClient, RenderJobResult } from '../../sdk/index.js';

/**
 * Waits with the long-poll, reporting on stderr: one line redrawn in place with the status and the seconds
 * waited on a terminal, a plain line per status change otherwise (nothing with quiet, except on Ctrl-C).
 * Ctrl-C while waiting: on a terminal it asks whether to cancel the job (y: POST …/cancel); either way, and
 * always when not on a terminal, it exits 130 and names the job, which keeps running unless canceled.
 */
export async function waitForJob(client: FolioClient, jobId: string, timeoutMs: number, quiet: boolean): Promise<RenderJobResult> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const live = !quiet && Boolean(process.stderr.isTTY);
  let last = '';
  let lastStatus = '';
  let lineOpen = false;
  const draw = () => {
    if (!live || !last) return;
    process.stderr.write(`\r\x1b[2Kjob ${jobId}: ${last} (${Math.floor((Date.now() - started) / 1000)} s)`);
    lineOpen = true;
  };
  const endLine = () => {
    if (lineOpen) process.stderr.write('\n');
    lineOpen = false;
  };
  const ticker = live ? setInterval(draw, 1000) : null;
  let prompting = false;
  const onSigint = () => {
    if (ticker) clearInterval(ticker);
    endLine();
    const leave = () => {
      process.stderr.write(`interrupted: job ${jobId} keeps running; follow it with: folio jobs get ${jobId} --wait\n`);
      process.exit(130);
    };
    if (prompting || !process.stdin.isTTY || !process.stderr.isTTY) return leave(); // a second Ctrl-C, or no one to ask
    prompting = true;
    void askYesNo(`Cancel job ${jobId}? [y/N] `).then(async (yes) => {
      if (!yes) return leave();
      try {
        const r = await client.renderJobs.cancel(jobId);
        process.stderr.write(`job ${jobId} ${r.job.status}\n`);
      } catch (err) {
        process.stderr.write(`error: could not cancel job ${jobId}: ${(err as Error).message}\n`);
      }
      process.exit(130);
    });
  };
  process.on('SIGINT', onSigint);
  try {
    for (;;) {
      const remaining = deadline - Date.now();
      // The long poll answers when the job ends: shown progress (queued → rendering) asks every 2 s.
      const r = await client.renderJobs.get(jobId, { waitSeconds: Math.max(0, Math.min(quiet ? 30 : 2, Math.floor(remaining / 1000))) });
      const status = `${r.job.status}${r.job.attempt ? ` (attempt ${r.job.attempt + 1})` : ''}`;
      // A long document's progress (docs/long-documents.md) is redrawn on a terminal; a log gets status changes only.
      const pages = r.job.status === 'rendering' && typeof r.job.pagesDone === 'number' ? `, ${r.job.pagesDone} pages printed` : '';
      if (status !== lastStatus && !live && !quiet) process.stderr.write(`job ${jobId}: ${status}\n`);
      lastStatus = status;
      if (status + pages !== last) {
        last = status + pages;
        if (live) draw();
      }
      if (['succeeded', 'failed', 'canceled'].includes(r.job.status) || remaining <= 0) return r;
    }
  } finally {
    if (ticker) clearInterval(ticker);
    if (!prompting) {
      process.off('SIGINT', onSigint);
      endLine();
    }
  }
}

/** A y/N question on the terminal (stdin/stderr); anything but y or yes is no. */
function askYesNo(question: string): Promise<boolean> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    rl.on('SIGINT', () => {
      rl.close();
      resolve(false);
    });
    rl.question(question, (answer) => {
      rl.close();
      resolve(/^y(es)?$/i.test(answer.trim()));
    });
  });
}
