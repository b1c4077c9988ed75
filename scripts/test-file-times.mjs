// A reporter for node's test runner (scripts/run-tests.mjs adds it beside the spec reporter when several
// test files share one process): the time of each file's top-level tests, one line per file,
// "<milliseconds> <file>", so the slowest-files list still names files.
export default async function* fileTimes(source) {
  const times = new Map();
  for await (const { type, data } of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      times.set(data.file, (times.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
    }
  }
  for (const [file, ms] of times) yield `${Math.round(ms)} ${file}\n`;
}
