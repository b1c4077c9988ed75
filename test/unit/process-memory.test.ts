// The browser's memory bound is checked on PSS, read only when the tree's RSS (never below its PSS) is above
// the bound. Real processes: this test's own process and a child Node process, which share the Node
// binary's pages, so the tree's PSS is well below its RSS.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { test } from 'node:test';
import { processTree, processTreeExceeds, processTreeRssBytes } from '../../src/render/process-memory.js';

/** A process's RSS; a zombie or a process gone meanwhile (another test file's child in this shared process) has none. */
const rssOf = (pid: number) => {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
};
const MB = 1024 * 1024;

test('the bound is judged on the tree’s PSS, with RSS only as the cheap first answer', async () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); process.stdout.write("up")'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await once(child.stdout, 'data');
    assert.ok(processTree(process.pid)?.includes(child.pid!), 'the child is in the tree');
    const pss = processTreeRssBytes(process.pid)!;
    const rss = processTree(process.pid)!.reduce((t, pid) => t + rssOf(pid), 0);
    assert.ok(rss - pss > 8 * MB, `two Node processes share pages: RSS ${rss} against PSS ${pss}`);

    assert.equal(processTreeExceeds(process.pid, rss * 4), false, 'far above the RSS: within');
    assert.equal(processTreeExceeds(process.pid, Math.round((pss + rss) / 2)), false, 'between PSS and RSS: within, by PSS');
    // Half the PSS: the files sharing this process free and allocate memory meanwhile, so a bound just below
    // the PSS read a moment ago could be above it by the time it is read again.
    assert.equal(processTreeExceeds(process.pid, Math.round(pss / 2)), true, 'below the PSS: over');
    assert.equal(processTreeExceeds(1 << 30, MB), false, 'a process that does not exist has nothing to count');
  } finally {
    child.kill();
  }
});
