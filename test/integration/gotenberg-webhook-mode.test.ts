// Gotenberg's webhook mode as Folio adds to it (the scenarios Gotenberg itself tests run in
// gotenberg-scenarios.test.ts): a result the receiver refuses with 5xx is tried again, by the method asked;
// an error is signed with the account's webhook secret; a host on a private address is refused (outside
// FOLIO_ALLOW_INSECURE_WEBHOOKS), so nothing leaves for it. A real local receiver; an in-process app.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { LookupAll } from '../../src/net/resolve-host.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { waitFor, waitUntil } from '../helpers/wait.js';

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('page 1');
  return Buffer.from(await doc.save());
}

describe('Gotenberg webhook mode', () => {
  let app: TestApp;
  let base: string;
  let hooks: Receiver;
  let pdf: Buffer;
  before(async () => {
    hooks = await startReceiver();
    app = await createTestApp({ env: { FOLIO_ALLOW_INSECURE_WEBHOOKS: '1' } });
    app.services.gotenbergWebhooks.setRetryWaits([10, 10, 10]);
    base = await app.server.listen({ port: 0, host: '127.0.0.1' });
    pdf = await onePagePdf();
  });
  after(async () => {
    await app.close();
    await hooks.close();
  });

  const stamp = (headers: Record<string, string>, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(pdf)]), 'in.pdf');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${base}/forms/pdfengines/stamp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, ...headers },
      body: form,
    });
  };

  test('a 5xx is tried again, by the method asked, until the receiver takes the PDF', async () => {
    hooks.received.length = 0;
    hooks.replies.push({ status: 503 }, { status: 500 });
    const res = await stamp(
      {
        'gotenberg-webhook-url': `${hooks.url}/done`,
        'gotenberg-webhook-method': 'PUT',
        'gotenberg-webhook-error-url': `${hooks.url}/failed`,
        'gotenberg-trace': 'retry-me',
      },
      { stampSource: 'text', stampExpression: 'PAID' },
    );
    assert.equal(res.status, 204);
    const three = await waitFor('three attempts', () => (hooks.received.length >= 3 ? hooks.received : undefined));
    for (const r of three.slice(0, 3)) {
      assert.equal(r.method, 'PUT');
      assert.equal(r.headers['gotenberg-trace'], 'retry-me');
      assert.equal(r.headers['content-type'], 'application/pdf');
      assert.ok(r.rawBody.startsWith('%PDF-'), 'each attempt carries the PDF');
    }
    assert.equal(three.length, 3, 'the third attempt was taken: no error was reported');
  });

  test('a refused form goes to the error URL as {status, message}, signed with the account secret', async () => {
    hooks.received.length = 0;
    const res = await stamp(
      { 'gotenberg-webhook-url': `${hooks.url}/done`, 'gotenberg-webhook-error-url': `${hooks.url}/failed`, 'gotenberg-trace': 'bad-form' },
      { stampSource: 'sticker' },
    );
    assert.equal(res.status, 204);
    const [error] = await waitFor('the error', () => (hooks.received.length > 0 ? hooks.received : undefined));
    assert.equal(error.body.status, 400);
    assert.match(error.body.message, /stampSource/);
    const { secret } = await app.services.webhooks.revealSecret(app.accountId);
    const t = error.headers['service-webhook-timestamp'] as string;
    const expected = `v1=${createHmac('sha256', secret).update(`${t}.`).update(error.rawBody).digest('hex')}`;
    assert.equal(error.headers['service-webhook-signature'], expected);
  });

  test('a wrong webhook header is a 400 naming it, and nothing runs', async () => {
    const res = await stamp({ 'gotenberg-webhook-url': `${hooks.url}/done` }, { stampSource: 'text', stampExpression: 'X' });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { details: { field: string } }).details.field, 'Gotenberg-Webhook-Error-Url');
    const method = await stamp(
      { 'gotenberg-webhook-url': `${hooks.url}/done`, 'gotenberg-webhook-error-url': `${hooks.url}/e`, 'gotenberg-webhook-method': 'GET' },
      { stampSource: 'text', stampExpression: 'X' },
    );
    assert.equal(((await method.json()) as { details: { field: string } }).details.field, 'Gotenberg-Webhook-Method');
  });
});

describe('Gotenberg webhook mode in production network rules', () => {
  test('a host that resolves to a private address is refused: nothing is sent there', async () => {
    const lines: string[] = [];
    const log = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const privateLookup: LookupAll = async () => [{ address: '10.0.0.7', family: 4 }];
    const app = await createTestApp({ lookup: privateLookup, logDestination: log, env: { FOLIO_LOG_LEVEL: 'info' } });
    try {
      const base = await app.server.listen({ port: 0, host: '127.0.0.1' });
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await onePagePdf())]), 'in.pdf');
      form.append('flatten', 'true');
      const res = await fetch(`${base}/forms/pdfengines/merge`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${app.key}`,
          'gotenberg-webhook-url': 'https://hooks.internal.example/done',
          'gotenberg-webhook-error-url': 'https://hooks.internal.example/failed',
        },
        body: form,
      });
      assert.equal(res.status, 204);
      await waitUntil(
        'both requests refused',
        () => lines.filter((l) => l.includes('Gotenberg webhook request') && l.includes('"outcome":"blocked"')).length >= 2,
      );
    } finally {
      await app.close();
    }
  });
});
