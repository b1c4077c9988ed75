// `folio render` page images as a user runs them: bin/folio processes against a real `folio serve` process
// (SQLite, files, Chromium, poppler). --png/--jpeg/--webp products (one page, several pages, --sync),
// --images beside a PDF, --html, `folio jobs show|images`, and what the server refuses (the flag mistakes
// that exit 2 before any call: test/unit/cli-arguments.test.ts).
// Signed links (FOLIO_PUBLIC_URL) go through a small forwarding proxy that can cut one download short, so a
// download that breaks off is a real broken connection.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { tempDir } from '../helpers/app.js';
import { runFolio, type Run } from '../helpers/cli-run.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_cliimages000000000000000000000000000001';

// Three A5 pages, each with a coloured heading.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: A5; margin: 12mm }
section { break-after: page; font: 20px sans-serif }
section:last-child { break-after: auto }
</style></head><body>
<section><h1 style="color:#1a5fb4">Card one</h1></section>
<section><h1 style="color:#c01c28">Card two</h1></section>
<section><h1 style="color:#26a269">Card three</h1></section>
</body></html>`;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height from a PNG's IHDR (bytes 16–23, big-endian). */
function pngSize(file: string): [number, number] {
  const b = fs.readFileSync(file);
  assert.ok(b.subarray(0, 8).equals(PNG), `${file} is a PNG`);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}
const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Forwards to `target`; `cutAfter(n)` lets n more downloads through, then sends half of the next body and drops the connection. */
async function startLinkProxy() {
  let target = '';
  let passes: number | null = null;
  const server = http.createServer((req, res) => {
    const up = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (upRes) => {
      res.writeHead(upRes.statusCode!, upRes.headers);
      if (passes !== null && passes-- === 0) {
        passes = null;
        const chunks: Buffer[] = [];
        upRes.on('data', (c: Buffer) => chunks.push(c));
        upRes.on('end', () => {
          const body = Buffer.concat(chunks);
          res.write(body.subarray(0, body.length >> 1), () => res.destroy());
        });
        return;
      }
      upRes.pipe(res);
    });
    up.on('error', (err) => res.destroy(err));
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (url: string) => (target = url),
    cutAfter: (n: number) => (passes = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('folio render page images against a server process', () => {
  let server: ServerProcess;
  let links: Awaited<ReturnType<typeof startLinkProxy>>;
  /** Where the server listens (server.url is its public URL: the proxy). */
  let direct = '';
  const work = tempDir('folio-cli-images-');
  const out = path.join(work, 'out');
  fs.mkdirSync(out);
  const site = path.join(work, 'cards');

  /** In this process (helpers/cli-run.ts) unless `process`: the first render is a real `bin/folio` launch. */
  const folio = (args: string[], opts: { process?: boolean } = {}) =>
    runFolio(args, {
      cwd: out,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config'), FOLIO_API_URL: direct, FOLIO_API_KEY: KEY },
      process: opts.process,
    });
  const ok = (r: Run) => {
    assert.equal(r.code, 0, `exit ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r;
  };
  /** No temporary file is left next to the outputs. */
  const noPartFiles = () =>
    assert.deepEqual(
      fs.readdirSync(out).filter((f) => f.endsWith('.part')),
      [],
    );

  before(async () => {
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'index.html'), PAGE);
    links = await startLinkProxy();
    // A free port for the server, so that its address is known apart from the public URL it prints.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    direct = `http://127.0.0.1:${port}`;
    links.setTarget(direct);
    server = await startServerProcess({
      FOLIO_DATA_DIR: path.join(work, 'data'),
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_PUBLIC_URL: links.url,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    ok(await folio(['deploy', site, '--slug', 'cards']));
  });
  after(async () => {
    await server?.stop();
    await links?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('--png -o card.png --width 300 writes page 1 as a PNG 300 px wide; jobs show says there is no PDF', async () => {
    const r = ok(await folio(['render', 'cards', '--png', '-o', 'card.png', '--width', '300'], { process: true }));
    const [width, height] = pngSize(path.join(out, 'card.png'));
    assert.equal(width, 300);
    assert.ok(height > width, `A5 portrait: ${width}×${height}`);
    assert.match(r.stdout, new RegExp(`^wrote .*card\\.png \\(page 1, 300×${height} PNG, [\\d.]+ KB\\) from job (job_\\w+)$`, 'm'));
    noPartFiles();
    const jobId = /from job (job_\w+)/.exec(r.stdout)![1]!;

    const show = ok(await folio(['jobs', 'show', jobId]));
    assert.match(show.stdout, /^images\s+PNG, page 1, 300 px wide, instead of a PDF$/m);
    assert.match(show.stdout, new RegExp(`^output\\s+no PDF: the job keeps only PNG images \\(folio jobs images ${jobId}\\)$`, 'm'));

    const listed = ok(await folio(['jobs', 'images', jobId]));
    assert.match(listed.stdout, new RegExp(`^1\\s+png\\s+300×${height}\\s`, 'm'));
    fs.mkdirSync(path.join(out, 'got'));
    const got = ok(await folio(['jobs', 'images', jobId, '--out', 'got']));
    assert.match(got.stdout, /1 image of job/);
    assert.deepEqual(fs.readFileSync(path.join(out, 'got', `${jobId}-page-1.png`)), fs.readFileSync(path.join(out, 'card.png')));

    // The PDF of an image-only job: the server's answer says where the images are.
    const pdf = await folio(['jobs', 'download', jobId, '-o', 'none.pdf']);
    assert.equal(pdf.code, 1);
    assert.match(pdf.stderr, /render_output_not_found: .*page images only/);
    assert.equal(fs.existsSync(path.join(out, 'none.pdf')), false);
  });

  test('--images png --pages 1-2 -o out.pdf writes the PDF and out-page-1.png, out-page-2.png beside it', async () => {
    const r = ok(await folio(['render', 'cards', '--images', 'png', '--pages', '1-2', '--width', '200', '-o', 'doc.pdf', '--json']));
    const answer = JSON.parse(r.stdout);
    assert.equal(fs.readFileSync(path.join(out, 'doc.pdf')).subarray(0, 5).toString(), '%PDF-');
    assert.equal(answer.output.pageCount, 3);
    assert.deepEqual(
      answer.images.map((i: { page: number; file: string }) => [i.page, path.basename(i.file)]),
      [
        [1, 'doc-page-1.png'],
        [2, 'doc-page-2.png'],
      ],
    );
    assert.equal(fs.existsSync(path.join(out, 'doc-page-3.png')), false);
    assert.equal(pngSize(path.join(out, 'doc-page-1.png'))[0], 200);
    // Page 2 is page 2: its heading is red.
    const { data } = await sharp(path.join(out, 'doc-page-2.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 150 && data[i + 1]! < 80 && data[i + 2]! < 80) red++;
    assert.ok(red > 20, `${red} red pixels on page 2`);
    noPartFiles();

    const show = ok(await folio(['jobs', 'show', answer.job.id]));
    assert.match(show.stdout, /^images\s+PNG, pages 1-2, 200 px wide$/m);
    assert.match(show.stdout, /^output\s+out_\w+, 3 pages/m);
  });

  test('--sync --webp writes a WebP in one request; --sync --jpeg --pages 1-2 writes one file per page', async () => {
    const one = ok(await folio(['render', 'cards', '--sync', '--webp', '--quality', '60', '-o', 'card.webp']));
    assert.ok(isWebp(fs.readFileSync(path.join(out, 'card.webp'))), 'RIFF….WEBP');
    assert.match(one.stdout, /^wrote .*card\.webp \(WEBP, [\d.]+ KB\) from job job_\w+$/m);

    const several = ok(await folio(['render', 'cards', '--sync', '--jpeg', '--pages', '1-2', '--width', '120', '-o', 'page.jpg']));
    for (const n of [1, 2]) {
      const b = fs.readFileSync(path.join(out, `page-${n}.jpg`));
      assert.ok(isJpeg(b), `page-${n}.jpg is a JPEG`);
      assert.equal((await sharp(b).metadata()).width, 120);
      assert.match(several.stdout, new RegExp(`^wrote .*page-${n}\\.jpg \\(page ${n}, 120×\\d+ JPEG, `, 'm'));
    }
    assert.equal(fs.existsSync(path.join(out, 'page.jpg')), false);
    noPartFiles();
  });

  test('--png --pages all (waiting for the job) writes card-1.png … card-3.png', async () => {
    const r = ok(await folio(['render', 'cards', '--png', '--pages', 'all', '--dpi', '24', '-o', 'all.png']));
    assert.deepEqual(
      fs
        .readdirSync(out)
        .filter((f) => f.startsWith('all'))
        .sort(),
      ['all-1.png', 'all-2.png', 'all-3.png'],
    );
    assert.equal(r.stdout.trim().split('\n').length, 3);
  });

  test('a download that breaks off leaves no file behind: not the PDF, not the pictures before it', async () => {
    // Page 1's picture arrives, page 2's is cut in half: nothing is written, and the error says what broke.
    links.cutAfter(1);
    const r = await folio(['render', 'cards', '--images', 'png', '--pages', '1-2', '-o', 'broken.pdf']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^error: network_error: .*page 2 of render job job_\w+/m);
    assert.deepEqual(
      fs.readdirSync(out).filter((f) => f.startsWith('broken')),
      [],
    );
    noPartFiles();

    links.cutAfter(2);
    const several = await folio(['render', 'cards', '--png', '--pages', 'all', '-o', 'cut.png']);
    assert.equal(several.code, 1, several.stderr);
    assert.deepEqual(
      fs.readdirSync(out).filter((f) => f.startsWith('cut')),
      [],
    );
    noPartFiles();
  });

  test('--html FILE takes the same flags', async () => {
    fs.writeFileSync(path.join(work, 'inline.html'), '<!doctype html><style>@page { size: 400px 200px; margin: 0 }</style><h1>Hi</h1>');
    ok(await folio(['render', '--html', path.join(work, 'inline.html'), '--png', '--width', '160', '-o', 'inline.png']));
    assert.deepEqual(pngSize(path.join(out, 'inline.png')), [160, 80]);
  });

  test('what the server checks comes back as its 400, with no file written', async () => {
    const tooNarrow = await folio(['render', 'cards', '--png', '--width', '5', '-o', 'narrow.png']);
    assert.equal(tooNarrow.code, 1);
    assert.match(tooNarrow.stderr, /error: invalid_request: .*"field":"images\.width"/);
    const managed = await folio(['render', 'cards', '--sync', '--png', '--managed', '-o', 'managed.png']);
    assert.equal(managed.code, 1);
    assert.match(managed.stderr, /error: invalid_request: /);
    assert.equal(fs.existsSync(path.join(out, 'narrow.png')), false);
    assert.equal(fs.existsSync(path.join(out, 'managed.png')), false);
    noPartFiles();
  });
});
