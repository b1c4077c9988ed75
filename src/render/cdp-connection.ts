// A minimal Chrome DevTools Protocol client over the browser's debugging pipe. We talk CDP directly
// (flattened sessions, one connection) instead of through Puppeteer's Page objects because Puppeteer
// attaches to every target and enables half a dozen domains on it: on a 2-core machine those events cost
// measurable CPU per render, and we need Fetch/Target handling it does not expose anyway.
import { EventEmitter } from 'node:events';
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';
import { kindGuard } from '../errors/kinds.js';

/**
 * What a command fails with: `command`, the browser answered it with an error or not in time (the message
 * starts with the method); `closed`, the connection or the session went away (the browser exited, crashed
 * or detached the target).
 */
export class CdpError extends Error {
  constructor(
    readonly kind: 'command' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'CdpError';
  }
}

export const isCdpError = kindGuard(CdpError);

const commandError = (method: string, message: string) => new CdpError('command', `${method}: ${message}`);

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  method: string;
  sessionId: string | undefined;
  timer: NodeJS.Timeout | undefined;
}

type Params = Record<string, unknown>;
/** Every CDP command, with its parameters and result, from the protocol's own type definitions. */
export type Command = keyof ProtocolMapping.Commands;
export type CommandParams<M extends Command> = ProtocolMapping.Commands[M]['paramsType'] extends []
  ? Record<string, never>
  : ProtocolMapping.Commands[M]['paramsType'][0];
export type CommandResult<M extends Command> = ProtocolMapping.Commands[M]['returnType'];

export class CdpSession extends EventEmitter {
  closed = false;
  constructor(
    readonly connection: CdpConnection,
    readonly id: string,
  ) {
    super();
  }
  send<M extends Command>(method: M, params: CommandParams<M> = {} as CommandParams<M>, timeoutMs?: number): Promise<CommandResult<M>> {
    if (this.closed) return Promise.reject(new CdpError('closed', `session closed (${method})`));
    return this.connection.send(method, params, this.id, timeoutMs);
  }
}

export class CdpConnection extends EventEmitter {
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #sessions = new Map<string, CdpSession>();
  #closed: Error | null = null;

  constructor(
    private readonly write: (message: string) => void,
    private readonly defaultTimeoutMs = 30_000,
  ) {
    super();
  }

  get isClosed(): boolean {
    return this.#closed !== null;
  }

  send<M extends Command>(
    method: M,
    params: CommandParams<M> = {} as CommandParams<M>,
    sessionId?: string,
    timeoutMs = this.defaultTimeoutMs,
  ): Promise<CommandResult<M>> {
    if (this.#closed) return Promise.reject(new CdpError('closed', `${this.#closed.message} (${method})`));
    const id = this.#nextId++;
    const answer = new Promise<CommandResult<M>>((resolve, reject) => {
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              this.#pending.delete(id);
              reject(commandError(method, `no answer within ${timeoutMs} ms`));
            }, timeoutMs)
          : undefined;
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method, sessionId, timer });
    });
    // Written outside the promise's executor: no closure that lives until the answer (the timer's) may
    // keep `params` alive, and a fulfilled request's body in them can be megabytes.
    try {
      this.write(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }));
    } catch (err) {
      this.#settle(id, null, err as Error);
    }
    return answer;
  }

  #settle(id: number, result: unknown, error: Error | null): void {
    const p = this.#pending.get(id);
    if (!p) return;
    this.#pending.delete(id);
    if (p.timer) clearTimeout(p.timer);
    if (error) p.reject(error);
    else p.resolve(result);
  }

  /** The session object for a flattened sessionId (created when the attach event arrives). */
  session(sessionId: string): CdpSession {
    let s = this.#sessions.get(sessionId);
    if (!s) {
      s = new CdpSession(this, sessionId);
      this.#sessions.set(sessionId, s);
    }
    return s;
  }

  handleMessage(raw: string): void {
    let msg: { id?: number; method?: string; params?: Params; result?: unknown; error?: { message: string }; sessionId?: string };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.id !== undefined) {
      const p = this.#pending.get(msg.id);
      if (p) this.#settle(msg.id, msg.result, msg.error ? commandError(p.method, msg.error.message) : null);
      return;
    }
    if (!msg.method) return;
    // Create the session object before anyone hears about it, so its first events are not lost.
    if (msg.method === 'Target.attachedToTarget') this.session((msg.params as { sessionId: string }).sessionId);
    if (msg.method === 'Target.detachedFromTarget') {
      const detachedId = (msg.params as { sessionId: string }).sessionId;
      const s = this.#sessions.get(detachedId);
      if (s) this.#closeSession(s, 'target detached');
    }
    if (msg.sessionId) {
      const s = this.#sessions.get(msg.sessionId);
      if (s) s.emit(msg.method, msg.params ?? {});
    } else {
      this.emit(msg.method, msg.params ?? {});
    }
  }

  #closeSession(s: CdpSession, reason: string): void {
    s.closed = true;
    this.#sessions.delete(s.id);
    for (const [id, p] of this.#pending) {
      if (p.sessionId === s.id) {
        this.#pending.delete(id);
        if (p.timer) clearTimeout(p.timer);
        p.reject(new CdpError('closed', `${reason} (${p.method})`));
      }
    }
    s.emit('detached');
  }

  /** Fails every pending command and session; called when the browser process or pipe goes away. */
  close(reason: string): void {
    if (this.#closed) return;
    this.#closed = new CdpError('closed', reason);
    for (const s of [...this.#sessions.values()]) this.#closeSession(s, reason);
    for (const p of this.#pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(new CdpError('closed', `${reason} (${p.method})`));
    }
    this.#pending.clear();
    this.emit('closed', reason);
  }
}
