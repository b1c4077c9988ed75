// pip's index of the Python client this server was built with (PEP 503, the "simple" repository API), so
// `pip install --index-url http://HOST/sdk/python/simple folio-client` finds the wheel whatever its version:
//   GET /sdk/python/simple/                the projects: one link, folio-client/
//   GET /sdk/python/simple/folio-client/   the project's files: one link to the wheel at /sdk/<wheel>, with
//                                          its sha256 (pip checks it) and Requires-Python
// Any spelling of the name pip's normalization makes folio-client (Folio_Client) answers the same page. A
// page asked without its trailing slash is redirected to it: its links are relative to the page, so the
// index works behind a proxy that serves Folio under a path. Public and hidden from the OpenAPI document,
// like the packages themselves (packages.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { notBuilt, readPackages, type PackedPackage } from '../packed-packages.js';

/** PEP 503's normalized project name: runs of -, _ and . as one -, lower case. */
export const projectName = (name: string) => name.replace(/[-_.]+/g, '-').toLowerCase();

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A simple-API page (PEP 503 HTML, API version 1.0 of PEP 629) listing the given links. */
function page(title: string, links: Array<{ href: string; text: string; requiresPython?: string | null }>): string {
  const anchors = links.map(({ href, text, requiresPython }) => {
    const requires = requiresPython ? ` data-requires-python="${escapeHtml(requiresPython)}"` : '';
    return `    <a href="${escapeHtml(href)}"${requires}>${escapeHtml(text)}</a><br>`;
  });
  return [
    '<!DOCTYPE html>',
    '<html>',
    '  <head>',
    '    <meta name="pypi:repository-version" content="1.0">',
    `    <title>${escapeHtml(title)}</title>`,
    '  </head>',
    '  <body>',
    `    <h1>${escapeHtml(title)}</h1>`,
    ...anchors,
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** The wheel's entry, or 404 when this server has none. */
async function wheel(dir: string): Promise<PackedPackage> {
  const pkg = (await readPackages(dir)).python;
  if (!pkg) throw notBuilt('python');
  return pkg;
}

/** A page's path without its trailing slash (the router takes both): 301 to the path with it. */
function redirectToSlash(req: FastifyRequest, reply: FastifyReply): boolean {
  const pathname = req.url.split('?')[0];
  if (pathname.endsWith('/')) return false;
  // Relative to the path asked: the last segment and a slash.
  reply.redirect(`${pathname.slice(pathname.lastIndexOf('/') + 1)}/`, 301);
  return true;
}

function sendPage(reply: FastifyReply, html: string) {
  return reply
    .header('cache-control', 'public, no-cache')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function pythonIndexRoutes(app: FastifyInstance, dir: string) {
  app.get('/sdk/python/simple/', { schema: { hide: true } }, async (req, reply) => {
    const pkg = await wheel(dir);
    if (redirectToSlash(req, reply)) return reply;
    const name = projectName(pkg.name);
    return sendPage(reply, page('Simple index', [{ href: `${name}/`, text: name }]));
  });

  app.get<{ Params: { project: string } }>('/sdk/python/simple/:project/', { schema: { hide: true } }, async (req, reply) => {
    const pkg = await wheel(dir);
    const name = projectName(pkg.name);
    if (projectName(req.params.project) !== name)
      throw new AppError('route_not_found', `this index has one project, ${name}: GET /sdk/python/simple/${name}/`);
    if (redirectToSlash(req, reply)) return reply;
    // From /sdk/python/simple/<project>/ up to /sdk/, where the wheel is served (packages.ts).
    const href = `../../../${pkg.file}#sha256=${pkg.sha256}`;
    return sendPage(reply, page(`Links for ${name}`, [{ href, text: pkg.file, requiresPython: pkg.requiresPython }]));
  });
}
