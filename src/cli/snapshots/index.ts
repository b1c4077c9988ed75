// `folio test` of the full `folio`: run.ts with this machine's Chromium for a run without --server and the
// PDF library's snapshot tools, both loaded when a run needs them (so --help and mistakes answer fast).
import { runSnapshotTests } from './run.js';

export function runTest(argv: string[]): Promise<number> {
  return runSnapshotTests(argv, {
    local: async (dir, opts) => (await import('./local-printer.js')).localPrinter(dir, opts),
    tools: async () => (await import('./full-tools.js')).fullTools,
  });
}
