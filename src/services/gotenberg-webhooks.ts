// Gotenberg's webhook mode (docs/gotenberg.md, "Webhook mode"): the route has answered 204, and the work
// runs on here; its file goes to the webhook URL (or its error, as JSON {status, message}, to the error URL),
// and a webhook.success or webhook.error event to the events URL. Each request goes through Folio's webhook
// client (the host resolved once and checked: no loopback, private, link-local or metadata address unless
// FOLIO_ALLOW_INSECURE_WEBHOOKS), is signed like Folio's webhooks (`service-webhook-timestamp` and
// `-signature`, with the account's webhook secret), carries `Gotenberg-Trace` and the request's trace, and is
// tried up to MAX_ATTEMPTS times on a network error, a timeout, a 429 or a 5xx. The work lives in this
// process only: a restart loses what was running (Gotenberg's mode is in-process too).
import { AppError } from '../errors/app-error.js';
import type { WebhookTarget } from '../domain/gotenberg/webhook.js';
import { REQUEST_TIMEOUT_MS, type AttemptResult } from '../domain/webhook-schedule.js';
import { signatureHeader } from '../webhooks/signing.js';
import type { ServiceContext } from './context.js';
import { USER_AGENT } from './webhooks.js';

export const MAX_ATTEMPTS = 4;
/** Waits before the 2nd, 3rd and 4th attempt. */
export const RETRY_WAITS_MS = [1_000, 4_000, 16_000];

/** What the work made: one file (a PDF, an image, or a zip of several). */
export interface DeliveredFile {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

export interface WebhookCall {
  accountId: string;
  target: WebhookTarget;
  /** Gotenberg-Trace of the request (the correlation id of the events). */
  trace: string;
  /** The request's W3C trace context, carried on to the receiver. */
  traceparent?: string;
}

const retryable = (r: AttemptResult) =>
  r.kind === 'network_error' || r.kind === 'timeout' || (r.kind === 'response' && (r.status === 429 || r.status >= 500));
const delivered = (r: AttemptResult) => r.kind === 'response' && r.status < 300;

export class GotenbergWebhooks {
  readonly #running = new Set<Promise<void>>();
  #waits = RETRY_WAITS_MS;

  constructor(private readonly ctx: ServiceContext) {}

  /** Shorter waits between attempts (tests). */
  setRetryWaits(ms: number[]) {
    this.#waits = ms;
  }

  /** Runs `work` on after the answer, and sends what it made (or why it failed) where `call` says. */
  start(call: WebhookCall, work: () => Promise<DeliveredFile>): void {
    const p = work()
      .then(
        (file) => this.#deliverFile(call, file),
        (err: unknown) => this.#deliverError(call, err),
      )
      .catch((err: unknown) => this.ctx.log.error({ err, trace: call.trace }, 'Gotenberg webhook delivery failed'))
      .finally(() => this.#running.delete(p));
    this.#running.add(p);
  }

  /** Waits for the work still running, at most `ms`. */
  async drain(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((r) => (timer = setTimeout(r, ms)));
    await Promise.race([Promise.allSettled([...this.#running]), limit]);
    clearTimeout(timer);
  }

  async #deliverFile(call: WebhookCall, file: DeliveredFile) {
    const body = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length);
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`,
    };
    const r = await this.#send(call, call.target.url, call.target.method, headers, body);
    if (delivered(r)) return this.#event(call, { event: 'webhook.success' });
    const message = r.kind === 'response' ? `the webhook answered ${r.status}` : `the webhook could not be reached: ${r.message}`;
    await this.#report(call, 502, message);
  }

  async #deliverError(call: WebhookCall, err: unknown) {
    if (!(err instanceof AppError)) this.ctx.log.error({ err, trace: call.trace }, 'Gotenberg webhook work failed');
    if (err instanceof AppError) await this.#report(call, err.status, err.message);
    else await this.#report(call, 500, 'the conversion failed inside Folio');
  }

  /** The error to the error URL, and the webhook.error event. */
  async #report(call: WebhookCall, status: number, message: string) {
    if (call.target.errorUrl !== null)
      await this.#send(
        call,
        call.target.errorUrl,
        call.target.errorMethod,
        { 'content-type': 'application/json' },
        Buffer.from(JSON.stringify({ status, message })),
      );
    await this.#event(call, { event: 'webhook.error', error: { status, message } });
  }

  async #event(call: WebhookCall, event: Record<string, unknown>) {
    if (call.target.eventsUrl === null) return;
    const body = { ...event, correlationId: call.trace, timestamp: new Date(this.ctx.clock.now()).toISOString() };
    await this.#send(call, call.target.eventsUrl, 'POST', { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)));
  }

  /** One request, tried up to MAX_ATTEMPTS times; the last attempt's result. */
  async #send(call: WebhookCall, url: string, method: 'POST' | 'PATCH' | 'PUT', headers: Record<string, string>, body: Buffer) {
    const account = await this.ctx.db.selectFrom('accounts').select('webhook_secret').where('id', '=', call.accountId).executeTakeFirst();
    const secret = account ? this.ctx.secrets.open(account.webhook_secret) : null;
    let result: AttemptResult = { kind: 'network_error', message: 'not sent' };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const timestamp = Math.floor(this.ctx.clock.now() / 1000);
      // The request's extra headers win over Folio's own (as in Gotenberg), but not over its trace and signature.
      const extra = Object.fromEntries(Object.entries(call.target.extraHeaders).map(([k, v]) => [k.toLowerCase(), v]));
      const all: Record<string, string> = {
        'user-agent': USER_AGENT,
        ...headers,
        ...extra,
        'gotenberg-trace': call.trace,
        ...(call.traceparent ? { traceparent: call.traceparent } : {}),
        ...(secret
          ? { 'service-webhook-timestamp': String(timestamp), 'service-webhook-signature': signatureHeader([secret], timestamp, body) }
          : {}),
      };
      const outcome = await this.ctx.net.sendWebhook({
        url,
        method,
        headers: all,
        body,
        timeoutMs: REQUEST_TIMEOUT_MS,
        allowInsecure: this.ctx.config.allowInsecureWebhooks,
      });
      result = outcome.result;
      this.ctx.log.info(
        { trace: call.trace, attempt, outcome: result.kind, status: result.kind === 'response' ? result.status : undefined },
        'Gotenberg webhook request',
      );
      if (!retryable(result) || attempt === MAX_ATTEMPTS) break;
      await new Promise((r) => setTimeout(r, this.#waits[attempt - 1] ?? this.#waits.at(-1) ?? 0));
    }
    return result;
  }
}
