// bench/upload: deploy a generated 1,000-file bundle (~20 MB) through the upload API of a real Folio
// server over HTTP, then re-deploy it with one file changed (several times, for a median).
//
//   node --import tsx bench/upload.ts            (npm run bench:upload)
//   BENCH_REPEATS=5 BENCH_CONCURRENCY=8 node --import tsx bench/upload.ts
//
// Targets (issue 2): a one-file re-deploy uploads exactly one blob (exit code 1 otherwise); missing-blobs
// for 1,000 files and the commit each under 200 ms (reported, not enforced: timings depend on the machine).
import { changeOneFile, generateBundle, totalSize, type BenchFile } from './lib/bundle.js';
import { startFolio } from './lib/server.js';
import { machineLine, mb, median, ms, table } from './lib/stats.js';
import { deployBundle, type DeployTiming } from './lib/upload-client.js';

const FILES = Number(process.env.BENCH_FILES ?? 1000);
const BYTES = Number(process.env.BENCH_BYTES ?? 20_000_000);
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 5));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 8));
const TARGET_MS = 200;

async function main() {
  const server = await startFolio();
  try {
    const t = performance.now();
    let files = generateBundle({ count: FILES, totalBytes: BYTES });
    const genMs = performance.now() - t;
    const sizes = files.map((f) => f.content.length).sort((a, b) => a - b);
    console.log(`# bench/upload\n\n${machineLine()}`);
    console.log(
      `bundle: ${files.length} files, ${mb(totalSize(files))} (largest ${mb(sizes[sizes.length - 1])}, median ${(median(sizes) / 1000).toFixed(1)} kB, smallest ${sizes[0]} B), generated in ${ms(genMs)}; upload concurrency ${CONCURRENCY}\n`,
    );

    const run = (f: BenchFile[], target: Parameters<typeof deployBundle>[0]['target']) =>
      deployBundle({ baseUrl: server.url, key: server.key, files: f, target, concurrency: CONCURRENCY, missingBlobsRepeats: 4 });

    const first = await run(files, { createDeploy: { slug: 'bench', name: 'Bench' } });
    const deployId = first.deployId;

    // One-file edits: each round changes a different small file (cumulatively, like successive releases).
    const edits: DeployTiming[] = [];
    const smallIndexes = files
      .map((f, i) => ({ i, size: f.content.length }))
      .filter((x) => x.size < 50_000 && files[x.i].path !== 'index.html')
      .map((x) => x.i);
    for (let r = 0; r < REPEATS; r++) {
      files = changeOneFile(files, smallIndexes[(r * 97) % smallIndexes.length], `round ${r}`);
      edits.push(await run(files, { deployId }));
    }
    const identical = await run(files, { deployId });

    const row = (label: string, d: DeployTiming) => [
      label,
      d.versionNo,
      d.blobsUploaded,
      mb(d.bytesUploaded),
      ms(d.totalMs),
      ms(d.sessionMs),
      `${ms(d.missingBlobsMs)} (median of 5: ${ms(median([d.missingBlobsMs, ...d.missingBlobsRepeatsMs]))})`,
      ms(d.uploadMs),
      ms(d.commitMs),
    ];
    const medianEdit = {
      ...edits[0],
      totalMs: median(edits.map((e) => e.totalMs)),
      sessionMs: median(edits.map((e) => e.sessionMs)),
      missingBlobsMs: median(edits.map((e) => e.missingBlobsMs)),
      missingBlobsRepeatsMs: edits.flatMap((e) => e.missingBlobsRepeatsMs),
      uploadMs: median(edits.map((e) => e.uploadMs)),
      commitMs: median(edits.map((e) => e.commitMs)),
    };
    console.log(
      table(
        [
          'deploy',
          'versionNo',
          'blobs uploaded',
          'bytes uploaded',
          'total wall',
          'create session',
          'missing-blobs (first call)',
          'blob PUTs',
          'commit',
        ],
        [
          row('1: fresh deploy', first),
          row('2: one file changed', edits[0]),
          [
            `2…${REPEATS + 1}: one file changed, median of ${REPEATS}`,
            `2–${REPEATS + 1}`,
            edits.map((e) => e.blobsUploaded).join('/'),
            ...row('', medianEdit).slice(3),
          ],
          row(`${REPEATS + 2}: identical files`, identical),
        ],
      ),
    );

    const oneBlob = edits.every((e) => e.blobsUploaded === 1 && e.bytesUploaded < 50_000);
    const sameTree = identical.treeHash === edits[edits.length - 1].treeHash && identical.blobsUploaded === 0;
    const mbMedian = median(edits.flatMap((e) => [e.missingBlobsMs, ...e.missingBlobsRepeatsMs]));
    const commitMedian = medianEdit.commitMs;
    console.log('\nTargets:');
    console.log(
      `- re-deploy with one file changed uploads exactly one blob: ${oneBlob ? 'PASS' : 'FAIL'} (${edits.map((e) => e.blobsUploaded).join(', ')})`,
    );
    console.log(`- identical re-deploy uploads nothing and keeps the treeHash: ${sameTree ? 'PASS' : 'FAIL'}`);
    console.log(
      `- missing-blobs for ${FILES} files < ${TARGET_MS} ms: ${mbMedian < TARGET_MS ? 'PASS' : 'FAIL'} (median ${ms(mbMedian)} over ${REPEATS * 5} calls on re-deploys; fresh deploy ${ms(first.missingBlobsMs)})`,
    );
    console.log(
      `- commit of ${FILES} files < ${TARGET_MS} ms: ${commitMedian < TARGET_MS ? 'PASS' : 'FAIL'} (re-deploy median ${ms(commitMedian)}; fresh deploy ${ms(first.commitMs)})`,
    );
    if (!oneBlob || !sameTree) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
