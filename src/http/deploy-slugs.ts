// A deploy may be named by its slug wherever the API takes its id: the `deployId` of a path
// (`/v1/deploys/invoice/versions`) and of a JSON body (render jobs, batches, upload sessions). Ids begin
// with `dep_`, which no slug can (SLUG_PATTERN has no "_"), so an id is never looked up and a slug never
// shadows one. A slug that names no deploy of the account is left as sent: the route answers its 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services/index.js';

const isId = (v: string) => v.startsWith('dep_');

export function resolveDeploySlugs(app: FastifyInstance, s: Services): void {
  app.addHook('preHandler', (req, _reply, done) => {
    const params = req.params as Record<string, unknown> | undefined;
    const body = req.body as Record<string, unknown> | undefined;
    const inPath = typeof params?.deployId === 'string' && !isId(params.deployId) ? params.deployId : null;
    const inBody =
      body !== null && typeof body === 'object' && !Array.isArray(body) && typeof body.deployId === 'string' && !isId(body.deployId)
        ? body.deployId
        : null;
    if ((inPath === null && inBody === null) || !req.principal) return done();
    void resolve(req, s, inPath, inBody).then(() => done(), done);
  });
}

async function resolve(req: FastifyRequest, s: Services, inPath: string | null, inBody: string | null): Promise<void> {
  const accountId = req.principal!.accountId;
  if (inPath !== null) {
    const id = await s.deploys.idOfSlug(accountId, inPath);
    if (id) (req.params as Record<string, unknown>).deployId = id;
  }
  if (inBody !== null) {
    const id = inBody === inPath ? (req.params as Record<string, string>).deployId : await s.deploys.idOfSlug(accountId, inBody);
    if (id && isId(id)) (req.body as Record<string, unknown>).deployId = id;
  }
}
