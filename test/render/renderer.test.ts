// The renderer against real Chromium: ready protocol, PDF features, every error code, cancellation,
// recovery after each failure, and isolation between accounts. One browser for the whole file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Renderer } from '../../src/render/renderer.js';
import { RenderError } from '../../src/render/types.js';
import { chromiumCpuMeter, rendererPids } from '../helpers/proc.js';
import { waitUntil } from '../helpers/wait.js';
import { bundle, invoiceHtml, memorySink, pdfText, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 2, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

/** The URLs of the browser's pages (a page may mark its own with history.replaceState: reported at once). */
async function pageUrls(r: Renderer = renderer): Promise<string[]> {
  const lease = await r.supervisor.acquire();
  const browser = lease.browser;
  lease.release();
  const { targetInfos } = await browser.connection.send('Target.getTargets', {});
  return (targetInfos as Array<{ type: string; url: string }>).filter((t) => t.type === 'page').map((t) => t.url);
}

const fails = (code: string) => (err: unknown) => {
  assert.ok(err instanceof RenderError, `expected RenderError, got ${String(err)}`);
  assert.equal(err.code, code, err.message);
  return true;
};

/** A plain job that must succeed: proves the renderer is healthy after whatever happened before. */
async function assertStillRenders(accountId = 'acct_a') {
  const out = memorySink();
  const res = await renderer.render(request({ accountId, bundle: bundle({ '/index.html': '<p>still alive</p>' }) }), out.sink);
  assert.equal(res.pageCount, 1);
  assert.match(pdfText(out.bytes()), /still alive/);
}

const reportBundle = () =>
  bundle({
    '/index.html': `<!doctype html><html><head><title>Report</title><link rel="stylesheet" href="/css/report.css">
      <script type="module" src="/js/app.js"></script></head><body><main id="out">loading</main></body></html>`,
    '/css/report.css': `@page { size: A5; margin: 20mm 15mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); } }
      h1 { break-before: page; } h1:first-child { break-before: auto; }`,
    '/js/app.js': `window.folio.waitForReady = true;
      const [payload, env] = await Promise.all([
        fetch(window.folio.payloadUrl, { headers: { 'X-Custom': '1' } }).then((r) => r.json()),
        fetch(window.folio.envUrl).then((r) => r.json()),
      ]);
      // Render after a macrotask: the default network-idle rule alone would not wait for this.
      setTimeout(() => {
        document.getElementById('out').innerHTML = payload.sections.map((s) => '<h1>' + s + '</h1><p>' + env.variables.GREETING + ' ' + env.secrets.TOKEN + '</p>').join('')
          + '<p>job ' + window.folio.jobId + ' v' + window.folio.versionNo + '</p>';
        window.folio.ready();
      }, 150);`,
  });

test('a module bundle that fetches its payload and env and calls folio.ready() renders them, tagged, with outline and @page page numbers', async () => {
  const out = memorySink();
  const req = request({
    bundle: reportBundle(),
    payload: Buffer.from(JSON.stringify({ sections: ['Alpha section', 'Beta section', 'Gamma section'] })),
    env: { variables: { GREETING: 'Hello from env' }, secrets: { TOKEN: 's3cret-token' } },
    versionNo: 7,
  });
  const res = await renderer.render(req, out.sink);
  const pdf = out.bytes();
  const text = pdfText(pdf);
  for (const s of ['Alpha section', 'Beta section', 'Gamma section', 'Hello from env s3cret-token', `job ${req.jobId} v7`])
    assert.match(text, new RegExp(s));
  assert.match(text, /Page 1 of 3/);
  assert.match(text, /Page 3 of 3/);
  assert.equal(res.pageCount, 3);
  assert.equal(res.bytes, pdf.length);
  assert.match(res.sha256, /^[0-9a-f]{64}$/);
  assert.ok(pdf.includes('/StructTreeRoot'), 'tagged PDF');
  assert.ok(pdf.includes('/Outlines'), 'document outline');
  assert.ok(res.renderTimeMs > 0);
});

test('default ready protocol prints after load; PDF overrides apply (tagged and outline can be turned off)', async () => {
  const out = memorySink();
  const res = await renderer.render(
    request({ bundle: bundle({ '/index.html': invoiceHtml }), pdf: { tagged: false, outline: false } }),
    out.sink,
  );
  const pdf = out.bytes();
  assert.equal(res.pageCount, 1);
  assert.match(pdfText(pdf), /INV-2024-0193[\s\S]*Page 1 of 1/);
  assert.ok(!pdf.includes('/StructTreeRoot'));
});

test('a page still fetching after load is printed once the network has been idle', async () => {
  const out = memorySink();
  const b = bundle({
    '/index.html': `<p id="p">before</p><script>addEventListener('load', () => setTimeout(() =>
      fetch(folio.payloadUrl).then((r) => r.text()).then((t) => { document.getElementById('p').textContent = t; }), 0));</script>`,
  });
  await renderer.render(request({ bundle: b, payload: Buffer.from('after the fetch'), payloadMime: 'text/plain' }), out.sink);
  assert.match(pdfText(out.bytes()), /after the fetch/);
});

test('folio.fail(message) ends the job with render_failed and that message, with or without waitForReady', async () => {
  const explicit = bundle({
    '/index.html': `<script>folio.waitForReady = true; setTimeout(() => folio.fail('payload has no line items'), 20);</script>`,
  });
  await assert.rejects(renderer.render(request({ bundle: explicit }), memorySink().sink), (err: unknown) => {
    fails('render_failed')(err);
    assert.match((err as Error).message, /the page called folio\.fail\(\): payload has no line items/);
    return true;
  });
  // Default protocol: the page fails after its fetch, while Folio waits for the network to be idle.
  const late = bundle({
    '/index.html': `<script>addEventListener('load', () => fetch(folio.payloadUrl).then((r) => r.json()).then((p) => { if (!p.items) folio.fail('no items in ' + JSON.stringify(p)); }));</script>`,
  });
  await assert.rejects(renderer.render(request({ bundle: late, payload: Buffer.from('{"x":1}') }), memorySink().sink), (err: unknown) => {
    fails('render_failed')(err);
    assert.match((err as Error).message, /folio\.fail\(\): no items in \{"x":1\}/);
    return true;
  });
  await assertStillRenders();
});

test('blocked requests are reported from the page and from a worker (a blob: worker inherits the CSP; its refusal is logged on its own target)', async () => {
  const b = bundle({
    '/index.html': `<p>worker page</p><script>
      folio.waitForReady = true;
      fetch('https://page.example/from-page.json?k=1').catch(() => {});
      const src = "fetch('https://worker.example/from-worker.json?k=2').then(() => postMessage('fetched'), () => postMessage('refused'))";
      const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
      w.onmessage = (e) => { document.body.append(' worker ' + e.data); folio.ready(); };
      w.onerror = () => folio.fail('the worker did not start');
    </script>`,
  });
  const out = memorySink();
  const result = await renderer.render(request({ bundle: b, timeoutMs: 10_000 }), out.sink);
  assert.match(pdfText(out.bytes()), /worker refused/);
  const urls = result.blocked.map((x) => x.split(': ')[0]).sort();
  assert.deepEqual(
    urls,
    ['https://page.example/from-page.json', 'https://worker.example/from-worker.json'],
    JSON.stringify(result.blocked),
  );
});

test('a fetch that never reaches the network (data: URL, refused by CSP) does not hold the default ready wait', async () => {
  const out = memorySink();
  const b = bundle({
    '/index.html': `<p id="p">static page</p><script>addEventListener('load', () => {
      fetch('data:text/plain,inline').catch(() => {});
      fetch('https://elsewhere.example/refused-by-csp').catch(() => {});
    });</script>`,
  });
  // Held, they would keep the page waiting until its deadline: render_timeout_exceeded instead of a PDF.
  const res = await renderer.render(request({ bundle: b, timeoutMs: 10_000 }), out.sink);
  assert.match(pdfText(out.bytes()), /static page/);
  assert.equal(res.diagnostics?.ready?.mode, 'default', JSON.stringify(res.diagnostics?.ready));
  assert.equal(res.diagnostics?.ready?.byTimeout, undefined, JSON.stringify(res.diagnostics?.ready));
});

test('a page that never finishes loading fails with navigation_timeout', async () => {
  // External network allowed, but the image's host never resolves: load never fires.
  const slow = new Renderer({ concurrency: 1, spareSessions: 0, lookup: () => new Promise(() => {}) });
  try {
    // Chromium started and the account's page made first: the 1.5 s below is the navigation's alone, not a
    // browser start on a loaded machine.
    await slow.render(request({ bundle: bundle({ '/index.html': '<p>warm</p>' }) }), memorySink().sink);
    await assert.rejects(
      slow.render(
        request({
          allowExternalNetwork: true,
          timeoutMs: 1500,
          bundle: bundle({ '/index.html': '<img src="https://slow.example/a.png">' }),
        }),
        memorySink().sink,
      ),
      fails('navigation_timeout'),
    );
  } finally {
    await slow.close();
  }
});

test('an infinite loop fails with render_timeout_exceeded at the deadline, and the renderer carries on', async () => {
  // The page's main thread never lets go: only the job's own deadline can end it, and the job says so.
  await assert.rejects(
    renderer.render(
      request({ timeoutMs: 1500, bundle: bundle({ '/index.html': '<p>x</p><script>for (;;) {}</script>' }) }),
      memorySink().sink,
    ),
    (err: unknown) => {
      fails('render_timeout_exceeded')(err);
      assert.match((err as Error).message, /was not ready and printed within 1500 ms/);
      assert.equal((err as RenderError).diagnostics?.ready?.mode, 'timed_out', JSON.stringify((err as RenderError).diagnostics?.ready));
      return true;
    },
  );
  await assertStillRenders();
});

test('an infinite loop after load (in the ready wait) also times out', async () => {
  await assert.rejects(
    renderer.render(
      request({ timeoutMs: 1500, bundle: bundle({ '/index.html': `<script>addEventListener('load', () => { for (;;) {} })</script>` }) }),
      memorySink().sink,
    ),
    fails('render_timeout_exceeded'),
  );
  await assertStillRenders();
});

test('a page that opts into waitForReady and never calls ready() fails with render_timeout_exceeded, naming folio.ready()', async () => {
  await assert.rejects(
    renderer.render(
      request({ timeoutMs: 1200, bundle: bundle({ '/index.html': '<script>folio.waitForReady = true</script><p>waiting</p>' }) }),
      memorySink().sink,
    ),
    (err: unknown) =>
      fails('render_timeout_exceeded')(err) &&
      /set folio\.waitForReady = true and never called folio\.ready\(\)/.test((err as Error).message),
  );
  await assertStillRenders();
});

test('a default-protocol page whose library outlasts the timeout fails naming what was still working', async () => {
  // A Paged.js-like library: defines window.Paged with the handler API, then never finishes.
  const page = `<script>window.PagedPolyfill = {}; window.Paged = { Handler: class {}, registerHandlers(h) { new h().beforeParsed(); } };</script><p>book</p>`;
  await assert.rejects(
    renderer.render(request({ timeoutMs: 1500, bundle: bundle({ '/index.html': page }) }), memorySink().sink),
    (err: unknown) =>
      fails('render_timeout_exceeded')(err) && /own work did not end \(.*Paged\.js still working/.test((err as Error).message),
  );
});

test('a failure names the requests the network policy blocked (without query strings); a clean failure names none', async () => {
  // The template waits for a CDN library that never arrives: the timeout message points at the cause.
  const page = `<script src="https://cdn.example.com/chart.js?token=s3cr3t#x"></script>
    <script>folio.waitForReady = true; if (window.Chart) folio.ready();</script><p>chart</p>`;
  let message = '';
  await assert.rejects(
    renderer.render(request({ timeoutMs: 1200, bundle: bundle({ '/index.html': page }) }), memorySink().sink),
    (err: unknown) => {
      fails('render_timeout_exceeded')(err);
      message = (err as Error).message;
      return true;
    },
  );
  assert.match(message, /1 request of the page did not load: https:\/\/cdn\.example\.com\/chart\.js: /);
  assert.ok(!message.includes('s3cr3t'), message);
  await assert.rejects(
    renderer.render(
      request({ timeoutMs: 1200, bundle: bundle({ '/index.html': '<script>folio.waitForReady = true</script><p>waiting</p>' }) }),
      memorySink().sink,
    ),
    (err: unknown) => fails('render_timeout_exceeded')(err) && !(err as Error).message.includes('network policy'),
  );
  // More than the 20 kept: the count is the true total, and the message stays under the 1,000-character errorMessage.
  const many = Array.from({ length: 25 }, (_, i) => `<img src="https://cdn.example.com/${'x'.repeat(180)}/${i}.png">`).join('');
  await assert.rejects(
    renderer.render(
      request({ timeoutMs: 1200, bundle: bundle({ '/index.html': `<script>folio.waitForReady = true</script>${many}` }) }),
      memorySink().sink,
    ),
    (err: unknown) => {
      fails('render_timeout_exceeded')(err);
      const m = (err as Error).message;
      assert.match(m, /25 requests of the page did not load: .*; and 22 more\)$/);
      assert.ok(m.length < 1000, `${m.length} characters`);
      return true;
    },
  );
});

test('output over maxOutputBytes fails with render_output_too_large and the sink never gets more than the limit', async () => {
  const out = memorySink();
  const limit = 20_000;
  await assert.rejects(
    renderer.render(request({ maxOutputBytes: limit, bundle: bundle({ '/index.html': invoiceHtml }) }), out.sink),
    fails('render_output_too_large'),
  );
  assert.ok(out.received() <= limit, `sink got ${out.received()} bytes`);
  await assertStillRenders();
});

test('a script error before ready fails with render_failed; bad PDF options and a missing entry too', async () => {
  await assert.rejects(
    renderer.render(request({ bundle: bundle({ '/index.html': '<p>x</p>' }), pdf: { scale: 9 } }), memorySink().sink),
    fails('render_failed'),
  );
  await assert.rejects(
    renderer.render(request({ bundle: bundle({ '/index.html': '<p>x</p>' }), entryPath: '/nope.html' }), memorySink().sink),
    fails('render_failed'),
  );
  await assert.rejects(
    renderer.render(request({ bundle: bundle({ '/index.html': '<p>x</p>' }), pdf: { pageRanges: '5-9' } }), memorySink().sink),
    fails('render_failed'),
  );
  await assertStillRenders();
});

test('an aborted signal cancels a running render promptly with render_canceled', async () => {
  const b = bundle({ '/index.html': '<script>folio.waitForReady = true</script><script src="/marker.js"></script>', '/marker.js': '' });
  const ac = new AbortController();
  // The page never calls ready(): a cancel noticed only at the deadline would fail as render_timeout_exceeded.
  const rendering = renderer.render(request({ bundle: b, signal: ac.signal, timeoutMs: 20_000 }), memorySink().sink);
  await b.files.waitFor('/marker.js');
  ac.abort();
  await assert.rejects(rendering, fails('render_canceled'));
  const pre = new AbortController();
  pre.abort();
  await assert.rejects(renderer.render(request({ bundle: b, signal: pre.signal }), memorySink().sink), fails('render_canceled'));
  await assertStillRenders();
});

test("no state survives from one account into another, nor into the same account's next job", async () => {
  const writer = bundle({
    '/index.html': `<script>
      folio.waitForReady = true;
      localStorage.setItem('secret', 'A-local');
      sessionStorage.setItem('secret', 'A-session');
      document.cookie = 'secret=A-cookie; max-age=3600; path=/';
      window.name = 'A-window-name';
      const open = indexedDB.open('db', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = async () => {
        const tx = open.result.transaction('s', 'readwrite');
        tx.objectStore('s').put('A-idb', 'k');
        tx.oncomplete = async () => {
          const cache = await caches.open('c');
          await cache.put('/cached', new Response('A-cache'));
          document.body.append('written');
          folio.ready();
        };
      };
    </script>`,
  });
  const reader = bundle({
    '/index.html': `<pre id="out"></pre><script>
      folio.waitForReady = true;
      (async () => {
        const found = [localStorage.getItem('secret'), sessionStorage.getItem('secret'), document.cookie, window.name];
        const dbs = await indexedDB.databases();
        const keys = await caches.keys();
        found.push(dbs.map((d) => d.name).join(','), keys.join(','));
        document.getElementById('out').textContent = 'FOUND[' + found.filter(Boolean).join('|') + ']';
        folio.ready();
      })();
    </script>`,
  });
  const w = memorySink();
  await renderer.render(request({ accountId: 'acct_a', bundle: writer }), w.sink);
  assert.match(pdfText(w.bytes()), /written/);
  for (const accountId of ['acct_b', 'acct_a']) {
    const r = memorySink();
    await renderer.render(request({ accountId, bundle: reader }), r.sink);
    assert.match(pdfText(r.bytes()), /FOUND\[\]/, `state leaked into ${accountId}`);
  }
});

test("what a finished document writes as it goes (pagehide, unload, freeze) never reaches the account's next job", async () => {
  // The page goes straight from one job's document to the next: the first one's handlers run as the
  // second replaces it. Each writes everything it can; the next job must find none of it, start visible,
  // and not be charged with what the old document did (its exceptions, its requests).
  const dying = bundle({
    '/index.html': `<p>first</p><script>
      const leave = (why) => {
        try { localStorage.setItem('leak', why); } catch {}
        try { sessionStorage.setItem('leak', why); } catch {}
        for (const domain of ['', '; domain=' + location.hostname, '; domain=internal', '; domain=folio.internal', '; domain=bundle.folio.internal'])
          document.cookie = 'leak=' + why + domain + '; path=/; max-age=3600';
        window.name = 'leak-' + why;
        try { new BroadcastChannel('leak').postMessage(why); } catch {}
        try { indexedDB.open('leak-' + why, 1); } catch {}
        try { caches.open('leak-' + why); } catch {}
        try { fetch('https://bundle.folio.internal/leak-' + why + '.txt', { keepalive: true }); } catch {}
        try { navigator.sendBeacon('/beacon-' + why, why); } catch {}
      };
      for (const ev of ['pagehide', 'unload', 'visibilitychange', 'freeze', 'beforeunload']) addEventListener(ev, () => leave(ev));
      document.addEventListener('visibilitychange', () => leave('visibility'));
      document.addEventListener('freeze', () => leave('doc-freeze'));
      addEventListener('pagehide', () => { throw new Error('thrown while leaving'); });
    </script>`,
  });
  const reader = bundle({
    '/index.html': `<pre id="out"></pre><script>
      folio.waitForReady = true;
      const heard = [];
      try { new BroadcastChannel('leak').onmessage = (e) => heard.push('bc:' + e.data); } catch {}
      (async () => {
        await new Promise((r) => setTimeout(r, 100));
        const found = [localStorage.getItem('leak'), sessionStorage.getItem('leak'), document.cookie, window.name, ...heard];
        const dbs = await indexedDB.databases();
        const keys = await caches.keys();
        found.push(dbs.map((d) => d.name).join(','), keys.join(','));
        document.getElementById('out').textContent = 'FOUND[' + found.filter(Boolean).join('|') + '] VIS[' + document.visibilityState + ']';
        folio.ready();
      })();
    </script>`,
  });
  for (let i = 0; i < 3; i++) {
    const w = memorySink();
    await renderer.render(request({ accountId: 'acct_leave', bundle: dying }), w.sink);
    assert.match(pdfText(w.bytes()), /first/);
    const r = memorySink();
    const res = await renderer.render(request({ accountId: 'acct_leave', bundle: reader }), r.sink);
    const text = pdfText(r.bytes());
    assert.match(text, /FOUND\[\]/, `state of the finished document reached the next job: ${text}`);
    assert.match(text, /VIS\[visible\]/, text);
    assert.deepEqual(res.blocked, [], "requests of the replaced document are not the next job's");
    const entries = res.diagnostics?.entries ?? [];
    assert.ok(
      !entries.some((e) => e.kind === 'exception'),
      `the replaced document's exception was charged to the next job: ${JSON.stringify(entries)}`,
    );
    assert.ok(!(res.diagnostics?.warnings ?? []).length, JSON.stringify(res.diagnostics?.warnings));
  }
});

test('a finished ordinary document that keeps working is parked once idle: no CPU while the page waits', async () => {
  // From its load the page burns CPU (a worker, a timer loop, an oscillator), marks its URL, and prints a
  // second later: Chromium's CPU over that second is the baseline. After the job the document runs on until
  // it is parked (PARK_AFTER_MS), which replaces it: its marked URL leaves the browser's pages.
  const busy = bundle({
    '/index.html': `<p>busy after</p><script>
      folio.waitForReady = true;
      new Worker(URL.createObjectURL(new Blob(['setInterval(() => { const t = Date.now(); while (Date.now() - t < 40) {} }, 50)'])));
      const audio = new AudioContext(); const osc = audio.createOscillator(); osc.connect(audio.destination); osc.start();
      addEventListener('load', () => {
        history.replaceState(null, '', '/busy-after');
        setInterval(() => { const t = Date.now(); while (Date.now() - t < 40) {} }, 50);
        fetch('/busy-now').catch(() => {});
        setTimeout(() => folio.ready(), 1000);
      });
    </script>`,
  });
  const printed = renderer.render(request({ accountId: 'acct_park', bundle: busy }), memorySink().sink);
  await busy.files.waitFor('/busy-now');
  const pid = renderer.supervisor.browserPid!;
  const busyCpu = chromiumCpuMeter(pid);
  await printed;
  const busyPercent = busyCpu();
  await waitUntil('the finished document to be parked', async () => !(await pageUrls()).some((u) => u.endsWith('/busy-after')));
  // Three idle seconds: what the test looks at, not a wait for something.
  const idleCpu = chromiumCpuMeter(pid);
  await new Promise((r) => setTimeout(r, 3000));
  const idlePercent = idleCpu();
  // The page running costs most of a core or more (less on a loaded machine, as does everything else);
  // parked, only the browser's own housekeeping remains.
  assert.ok(
    idlePercent * 3 < busyPercent,
    `Chromium used ${idlePercent.toFixed(1)}% of a core over 3 idle seconds, ${busyPercent.toFixed(1)}% while the page ran`,
  );
  await assertStillRenders('acct_park');
});

test('an idle page no job takes within idlePageMs is closed with its renderer process; the next job gets a new page', async () => {
  const quiet = new Renderer({ concurrency: 1, spareSessions: 0, idlePageMs: 400, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  try {
    const job = () =>
      quiet.render(request({ accountId: 'acct_quiet', bundle: bundle({ '/index.html': '<p>quiet</p>' }) }), memorySink().sink);
    await job();
    await job(); // the first job's page, now idle again
    const pid = quiet.supervisor.browserPid!;
    assert.ok(rendererPids(pid).length >= 1, 'the idle page keeps its renderer');
    await waitUntil(
      () => `no renderer process left after the idle period (still ${rendererPids(pid).join(', ')})`,
      () => rendererPids(pid).length === 0,
      { intervalMs: 100 },
    );
    const res = await job();
    assert.equal(res.pageCount, 1);
  } finally {
    await quiet.close();
  }
});

test('a document that starts a loop after its job costs the account that page, not its next job', async () => {
  // The loop starts after the print; the page marks its URL in the same task, just before it.
  const looping = bundle({
    '/index.html': `<p>loop later</p><script>folio.waitForReady = true;
      addEventListener('load', () => { folio.ready(); setTimeout(() => { history.replaceState(null, '', '/looping'); for (;;) {} }, 300); });</script>`,
  });
  await renderer.render(request({ accountId: 'acct_loop_after', bundle: looping }), memorySink().sink);
  await waitUntil('the finished document to start its loop', async () => (await pageUrls()).some((u) => u.endsWith('/looping')));
  await assertStillRenders('acct_loop_after');
});

test('document.cookie does nothing in a bundle document (cookies could otherwise reach a later job)', async () => {
  const out = memorySink();
  await renderer.render(
    request({
      accountId: 'acct_cookie',
      bundle: bundle({
        '/index.html': `<p id="p"></p><script>document.cookie = 'a=1; path=/';
          document.getElementById('p').textContent = 'COOKIE[' + document.cookie + '] STORE[' + typeof window.cookieStore + ']';</script>`,
      }),
    }),
    out.sink,
  );
  assert.match(pdfText(out.bytes()), /COOKIE\[\] STORE\[undefined\]/, JSON.stringify(pdfText(out.bytes())));
});

test('the bundle keeps its documented name: files by https://bundle.folio.internal load, and diagnostics show that name', async () => {
  const out = memorySink();
  const res = await renderer.render(
    request({
      accountId: 'acct_alias',
      bundle: bundle({
        '/index.html': `<link rel="stylesheet" href="https://bundle.folio.internal/s.css"><p id="p">alias</p><script>
          fetch('https://bundle.folio.internal/data.txt').then((r) => r.text()).then((t) => {
            document.getElementById('p').textContent += ' ' + t + ' ' + (location.origin === 'https://bundle.folio.internal' ? 'same' : 'own');
            console.warn('from ' + location.href);
            fetch('/missing.txt').finally(() => folio.ready());
          });
          folio.waitForReady = true;
        </script>`,
        '/s.css': 'p { color: rgb(200, 0, 0); }',
        '/data.txt': 'fetched',
      }),
    }),
    out.sink,
  );
  assert.match(pdfText(out.bytes()), /alias fetched own/);
  const json = JSON.stringify(res.diagnostics);
  assert.match(json, /https:\/\/bundle\.folio\.internal\/missing\.txt/);
  assert.match(json, /from https:\/\/bundle\.folio\.internal\/index\.html/);
  assert.doesNotMatch(json, /bundle-[0-9a-z]{20}\.internal/);
});

test('killing the browser mid-render fails that render with render_crashed; the next render relaunches Chromium', async () => {
  const b = bundle({ '/index.html': '<script>folio.waitForReady = true</script><script src="/marker.js"></script>', '/marker.js': '' });
  const rendering = renderer.render(request({ bundle: b, timeoutMs: 20_000 }), memorySink().sink);
  await b.files.waitFor('/marker.js');
  const pid = renderer.supervisor.browserPid;
  assert.ok(pid);
  process.kill(pid, 'SIGKILL');
  await assert.rejects(rendering, fails('render_crashed'));
  await assertStillRenders();
  assert.notEqual(renderer.supervisor.browserPid, pid);
  assert.equal(await renderer.isHealthy(), true);
});

test('a renderer killed while Page.printToPDF runs is a crash (render_crashed, retried), not a print failure', async () => {
  // Chromium fires `beforeprint` inside Page.printToPDF; the page's synchronous request from there tells
  // the test, deterministically, that the print is under way. 50 long sections, as a real report.
  const sections = Array.from(
    { length: 50 },
    (_, i) => `<h1>Section ${i + 1}</h1><p>${'Revenue grew steadily across all regions while costs stayed flat. '.repeat(60)}</p>`,
  ).join('');
  const b = bundle({
    '/index.html': `<style>h1 { break-before: page; }</style><body>${sections}<script>
      addEventListener('beforeprint', () => { const x = new XMLHttpRequest(); x.open('GET', '/printing.js', false); x.send(); });
    </script></body>`,
    '/printing.js': '',
  });
  const browserPid = renderer.supervisor.browserPid!;
  void b.files.waitFor('/printing.js').then(() => {
    for (const pid of rendererPids(browserPid)) process.kill(pid, 'SIGKILL');
  });
  await assert.rejects(renderer.render(request({ bundle: b, timeoutMs: 20_000 }), memorySink().sink), (err: unknown) => {
    assert.ok(err instanceof RenderError);
    assert.equal(err.code, 'render_crashed', err.message);
    assert.match(err.message, /printing/, 'the message says the renderer died while printing');
    return true;
  });
  await assertStillRenders();
});

test('a page that keeps navigating fails with a message that says so, not a protocol error', async () => {
  // Reloads itself once loaded, so each document is replaced while Folio waits for it to be ready.
  const b = bundle({
    '/index.html': '<script>folio.waitForReady = true; addEventListener("load", () => setTimeout(() => location.reload(), 20));</script>',
  });
  await assert.rejects(renderer.render(request({ bundle: b, timeoutMs: 5000 }), memorySink().sink), (err: unknown) => {
    assert.ok(err instanceof RenderError);
    assert.equal(err.code, 'render_failed', err.message);
    assert.match(err.message, /kept navigating to other documents/);
    assert.doesNotMatch(err.message, /Execution context/);
    return true;
  });
  await assertStillRenders();
});

test('a page that replaces itself before it ever loads times out with that said, not a phase name', async () => {
  const b = bundle({ '/index.html': '<script>location.replace("/index.html?" + Math.random());</script>' });
  await assert.rejects(renderer.render(request({ bundle: b, timeoutMs: 3000 }), memorySink().sink), (err: unknown) => {
    assert.ok(err instanceof RenderError);
    assert.equal(err.code, 'render_timeout_exceeded', err.message);
    assert.match(err.message, /kept navigating to other documents \(\d+ documents loaded\)/);
    return true;
  });
  await assertStillRenders();
});

test('render_provider_unavailable when Chromium cannot be found', async () => {
  const none = new Renderer({ executablePath: '/nonexistent/chromium' });
  await assert.rejects(
    none.render(request({ bundle: bundle({ '/index.html': 'x' }) }), memorySink().sink),
    fails('render_provider_unavailable'),
  );
  assert.equal(await none.isHealthy(), false);
  await none.close();
});
