// The client packages this server was built with, for any project to install from it:
//   GET /sdk/folio-sdk-<version>.tgz                  @folio/sdk    (npm install http://HOST/sdk/folio-sdk-0.1.0.tgz)
//   GET /cli/folio-cli-<version>.tgz                  @folio/cli    (npm install -g http://HOST/cli/folio-cli-0.1.0.tgz)
//   GET /sdk/folio_client-<version>-py3-none-any.whl  folio-client  (pip install http://HOST/sdk/folio_client-…whl)
// the same tarballs at /sdk/folio-sdk.tgz and /cli/folio-cli.tgz, whatever the version; the wheel, which pip
// takes only under its versioned name, also through pip's index (python-index.ts). scripts/build.sh packs
// them into build/packages (scripts/pack-packages.mjs; read per request by ../packed-packages.ts). Public like
// /healthz (no scope: they hold nothing an account owns) and hidden from the OpenAPI document, which
// describes the API; docs/sdk.md, docs/cli.md and docs/sdk-python.md document them.
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors/app-error.js';
import { notBuilt, PACKAGES_DIR, readPackages, type PackageKind, type PackedPackage } from '../packed-packages.js';
import { pythonIndexRoutes } from './python-index.js';

const TYPES: Record<PackageKind, string> = { sdk: 'application/gzip', cli: 'application/gzip', python: 'application/zip' };

/** Each folder's packages: the versionless alias each also answers, if any, and how a 404 names it. */
const FOLDERS = {
  sdk: [
    { kind: 'sdk', alias: 'folio-sdk.tgz', hint: ' (or /sdk/folio-sdk.tgz)' },
    { kind: 'python', alias: null, hint: " (or pip's index /sdk/python/simple/)" },
  ],
  cli: [{ kind: 'cli', alias: 'folio-cli.tgz', hint: ' (or /cli/folio-cli.tgz)' }],
} as const;

/** An If-None-Match list names this ETag (weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/** The package's bytes, with an ETag of their sha256, revalidated caching, and its file name. */
async function sendPackage(req: FastifyRequest, reply: FastifyReply, dir: string, kind: PackageKind, pkg: PackedPackage) {
  const file = path.join(dir, pkg.file);
  let size: number;
  try {
    size = (await fs.promises.stat(file)).size;
  } catch {
    throw notBuilt(kind);
  }
  const etag = `"${pkg.sha256}"`;
  // Cached, but checked again before each use: a rebuild from changed sources keeps the version.
  reply
    .header('etag', etag)
    .header('cache-control', 'public, no-cache')
    .header('content-disposition', `attachment; filename="${pkg.file}"`)
    .header('x-content-type-options', 'nosniff')
    .type(TYPES[kind]);
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.header('content-length', String(size));
  if (req.method === 'HEAD') return reply.send();
  return reply.send(fs.createReadStream(file));
}

export function packageRoutes(app: FastifyInstance, dir: string = PACKAGES_DIR) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const [folder, offers] of Object.entries(FOLDERS)) {
    const serve = async (req: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      const packages = await readPackages(dir);
      const { file } = req.params;
      for (const { kind, alias } of offers) {
        const pkg = packages[kind];
        if (pkg && (file === pkg.file || file === alias)) return sendPackage(req, reply, dir, kind, pkg);
      }
      // Asked for a wheel or for a tarball: said to be missing when that kind is not built.
      const asked = offers.find((o) => file.endsWith('.whl') === (o.kind === 'python')) ?? offers[0];
      if (!packages[asked.kind]) throw notBuilt(asked.kind);
      const served = offers.flatMap(({ kind, hint }) => {
        const pkg = packages[kind];
        return pkg ? [`${pkg.name} ${pkg.version}: GET /${folder}/${pkg.file}${hint}`] : [];
      });
      throw new AppError('route_not_found', `this server serves ${served.join('; ')}`);
    };
    // GET and HEAD as one route: Fastify's own HEAD route would answer Content-Length 0 (see files.ts).
    r.route({
      method: ['GET', 'HEAD'],
      url: `/${folder}/:file`,
      schema: { hide: true, params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 200 }) }) },
      handler: serve,
    });
  }
  pythonIndexRoutes(app, dir);
}
