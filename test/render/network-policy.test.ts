// Hostile pages: every way we know for a page to reach the network is tried against a local HTTP +
// WebSocket + UDP server, which must see ZERO connections and datagrams. One browser for the file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket, type Socket } from 'node:dgram';
import { writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PinnedRequest } from '../../src/net/pinned-request.js';
import { Renderer } from '../../src/render/renderer.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

let server: http.Server;
let udp: Socket;
let port = 0;
let udpPort = 0;
let connections = 0;
let datagrams = 0;
const hits: string[] = [];
const externalCalls: Array<{ url: string; address: string }> = [];
const secretFile = path.join(tmpdir(), `folio-secret-${process.pid}.txt`);
let renderer: Renderer;

before(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('REACHED-LOCAL-SERVER');
  });
  server.on('connection', () => connections++);
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  udp = createSocket('udp4');
  udp.on('message', () => datagrams++);
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  udpPort = udp.address().port;
  writeFileSync(secretFile, 'FILE-SECRET-CONTENT');
  renderer = new Renderer({
    concurrency: 1,
    executablePath: process.env.FOLIO_CHROMIUM_PATH, // unset: auto-detect; the full test run also sets it to the fallback browser
    // The outside world for allowExternalNetwork jobs: a resolver that rebinds and lies, and a fake
    // connect edge recording which address Folio pinned.
    lookup: async (host) => {
      if (host === 'public.example') return [{ address: '93.184.216.34', family: 4 }];
      if (host === 'rebind.example')
        return [
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ];
      if (host === 'private.example') return [{ address: '10.0.0.5', family: 4 }];
      if (host === 'metadata.example') return [{ address: 'fd00:ec2::254', family: 6 }];
      throw new Error('ENOTFOUND');
    },
    externalFetch: async (req: PinnedRequest) => {
      externalCalls.push({ url: req.url.href, address: req.address.address });
      if (req.url.pathname === '/ok.css')
        return {
          status: 200,
          headers: [
            ['Content-Type', 'text/css'],
            ['Set-Cookie', 'tracker=1'],
          ],
          body: Buffer.from("body::after { content: 'EXTERNAL-CSS-OK'; }"),
        };
      if (req.url.pathname === '/redirect')
        return { status: 302, headers: [['Location', `http://127.0.0.1:${port}/redirected`]], body: Buffer.alloc(0) };
      if (req.url.pathname === '/redirect-private')
        return { status: 302, headers: [['Location', `http://private.example:${port}/x`]], body: Buffer.alloc(0) };
      return { status: 404, headers: [], body: Buffer.alloc(0) };
    },
  });
  await renderer.start();
});

after(async () => {
  await renderer.close();
  server.close();
  udp.close();
  rmSync(secretFile, { force: true });
});

function hostilePage(extraHosts: string[]): string {
  const local = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`, `http://0.0.0.0:${port}`, ...extraHosts];
  return `<!doctype html><html><head>
  <link rel="stylesheet" href="${local[0]}/css">
  <link rel="prefetch" href="${local[0]}/prefetch"><link rel="preconnect" href="${local[0]}"><link rel="dns-prefetch" href="//evil.example">
  <style>@import url("${local[0]}/import"); body { background: url("${local[0]}/bg"); }</style>
  </head><body>
  <img src="${local[0]}/img"><img src="${local[1]}/img"><img src="file://${secretFile}">
  <iframe src="${local[0]}/iframe"></iframe><iframe src="file://${secretFile}"></iframe><iframe name="sink"></iframe>
  <form id="f" method="post" action="${local[0]}/form" target="sink"><input name="a" value="b"></form>
  <pre id="log"></pre>
  <script>
    folio.waitForReady = true;
    const log = (s) => { document.getElementById('log').textContent += s + '\\n'; };
    const tries = [];
    for (const base of ${JSON.stringify(local)}) {
      tries.push(fetch(base + '/fetch').then((r) => r.text()).then((t) => log('FETCHED ' + t), () => log('blocked fetch')));
      tries.push(fetch(base + '/fetch-nocors', { mode: 'no-cors' }).then(() => log('no-cors done'), () => log('blocked no-cors')));
      try { const ws = new WebSocket(base.replace('http', 'ws') + '/ws'); ws.onopen = () => log('WS OPEN'); } catch (e) { log('ws threw'); }
      try { navigator.sendBeacon(base + '/beacon', 'x'); } catch {}
      try { new EventSource(base + '/sse'); } catch {}
    }
    tries.push(fetch('file://${secretFile}').then((r) => r.text()).then((t) => log('FILE ' + t), () => log('blocked file')));
    tries.push(fetch('http://169.254.169.254/latest/meta-data/').then(() => log('METADATA'), () => log('blocked metadata')));
    tries.push(fetch('http://10.0.0.1/').then(() => log('PRIVATE'), () => log('blocked private')));
    const xhr = new XMLHttpRequest(); xhr.open('GET', '${local[0]}/xhr'); xhr.send();
    window.open('${local[0]}/popup');
    document.getElementById('f').submit();
    const worker = new Worker(URL.createObjectURL(new Blob([
      "fetch('${local[0]}/worker').catch(() => {}); try { new WebSocket('ws://127.0.0.1:${port}/worker-ws'); } catch {}"
    ], { type: 'text/javascript' })));
    navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => log('no service worker'));
    try {
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udpPort}' }, { urls: 'turn:127.0.0.1:${port}?transport=tcp', username: 'u', credential: 'c' }] });
      pc.createDataChannel('x');
      pc.createOffer().then((o) => pc.setLocalDescription(o));
    } catch (e) { log('no webrtc'); }
    // Give every attempt (ICE gathering, beacons, workers) time to happen before printing.
    Promise.allSettled(tries).then(() => setTimeout(() => {
      try { location.href = '${local[0]}/navigate-away'; } catch {}
      setTimeout(() => folio.ready(), 300);
    }, 1200));
  </script></body></html>`;
}

test('a hostile page without external network reaches nothing: zero connections, zero datagrams, no file contents', async () => {
  const b = bundle({ '/index.html': hostilePage(['http://public.example']), '/sw.js': `fetch('http://127.0.0.1:${port}/sw')` });
  const out = memorySink();
  await renderer.render(
    request({
      bundle: b,
      timeoutMs: 15_000,
      pdf: { displayHeaderFooter: true, footerTemplate: `<img src="http://127.0.0.1:${port}/footer">` },
    }),
    out.sink,
  );
  const text = pdfText(out.bytes());
  assert.equal(connections, 0, `local server was reached: ${hits.join(', ')}`);
  assert.equal(datagrams, 0, 'UDP (WebRTC) reached the local socket');
  assert.doesNotMatch(text, /REACHED-LOCAL-SERVER|FILE-SECRET-CONTENT|WS OPEN|METADATA|PRIVATE|FETCHED/);
  assert.match(text, /blocked fetch/); // the page itself was printed (it did not navigate away)
  assert.equal(externalCalls.length, 0);
});

test('with external network allowed: public hosts are fetched from the pinned address; local, private, rebinding and metadata targets and redirects into them are not', async () => {
  const b = bundle({
    '/index.html': `<!doctype html><html><head><link rel="stylesheet" href="https://public.example/ok.css"></head><body><pre id="log"></pre><script>
      folio.waitForReady = true;
      const log = (s) => { document.getElementById('log').textContent += s + '\\n'; };
      const urls = ['https://public.example/redirect', 'https://public.example/redirect-private', 'http://rebind.example:${port}/rebind',
        'http://private.example:${port}/private', 'http://metadata.example/', 'http://127.0.0.1:${port}/literal', 'http://localhost:${port}/name'];
      Promise.allSettled(urls.map((u) => fetch(u).then((r) => r.text()).then((t) => log('GOT ' + u + ' ' + t)))).then(() => {
        try { new WebSocket('ws://public.example/ws'); } catch {}
        log('cookie=' + document.cookie);
        setTimeout(() => folio.ready(), 300);
      });
    </script></body></html>`,
  });
  const out = memorySink();
  await renderer.render(request({ bundle: b, allowExternalNetwork: true, timeoutMs: 15_000 }), out.sink);
  const text = pdfText(out.bytes());
  assert.equal(connections, 0, `local server was reached: ${hits.join(', ')}`);
  assert.match(text, /EXTERNAL-CSS-OK/);
  assert.doesNotMatch(text, /GOT /);
  assert.match(text, /cookie=\s*$/m, 'Set-Cookie from a third party must not be stored');
  assert.deepEqual(externalCalls.map((c) => `${new URL(c.url).pathname} ${c.address}`).sort(), [
    '/ok.css 93.184.216.34',
    '/redirect 93.184.216.34',
    '/redirect-private 93.184.216.34',
  ]);
});
