// Shared helpers for the render tests (real Chromium, real pdftotext).
import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { BundleFile, RenderBundle, RenderRequest } from '../../src/render/types.js';

let seq = 0;

/** A bundle file map that reports which paths the page asked for (a condition tests can wait on). */
export class WatchedFiles extends Map<string, BundleFile> {
  readonly requests = new EventEmitter();
  override get(path: string): BundleFile | undefined {
    this.requests.emit('get', path);
    return super.get(path);
  }
  waitFor(path: string): Promise<void> {
    return new Promise((resolve) => {
      const on = (p: string) => {
        if (p === path) {
          this.requests.off('get', on);
          resolve();
        }
      };
      this.requests.on('get', on);
    });
  }
}

const MIME: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css',
  js: 'application/octet-stream',
  json: 'application/json',
};

export function bundle(files: Record<string, string>): RenderBundle & { files: WatchedFiles } {
  const map = new WatchedFiles();
  for (const [path, body] of Object.entries(files))
    map.set(path, { body: Buffer.from(body), mime: MIME[path.split('.').pop() ?? ''] ?? 'text/plain' });
  return { key: `test-bundle-${++seq}`, files: map };
}

export function request(overrides: Partial<RenderRequest> & Pick<RenderRequest, 'bundle'>): RenderRequest {
  return {
    jobId: `job_${++seq}`,
    accountId: 'acct_a',
    deployId: 'dep_1',
    versionNo: 1,
    entryPath: '/index.html',
    payload: Buffer.from('{}'),
    payloadMime: 'application/json',
    env: { variables: {}, secrets: {} },
    pdf: {},
    timeoutMs: 10_000,
    allowExternalNetwork: false,
    maxOutputBytes: null,
    ...overrides,
  };
}

/** A sink that keeps everything it is given. */
export function memorySink(): { sink: (s: Readable) => Promise<void>; bytes: () => Buffer; received: () => number } {
  const chunks: Buffer[] = [];
  let received = 0;
  return {
    sink: async (s) => {
      for await (const c of s) {
        chunks.push(c as Buffer);
        received += (c as Buffer).length;
      }
    },
    bytes: () => Buffer.concat(chunks),
    received: () => received,
  };
}

export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

export const invoiceHtml = readFileSync(new URL('../fixtures/render/invoice/index.html', import.meta.url), 'utf8');
