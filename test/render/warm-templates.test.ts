// Warm templates (docs/templates.md): a page that registers folio.onJob stays loaded for its account's next
// job of the same version, env and network policy, and renders that job's payload in place. Everything
// else -- another account, another version or env, a failed job -- gets a freshly loaded page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { Renderer } from '../../src/render/renderer.js';
import { RenderError } from '../../src/render/types.js';
import { chromiumCpuMeter } from '../helpers/proc.js';
import { waitUntil } from '../helpers/wait.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

// Each document gets a random id when it loads; the handler re-renders from the job's payload and shows
// what it saw: the document id, the job id, the payload, and state a previous job left in the window.
const warmPage = (opts: { failOn?: string } = {}) => `<!doctype html><html><body><pre id="out"></pre><script>
  const docId = 'D' + Math.random().toString(36).slice(2, 10);
  folio.waitForReady = true;
  async function render(job) {
    const payload = await (await fetch(folio.payloadUrl)).json();
    ${opts.failOn ? `if (payload.name === ${JSON.stringify(opts.failOn)}) throw new Error('template refused ' + payload.name);` : ''}
    if (payload.name === 'fail-politely') { folio.fail('cannot render ' + payload.name); return; }
    const seen = window.previousName || 'none';
    window.previousName = payload.name;
    localStorage.setItem('last', payload.name);
    document.getElementById('out').textContent = 'DOC[' + docId + '] JOB[' + folio.jobId + '] ARG[' + (job ? job.jobId : 'first') + '] NAME[' + payload.name + '] PREV[' + seen + ']';
  }
  render().then(() => folio.ready(), (e) => folio.fail(e.message));
  folio.onJob(render);
</script></body></html>`;

const field = (text: string, name: string) => new RegExp(`${name}\\[([^\\]]*)\\]`).exec(text)?.[1];

async function renderText(req: Parameters<Renderer['render']>[0]): Promise<string> {
  const out = memorySink();
  await renderer.render(req, out.sink);
  return pdfText(out.bytes());
}

test('a warm template renders the next jobs of its account in the same document, each with its own payload and job id', async () => {
  const b = bundle({ '/index.html': warmPage() });
  const texts: string[] = [];
  const jobs: string[] = [];
  for (const name of ['first-customer', 'second-customer', 'third-customer']) {
    const req = request({ bundle: b, payload: Buffer.from(JSON.stringify({ name })) });
    jobs.push(req.jobId);
    texts.push(await renderText(req));
  }
  const docs = texts.map((t) => field(t, 'DOC'));
  assert.equal(new Set(docs).size, 1, `one document for all three jobs: ${docs.join(', ')}`);
  texts.forEach((t, i) => {
    assert.equal(field(t, 'JOB'), jobs[i], 'window.folio.jobId is the current job');
    assert.equal(field(t, 'NAME'), ['first-customer', 'second-customer', 'third-customer'][i]);
  });
  assert.equal(field(texts[0], 'ARG'), 'first');
  assert.equal(field(texts[1], 'ARG'), jobs[1], 'the handler receives the job');
  assert.equal(field(texts[1], 'PREV'), 'first-customer', 'same account, same template: the page keeps its own state (documented)');
});

test('another account never gets the warm page: its job loads a fresh document with no state from the first account', async () => {
  const b = bundle({ '/index.html': warmPage() });
  const a = await renderText(request({ accountId: 'acct_warm_a', bundle: b, payload: Buffer.from('{"name":"alice"}') }));
  const other = await renderText(request({ accountId: 'acct_warm_b', bundle: b, payload: Buffer.from('{"name":"bob"}') }));
  assert.notEqual(field(other, 'DOC'), field(a, 'DOC'));
  assert.equal(field(other, 'PREV'), 'none');
  assert.equal(field(other, 'NAME'), 'bob');
});

test("another version or another env gets a freshly loaded page, and the warm page's storage is cleared first", async () => {
  const v1 = bundle({ '/index.html': warmPage() });
  const first = await renderText(request({ accountId: 'acct_warm_c', bundle: v1, payload: Buffer.from('{"name":"v1"}') }));
  const envChanged = await renderText(
    request({
      accountId: 'acct_warm_c',
      bundle: v1,
      payload: Buffer.from('{"name":"v1-env"}'),
      env: { variables: { X: '1' }, secrets: {} },
    }),
  );
  assert.notEqual(field(envChanged, 'DOC'), field(first, 'DOC'), 'env change → new document');
  const reader = bundle({
    '/index.html': `<pre id="out"></pre><script>document.getElementById('out').textContent = 'LAST[' + (localStorage.getItem('last') || 'none') + '] PREV[' + (window.previousName || 'none') + ']';</script>`,
  });
  const r = await renderText(request({ accountId: 'acct_warm_c', bundle: reader }));
  assert.equal(field(r, 'LAST'), 'none', 'the warm page was reset before another template used the session');
  assert.equal(field(r, 'PREV'), 'none');
});

test('a handler that throws costs speed, not the job: the job loads the page afresh, and the template is no longer kept warm', async () => {
  const b = bundle({ '/index.html': warmPage({ failOn: 'bad' }) });
  const ok1 = await renderText(request({ accountId: 'acct_warm_d', bundle: b, payload: Buffer.from('{"name":"good"}') }));
  // The handler throws for "bad"; the freshly loaded page then fails the job itself with folio.fail().
  await assert.rejects(
    renderer.render(request({ accountId: 'acct_warm_d', bundle: b, payload: Buffer.from('{"name":"bad"}') }), memorySink().sink),
    (err: unknown) => {
      assert.ok(err instanceof RenderError);
      assert.equal(err.code, 'render_failed');
      assert.match(err.message, /folio\.fail\(\): template refused bad/);
      return true;
    },
  );
  const ok2 = await renderText(request({ accountId: 'acct_warm_d', bundle: b, payload: Buffer.from('{"name":"good-again"}') }));
  const ok3 = await renderText(request({ accountId: 'acct_warm_d', bundle: b, payload: Buffer.from('{"name":"and-again"}') }));
  assert.equal(field(ok2, 'NAME'), 'good-again');
  assert.equal(field(ok3, 'NAME'), 'and-again');
  const docs = [ok1, ok2, ok3].map((t) => field(t, 'DOC'));
  assert.equal(new Set(docs).size, 3, `each job loaded its own page: ${docs.join(', ')}`);
});

test("folio.fail() from a warm handler fails that job with the page's message", async () => {
  const b = bundle({ '/index.html': warmPage() });
  await renderText(request({ accountId: 'acct_warm_e', bundle: b, payload: Buffer.from('{"name":"fine"}') }));
  await assert.rejects(
    renderer.render(request({ accountId: 'acct_warm_e', bundle: b, payload: Buffer.from('{"name":"fail-politely"}') }), memorySink().sink),
    (err: unknown) => {
      assert.ok(err instanceof RenderError);
      assert.equal(err.code, 'render_failed');
      assert.match(err.message, /the page called folio\.fail\(\): cannot render fail-politely/);
      return true;
    },
  );
});

test('an idle warm page is frozen: its timers do not run between jobs', async () => {
  // The page records the longest gap between two ticks of a 20 ms interval, and how long it was frozen by its
  // own clock (the document's freeze and resume events). Frozen between the jobs, the interval does not tick
  // for that stretch; running, no gap comes near it. (A tick count would also count the ticks between the
  // print and the freeze, and between the thaw and the handler: more on a loaded machine.)
  const b = bundle({
    '/index.html': `<pre id="out"></pre><script>
      let last = Date.now();
      let longest = 0;
      setInterval(() => { const now = Date.now(); longest = Math.max(longest, now - last); last = now; }, 20);
      let freezes = 0, frozenAt = 0, frozenMs = 0;
      document.addEventListener('freeze', () => { freezes++; frozenAt = Date.now(); });
      document.addEventListener('resume', () => { frozenMs += Date.now() - frozenAt; });
      folio.waitForReady = true;
      function render() { document.getElementById('out').textContent = 'GAP[' + longest + '] FREEZES[' + freezes + '] FROZEN[' + frozenMs + ']'; longest = 0; }
      render();
      folio.ready();
      // Wait for ticks after the thaw, so the interval has measured the frozen stretch before it is shown.
      folio.onJob(async () => { await new Promise((r) => setTimeout(r, 100)); render(); });
    </script>`,
  });
  await renderText(request({ accountId: 'acct_warm_f', bundle: b }));
  // An idle stretch between the two jobs: what the test looks at (the page measures how long it was frozen).
  await new Promise((r) => setTimeout(r, 1500));
  const t = await renderText(request({ accountId: 'acct_warm_f', bundle: b }));
  const [gap, freezes, frozen] = ['GAP', 'FREEZES', 'FROZEN'].map((name) => Number(field(t, name)));
  assert.equal(freezes, 1, `frozen once between the jobs: ${t.trim()}`);
  assert.ok(frozen >= 10 * 20, `frozen for ${frozen} ms, ten periods of the interval at least: ${t.trim()}`);
  assert.ok(gap * 2 >= frozen, `the longest pause of the idle page's 20 ms timer was ${gap} ms over ${frozen} frozen ms`);
});

/**
 * A warm template that starts `contexts` (each busy where it can), rendered twice; Chromium's CPU while they
 * run (the second before the first print) and over 5 idle seconds after the second job, once the pool has
 * frozen (or closed) the page and made its spare session; then a third job to see whether the page had
 * stayed warm (the same document) meanwhile. Idle, only the browser's own housekeeping remains: a page left
 * running (a busy worker, a timer loop, audio) costs most of what it cost while it ran.
 */
async function idleAfterWarmJobs(accountId: string, contexts: string) {
  const b = bundle({
    '/index.html': `<pre id="out"></pre><script>
      const docId = 'D' + Math.random().toString(36).slice(2, 10);
      const show = (what) => { document.getElementById('out').textContent = what + ' DOC[' + docId + ']'; };
      folio.waitForReady = true;
      (async () => {
        ${contexts}
        show('STARTED');
        fetch('/contexts-started').catch(() => {});
        await new Promise((r) => setTimeout(r, 1000));
      })().catch((e) => show('ERROR ' + e.message)).finally(() => folio.ready());
      folio.onJob(async () => show('STARTED'));
    </script>`,
    '/busy.js': 'while (true) {}',
    '/shared.js': 'onconnect = () => {}; while (true) {}',
    '/worklet.js':
      'registerProcessor("busy", class extends AudioWorkletProcessor { process() { const t = Date.now(); while (Date.now() - t < 2) {} return true; } });',
  });
  const printing = renderText(request({ accountId, bundle: b }));
  await b.files.waitFor('/contexts-started');
  const pid = renderer.supervisor.browserPid!;
  const runningCpu = chromiumCpuMeter(pid);
  const first = await printing;
  const runningPercent = runningCpu();
  assert.match(first, /STARTED/, `the page started its contexts: ${first.trim()}`);
  const second = await renderText(request({ accountId, bundle: b }));
  // The pool freezes (or closes) the page after the job and makes its spare session: that settles once
  // Chromium's CPU has come down, which a page left running never lets it.
  let settling = 0;
  await waitUntil(
    () => `Chromium's CPU to come down after the job (${settling.toFixed(1)}% of a core; ${runningPercent.toFixed(1)}% while the page ran)`,
    async () => {
      const cpu = chromiumCpuMeter(pid);
      await new Promise((r) => setTimeout(r, 500));
      settling = cpu();
      return settling * 3 < runningPercent;
    },
    { timeoutMs: 20_000, intervalMs: 0 },
  );
  // Five idle seconds: what the test looks at, not a wait for something.
  const idleCpu = chromiumCpuMeter(pid);
  await new Promise((r) => setTimeout(r, 5000));
  const idlePercent = idleCpu();
  const third = await renderText(request({ accountId, bundle: b }));
  return { runningPercent, idlePercent, stayedWarm: field(third, 'DOC') === field(second, 'DOC') };
}

/** Idle, Chromium uses less than a third of what it used while the page ran (measured in the same test). */
function assertIdle({ runningPercent, idlePercent }: { runningPercent: number; idlePercent: number }) {
  assert.ok(
    idlePercent * 3 < runningPercent,
    `Chromium used ${idlePercent.toFixed(1)}% of a core over 5 idle seconds, ${runningPercent.toFixed(1)}% while the page ran`,
  );
}

test('a frozen warm page uses no CPU, with dedicated workers, audio, an AudioWorklet and WebRTC running in it', async () => {
  const r = await idleAfterWarmJobs(
    'acct_warm_cpu',
    `new Worker('/busy.js');
     const audio = new AudioContext();
     const osc = audio.createOscillator(); osc.connect(audio.destination); osc.start();
     await audio.audioWorklet.addModule('/worklet.js');
     new AudioWorkletNode(audio, 'busy').connect(audio.destination);
     const pc = new RTCPeerConnection(); pc.createDataChannel('d');
     await pc.setLocalDescription(await pc.createOffer());`,
  );
  assert.ok(r.stayedWarm, 'these pause with the page, so the page stays warm');
  assertIdle(r);
});

test('a page that started a shared worker (which freezing does not stop) is not kept warm, and its worker stops', async () => {
  const r = await idleAfterWarmJobs(
    'acct_warm_shared',
    `new SharedWorker('/shared.js'); navigator.serviceWorker.register('/busy.js').catch(() => {});`,
  );
  assert.equal(r.stayedWarm, false, 'the page was closed, not kept warm');
  assertIdle(r);
});

// Templates in a language that run no scripts are warm by default (docs/templates.md "Warm by default"):
// Folio's runtime renders each later job into a clean document in the same page.
const languageTemplates: Record<string, { entry: string; source: string; partial?: [string, string] }> = {
  handlebars: {
    entry: '/index.hbs',
    source:
      '<!doctype html><html lang="{{lang}}"><head><title>{{title}}</title></head><body><p>NAME[{{name}}]</p>{{#if extra}}<p>EXTRA[{{extra}}]</p>{{/if}}<p>{{{markup}}}</p>{{> line}}</body></html>',
    partial: ['/partials/line.hbs', '<p>TOTAL[{{formatNumber total 2}}]</p>'],
  },
  liquid: {
    entry: '/index.liquid',
    source:
      '<!doctype html><html lang="{{ lang }}"><head><title>{{ title }}</title></head><body><p>NAME[{{ name }}]</p>{% if extra %}<p>EXTRA[{{ extra }}]</p>{% endif %}<p>{{ markup }}</p>{% render "line", total: total %}</body></html>',
    partial: ['/line.liquid', '<p>TOTAL[{{ total | formatNumber: 2 }}]</p>'],
  },
  nunjucks: {
    entry: '/index.njk',
    source:
      '<!doctype html><html lang="{{ lang }}"><head><title>{{ title }}</title></head><body><p>NAME[{{ name }}]</p>{% if extra %}<p>EXTRA[{{ extra }}]</p>{% endif %}<p>{{ markup | safe }}</p>{% include "partials/line.njk" %}</body></html>',
    partial: ['/partials/line.njk', '<p>TOTAL[{{ total | formatNumber(2) }}]</p>'],
  },
  mustache: {
    entry: '/index.mustache',
    source:
      '<!doctype html><html lang="{{lang}}"><head><title>{{title}}</title></head><body><p>NAME[{{name}}]</p>{{#extra}}<p>EXTRA[{{extra}}]</p>{{/extra}}<p>{{{markup}}}</p>{{> line}}</body></html>',
    partial: ['/partials/line.mustache', '<p>TOTAL[{{#formatNumber}}{{total}} 2{{/formatNumber}}]</p>'],
  },
};

function languageBundle(engine: string, extra: Record<string, string> = {}) {
  const t = languageTemplates[engine]!;
  return bundle({ [t.entry]: t.source, ...(t.partial ? { [t.partial[0]]: t.partial[1] } : {}), ...extra });
}

async function renderLanguage(engine: string, b: ReturnType<typeof bundle>, payload: object, accountId = `acct_lang_${engine}`) {
  const out = memorySink();
  const req = request({
    accountId,
    bundle: b,
    engine: engine as never,
    entryPath: languageTemplates[engine]!.entry,
    payload: Buffer.from(JSON.stringify(payload)),
  });
  const result = await renderer.render(req, out.sink);
  const title = /^Title:\s*(.*)$/m.exec(execFileSync('pdfinfo', ['-'], { input: out.bytes() }).toString('utf8'))?.[1];
  return { text: pdfText(out.bytes()), ready: result.diagnostics?.ready?.mode, title };
}

for (const engine of Object.keys(languageTemplates)) {
  test(`${engine}: a template that runs no scripts is warm by default, and each job starts from a clean document`, async () => {
    const b = languageBundle(engine);
    const first = await renderLanguage(engine, b, {
      name: 'alice',
      title: 'First',
      lang: 'en',
      extra: 'only-in-first',
      total: 1234.5,
      locale: 'de-DE',
    });
    const second = await renderLanguage(engine, b, { name: 'bob', title: 'Second', lang: 'fr', total: 7 });
    assert.notEqual(first.ready, 'warm', 'the first job loads the page');
    assert.equal(second.ready, 'warm', 'the next job of the same version is rendered in the kept page');
    assert.match(first.text, /NAME\[alice\][\s\S]*EXTRA\[only-in-first\][\s\S]*TOTAL\[1\.234,50\]/);
    assert.match(second.text, /NAME\[bob\][\s\S]*TOTAL\[7\.00\]/, "the job's own payload, locale and helpers");
    assert.doesNotMatch(second.text, /alice|only-in-first/, 'nothing of the previous job is left');
    assert.equal(first.title, 'First');
    assert.equal(second.title, 'Second', 'the title is the second document');
  });
}

test("a warm template's page runs no script: markup from the payload cannot run one, in the first job or a later one", async () => {
  const b = languageBundle('handlebars');
  const hostile = `<img src="/missing.png" onerror="document.body.append('PWNED-HANDLER')"><svg onload="document.body.append('PWNED-SVG')"></svg><script>document.body.append('PWNED-SCRIPT'); window.leak = 'x';</script><iframe srcdoc="<script>parent.document.body.append('PWNED-FRAME')</script>"></iframe>`;
  const first = await renderLanguage('handlebars', b, { name: 'first', markup: hostile }, 'acct_lang_hostile');
  await renderLanguage('handlebars', b, { name: 'warmup', markup: 'plain' }, 'acct_lang_hostile');
  const later = await renderLanguage('handlebars', b, { name: 'later', markup: hostile }, 'acct_lang_hostile');
  assert.equal(later.ready, 'warm');
  for (const r of [first, later]) assert.doesNotMatch(r.text, /PWNED/, r.text);
});

test('a template with a script of its own, or a bundle with a script file, is not warm by default', async () => {
  const withScript = bundle({ '/index.hbs': '<!doctype html><p>NAME[{{name}}]</p><script>folio.waitForReady = false;</script>' });
  const withFile = languageBundle('handlebars', { '/chart.js': 'window.x = 1;' });
  for (const [b, account] of [
    [withScript, 'acct_lang_script'],
    [withFile, 'acct_lang_file'],
  ] as const) {
    const entry = { engine: 'handlebars', b };
    await renderLanguage(entry.engine, b, { name: 'one' }, account);
    const second = await renderLanguage(entry.engine, b, { name: 'two' }, account);
    assert.notEqual(second.ready, 'warm', account);
    assert.match(second.text, /NAME\[two\]/);
  }
});

test("a warm job whose data breaks the template fails with the template's error, and the next job loads a fresh page", async () => {
  const b = bundle({ '/index.hbs': '<!doctype html><p>NAME[{{name}}]</p>{{#if broken}}{{> missing}}{{/if}}' });
  await renderLanguage('handlebars', b, { name: 'ok' }, 'acct_lang_error');
  await assert.rejects(
    renderLanguage('handlebars', b, { name: 'bad', broken: true }, 'acct_lang_error'),
    (err: RenderError) => err.code === 'template_render_failed' && /index\.hbs.*missing/.test(err.message),
  );
  const next = await renderLanguage('handlebars', b, { name: 'after' }, 'acct_lang_error');
  assert.notEqual(next.ready, 'warm');
  assert.match(next.text, /NAME\[after\]/);
});
