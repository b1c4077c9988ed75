// A plain local HTTP server for the bare Puppeteer loops that navigate: it serves fixed files with
// caching allowed (Cache-Control: max-age), and optional per-job routes (a payload, an env) uncached.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StaticFile {
  body: Buffer;
  type: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
};
export const mimeOf = (path: string) => TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream';

export async function startStaticServer(
  files: Record<string, Buffer | string>,
  uncached: Record<string, Buffer | string> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const fixed = files[path];
    const fresh = uncached[path];
    const body = fixed ?? fresh;
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': mimeOf(path),
      'cache-control': fixed !== undefined ? 'public, max-age=3600' : 'no-store',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
