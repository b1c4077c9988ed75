// A request body that stops arriving. Besides the whole request's limit (FOLIO_REQUEST_TIMEOUT_MS, Node's
// request timer), a body from which no byte has arrived for FOLIO_REQUEST_IDLE_TIMEOUT_MS is cut off the
// same way: 408 request_timeout in the uniform error body, connection closed (clientErrorHandler). A client
// that sends a byte now and then can no longer hold a connection, its parser and its buffers for the total.
// The socket's inactivity timer measures it, armed only while a body is expected and cleared once it has
// arrived (or the answer went out): a long poll after its body, or a request without one, is never cut.
import type { FastifyReply, FastifyRequest } from 'fastify';

const expectsBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Arms the idle timer for this request's body; `onIdle` answers and closes the connection. */
export function watchBodyIdle(
  req: FastifyRequest,
  reply: FastifyReply,
  idleMs: number,
  onIdle: (err: NodeJS.ErrnoException) => void,
): void {
  const socket = req.raw.socket;
  // An injected request (light-my-request) has no real socket: nothing can stall there.
  if (!expectsBody(req) || req.raw.complete || typeof socket?.setTimeout !== 'function') return;
  // Node emits 'timeout' on the request still arriving before it would destroy the socket itself; with
  // a listener there, the answer is ours to give.
  const timedOut = () => {
    arrived();
    const err: NodeJS.ErrnoException = new Error(`no byte of the request body arrived for ${idleMs} ms`);
    err.code = 'ERR_HTTP_REQUEST_TIMEOUT';
    onIdle(err);
  };
  const forget = () => {
    req.raw.off('timeout', timedOut);
    req.raw.off('end', arrived);
    reply.raw.off('finish', forget);
  };
  // The body arrived: the timer is cleared (Node arms its own keep-alive timer once the answer is sent).
  const arrived = () => {
    forget();
    socket.setTimeout(0);
  };
  req.raw.on('timeout', timedOut);
  req.raw.once('end', arrived);
  // Answered before the body arrived (a 401, a 404): Node has just set the socket's keep-alive timer, which
  // must stay; only the listeners go.
  reply.raw.once('finish', forget);
  socket.setTimeout(idleMs);
}
