import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../errors/app-error.js';
import type { Services } from '../../services/index.js';
import { principalOf } from '../plugins/auth.js';
import {
  clearSessionCookie,
  deviceCookieName,
  readCookie,
  sessionCookieName,
  setDeviceCookie,
  setSessionCookie,
} from '../plugins/session-auth.js';
import { apiKeyRoutes } from './account/api-keys.js';

/** Built by `scripts/setup.sh` (vite) from dashboard/; not in git. */
export const DASHBOARD_DIST = fileURLToPath(new URL('../../../dashboard/dist/', import.meta.url));

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Pages that render without a session (everything else redirects to sign-in). */
const PUBLIC_PAGES = new Set(['/dashboard/login']);

/**
 * The dashboard: its static assets (hashed names: cached for a year, immutable; the HTML shell: no-cache,
 * so a rebuild is picked up at once), the sign-in/out and session endpoints, and the one operation only a
 * signed-in person may do: reveal a webhook signing secret. Its `/dashboard/api/*` routes are internal to
 * the dashboard and hidden from the OpenAPI document; everything else the dashboard shows comes from the
 * public `/v1` API, called with the session cookie (plus `X-CSRF-Token` on writes).
 */
export function dashboardRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = s.ctx.config;
  const { sessions, users } = s;
  const publicOrigin = new URL(config.resolved.publicUrl).origin;

  apiKeyRoutes(app, s);

  const sessionView = async (accountId: string, userId: string, csrfToken: string, expiresAt: number) => {
    const user = await users.get(userId);
    if (!user) throw new AppError('unauthorized', 'the user of this session no longer exists; sign in again');
    const account = await s.accounts.get(accountId);
    return {
      user: { id: user.id, email: user.email, role: user.role },
      account: { id: account.id, name: account.name, plan: account.plan_key },
      csrfToken,
      expiresAt,
    };
  };

  r.post(
    '/dashboard/api/login',
    {
      schema: {
        hide: true,
        body: Type.Object(
          { email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (req, reply) => {
      const { user, deviceToken } = await users.signIn(
        req.body.email,
        req.body.password,
        req.ip,
        readCookie(req, deviceCookieName(config)),
      );
      const ua = req.headers['user-agent'];
      const { token, session } = await sessions.create({
        userId: user.id,
        accountId: user.accountId,
        ip: req.ip,
        userAgent: typeof ua === 'string' ? ua : undefined,
      });
      req.log.info({ userId: user.id, sessionId: session.id }, 'dashboard sign-in');
      setSessionCookie(reply, config, token);
      if (deviceToken) setDeviceCookie(reply, config, deviceToken);
      reply.header('cache-control', 'no-store');
      return sessionView(session.accountId, session.userId, session.csrfToken, session.expiresAt);
    },
  );

  r.get('/dashboard/api/session', { config: { session: 'required' }, schema: { hide: true } }, async (req, reply) => {
    const ses = req.dashboardSession!;
    reply.header('cache-control', 'no-store');
    return sessionView(ses.accountId, ses.userId, ses.csrfToken, ses.expiresAt);
  });

  r.post('/dashboard/api/logout', { config: { session: 'required' }, schema: { hide: true } }, async (req, reply) => {
    await sessions.revoke(req.dashboardSession!.id);
    clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  // Reveal is a POST (CSRF-checked, never prefetched or cached) and answers no-store. The secret goes into
  // the response body only; the audit line names who and which deploy, never the value.
  r.post(
    '/dashboard/api/webhook-secret/reveal',
    {
      config: { session: 'required' },
      schema: {
        hide: true,
        body: Type.Object({ deployId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false }),
      },
    },
    async (req, reply) => {
      const { accountId } = principalOf(req);
      const revealed = await s.webhooks.revealSecret(accountId, req.body.deployId);
      req.log.info(
        { sessionId: req.dashboardSession!.id, userId: req.dashboardSession!.userId, deployId: req.body.deployId, scope: revealed.scope },
        'webhook signing secret revealed',
      );
      reply.header('cache-control', 'no-store');
      return { scope: revealed.scope, signingSecret: revealed.secret };
    },
  );

  app.all('/dashboard/api/*', { schema: { hide: true } }, async (req) => {
    throw new AppError('route_not_found', `no route ${req.method} ${req.url.split('?')[0].slice(0, 200)}`);
  });

  // --- static files ---

  const securityHeaders = (reply: FastifyReply) =>
    reply
      .header(
        'content-security-policy',
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          "img-src 'self' data:",
          "connect-src 'self'",
          // PDF previews are signed URLs on the public URL, which may differ from the address in the browser.
          `frame-src 'self' ${publicOrigin}`,
          `object-src 'self' ${publicOrigin}`,
          "frame-ancestors 'none'",
          "base-uri 'none'",
          "form-action 'self'",
        ].join('; '),
      )
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin');

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0].replace(/\/+$/, '') || '/dashboard';
    if (!PUBLIC_PAGES.has(pathname)) {
      const token = readCookie(req, sessionCookieName(config));
      const session = token ? await sessions.resolve(token) : null;
      if (!session) {
        const next = pathname === '/dashboard' ? '' : `?next=${encodeURIComponent(pathname)}`;
        return reply.code(302).header('cache-control', 'no-store').header('location', `/dashboard/login${next}`).send();
      }
    }
    let html: string;
    try {
      // Read per request (it is small): a rebuild while the server runs is served at once.
      html = await fs.promises.readFile(path.join(DASHBOARD_DIST, 'index.html'), 'utf8');
    } catch {
      throw new AppError('service_unavailable', 'the dashboard is not built: run `bash scripts/setup.sh` (npm start and npm test do it)');
    }
    securityHeaders(reply).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return reply.send(html);
  };
  app.get('/dashboard', { schema: { hide: true } }, page);
  app.get('/dashboard/*', { schema: { hide: true } }, page);

  app.get('/dashboard/assets/:name', { schema: { hide: true } }, async (req, reply) => {
    const name = (req.params as { name: string }).name;
    const type = ASSET_TYPES[path.extname(name)];
    if (!/^[A-Za-z0-9._-]{1,200}$/.test(name) || name.startsWith('.') || !type)
      throw new AppError('route_not_found', 'no such dashboard asset');
    const file = path.join(DASHBOARD_DIST, 'assets', name);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      throw new AppError('route_not_found', 'no such dashboard asset');
    }
    // Vite names every asset by its content hash: a name never changes meaning.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(stat.size))
      .type(type)
      .send(fs.createReadStream(file));
  });
}
