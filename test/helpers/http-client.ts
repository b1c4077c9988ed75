// A small fetch wrapper for tests that talk to a real listening server over HTTP.
export interface Client {
  request(
    method: string,
    path: string,
    opts?: { json?: unknown; body?: Buffer; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export function client(baseUrl: string, key: string): Client {
  return {
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...opts.headers };
      let body: BodyInit | undefined;
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.json);
      } else if (opts.body) {
        headers['content-type'] ??= 'application/octet-stream';
        body = new Uint8Array(opts.body);
      }
      const res = await fetch(baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}
