// A real local HTTP receiver for webhook tests: records every request and answers as programmed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method?: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: any;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Never answer (the sender must time out). */
  hang?: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Replies used in order; when empty, 200. */
  replies: Reply[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const replies: Reply[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(rawBody);
      } catch {
        /* recorded raw */
      }
      received.push({ method: req.method, headers: req.headers, rawBody, body });
      const reply = replies.shift() ?? { status: 200 };
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status ?? 200, reply.headers ?? {});
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/folio`,
    received,
    replies,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
