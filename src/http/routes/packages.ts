// The client packages this server was built with, for any project to install from it:
//   GET /sdk/folio-sdk-<version>.tgz   @folio/sdk     (npm install http://HOST/sdk/folio-sdk-0.1.0.tgz)
//   GET /cli/folio-cli-<version>.tgz   @folio/cli     (npm install -g http://HOST/cli/folio-cli-0.1.0.tgz)
// and the same bytes at /sdk/folio-sdk.tgz and /cli/folio-cli.tgz, whatever the version. scripts/build.sh packs
// them into build/packages with an index.json (scripts/pack-packages.mjs), which is read per request: a
// rebuild while the server runs is served at once. Public like /healthz (no scope: they hold nothing an
// account owns) and hidden from the OpenAPI document, which describes the API; docs/sdk.md and docs/cli.md
// document them.
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../errors/app-error.js';

/** Where scripts/build.sh puts the tarballs: build/packages of the checkout (not in git). */
export const PACKAGES_DIR = fileURLToPath(new URL('../../../build/packages/', import.meta.url));

/** The route's folder → the tarball's name without its version (npm's name for a scoped package's tarball). */
const KINDS = { sdk: 'folio-sdk', cli: 'folio-cli' } as const;
type Kind = keyof typeof KINDS;

interface PackedPackage {
  name: string;
  version: string;
  file: string;
  bytes: number;
  sha256: string;
}

/** The index.json entry of a package, or null when the folder, its index or the entry is missing or malformed. */
async function packed(dir: string, kind: Kind): Promise<PackedPackage | null> {
  let index: unknown;
  try {
    index = JSON.parse(await fs.promises.readFile(path.join(dir, 'index.json'), 'utf8'));
  } catch {
    return null;
  }
  const entry = (index as { packages?: Record<string, Partial<PackedPackage>> } | null)?.packages?.[kind];
  if (!entry || typeof entry.file !== 'string' || typeof entry.sha256 !== 'string' || typeof entry.version !== 'string') return null;
  // Only a plain tarball name of this folder: the index never points outside it.
  if (entry.file !== `${KINDS[kind]}-${entry.version}.tgz` || !/^[\w.+-]+$/.test(entry.file)) return null;
  return entry as PackedPackage;
}

/** An If-None-Match list names this ETag (weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

export function packageRoutes(app: FastifyInstance, dir: string = PACKAGES_DIR) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const alias = `${KINDS[kind]}.tgz`;
    const serve = async (req: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      const pkg = await packed(dir, kind);
      const notBuilt = () =>
        new AppError(
          'route_not_found',
          `this server has no ${KINDS[kind]} tarball: it is built by \`npm run build\` (and \`npm start\`) in the server's checkout`,
        );
      if (!pkg) throw notBuilt();
      const { file } = req.params;
      if (file !== pkg.file && file !== alias)
        throw new AppError(
          'route_not_found',
          `this server serves ${pkg.name} ${pkg.version}: GET /${kind}/${pkg.file} (or /${kind}/${alias})`,
        );
      const tarball = path.join(dir, pkg.file);
      let size: number;
      try {
        size = (await fs.promises.stat(tarball)).size;
      } catch {
        throw notBuilt();
      }
      const etag = `"${pkg.sha256}"`;
      // Cached, but checked again before each use: a rebuild from changed sources keeps the version.
      reply
        .header('etag', etag)
        .header('cache-control', 'public, no-cache')
        .header('content-disposition', `attachment; filename="${pkg.file}"`)
        .header('x-content-type-options', 'nosniff')
        .type('application/gzip');
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('content-length', String(size));
      if (req.method === 'HEAD') return reply.send();
      return reply.send(fs.createReadStream(tarball));
    };
    // GET and HEAD as one route: Fastify's own HEAD route would answer Content-Length 0 (see files.ts).
    r.route({
      method: ['GET', 'HEAD'],
      url: `/${kind}/:file`,
      schema: { hide: true, params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 200 }) }) },
      handler: serve,
    });
  }
}
