// Closing an HTTP server without waiting on keep-alive connections. Node's server.close() closes the
// connections idle at that moment; one still answering a request then becomes idle and stays open for its
// client until the keep-alive timeout (Fastify's: 72 s), so a shutdown that arrived mid-request waited
// past its grace period. While the close is pending, connections that have gone idle are closed too.
import type { Server } from 'node:http';

/** How often connections that went idle during a close are closed. */
export const IDLE_SWEEP_MS = 100;

/** Runs `close` (which closes `server`), closing its idle connections every IDLE_SWEEP_MS until it ends. */
export async function closeWithoutKeepAlive(server: Pick<Server, 'closeIdleConnections'>, close: () => Promise<void>): Promise<void> {
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await close();
  } finally {
    clearInterval(sweep);
  }
}
