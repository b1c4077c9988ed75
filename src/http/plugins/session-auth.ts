import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/load.js';
import { AppError } from '../../errors/app-error.js';
import type { Principal } from '../../services/context.js';
import { SESSION_MAX_MS, type DashboardSession, type Sessions } from '../../services/accounts/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the caller is authenticated by the dashboard session cookie (never for API keys). */
    dashboardSession?: DashboardSession;
  }
  interface FastifyContextConfig {
    /** `required`: only a dashboard session may call this route (an API key gets 401). */
    session?: 'required';
  }
}

/** Methods that change nothing; every other method needs the CSRF header under cookie authentication. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cookie's name. Behind https it gets the `__Host-` prefix: the browser then insists on Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export function sessionCookieName(config: Config): string {
  return isHttps(config) ? '__Host-folio_session' : 'folio_session';
}

const isHttps = (config: Config) => config.resolved.publicUrl.startsWith('https://');

/** Reads one cookie from the Cookie header (no dependency: the dashboard sets two, the session and the device). */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  const attrs = [
    `${sessionCookieName(config)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${Math.floor(SESSION_MAX_MS / 1000)}`,
  ];
  if (isHttps(config)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

/** The sign-in's device cookie (src/services/accounts/users.ts): only the sign-in route reads it. */
export function deviceCookieName(config: Config): string {
  return isHttps(config) ? '__Host-folio_device' : 'folio_device';
}

/** Kept for 180 days and renewed at every sign-in; signing out keeps it (it proves the browser, not a session). */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  const attrs = [`${deviceCookieName(config)}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${180 * 24 * 3600}`];
  if (isHttps(config)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const attrs = [`${sessionCookieName(config)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (isHttps(config)) attrs.push('Secure');
  reply.header('set-cookie', attrs.join('; '));
}

/** Whether the request carries a session cookie at all (then it is authenticated by the session). */
export const hasSessionCookie = (req: FastifyRequest, config: Config) => readCookie(req, sessionCookieName(config)) !== undefined;

/**
 * Authenticates a request by its dashboard session cookie: the account's principal with every scope (a
 * signed-in user acts for the account, as the owner). Writes need `X-CSRF-Token`: SameSite=Lax already
 * keeps the cookie off cross-site POSTs, and the token also stops same-site attackers (another app on a
 * sibling subdomain) and any form post that slips through.
 */
export async function authenticateSession(req: FastifyRequest, sessions: Sessions, config: Config): Promise<Principal> {
  const token = readCookie(req, sessionCookieName(config));
  const session = token ? await sessions.resolve(token) : null;
  if (!session) throw new AppError('unauthorized', 'the dashboard session has expired or was signed out; sign in again');
  if (!SAFE_METHODS.has(req.method)) {
    const presented = req.headers['x-csrf-token'];
    if (!sessions.csrfMatches(session, typeof presented === 'string' ? presented : undefined)) {
      throw new AppError(
        'csrf_token_invalid',
        'cookie-authenticated writes need the X-CSRF-Token header of the session (GET /dashboard/api/session returns it)',
      );
    }
  }
  req.dashboardSession = session;
  return { accountId: session.accountId, keyId: null, scopes: ['all'] };
}
