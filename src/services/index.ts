import { ApiProcesses } from './api-processes.js';
import { AuthChangeWatcher } from './auth-change-watcher.js';
import { RenderSync } from './render-sync.js';
import { Sessions } from './sessions.js';
import { SigningCertificates } from './signing-certificates.js';
import { Users } from './users.js';
import { UNFINISHED_STATUSES } from '../domain/job-state.js';
import { Accounts } from './accounts.js';
import { BatchProducts } from './batch-products.js';
import { BatchProgress } from './batch-progress.js';
import { ApiKeys } from './api-keys.js';
import type { ServiceContext } from './context.js';
import { Deploys } from './deploys.js';
import { IdempotencyStore } from './idempotency.js';
import { InlineSources } from './inline-sources.js';
import { JobOutcomes } from './job-outcomes.js';
import { InProcessNotifier } from '../notifier/in-process-notifier.js';
import type { Notifier } from '../notifier/notifier.js';
import { PageImages } from './page-images.js';
import { PayloadSchemas } from './payload-schemas.js';
import { PdfMerges } from './pdf-merges.js';
import { RenderedFiles } from './rendered-files.js';
import { RenderBatches } from './render-batches.js';
import { RenderJobs } from './render-jobs.js';
import { JobCancels } from './job-transitions.js';
import { JobDocuments } from './job-documents.js';
import { Settings } from './settings.js';
import { Uploads } from './uploads.js';
import { Usage } from './usage.js';
import { Versions } from './versions.js';
import { Webhooks } from './webhooks.js';

export interface Services {
  ctx: ServiceContext;
  notifier: Notifier;
  apiKeys: ApiKeys;
  accounts: Accounts;
  deploys: Deploys;
  versions: Versions;
  settings: Settings;
  uploads: Uploads;
  usage: Usage;
  idempotency: IdempotencyStore;
  renderJobs: RenderJobs;
  renderBatches: RenderBatches;
  batchProgress: BatchProgress;
  batchProducts: BatchProducts;
  renderedFiles: RenderedFiles;
  pageImages: PageImages;
  pdfMerges: PdfMerges;
  webhooks: Webhooks;
  jobOutcomes: JobOutcomes;
  inlineSources: InlineSources;
  renderSync: RenderSync;
  signingCertificates: SigningCertificates;
  users: Users;
  sessions: Sessions;
  /** Auth changes from other processes (revocations, scopes, plans): started by the HTTP layer. */
  authChanges: AuthChangeWatcher;
  /** This process's heartbeat among the api processes (rate-limit shares): started by the HTTP layer. */
  apiProcesses: ApiProcesses;
}

/** Builds every use-case service from the ports; the only place services are wired to each other. */
export function buildServices(ctx: ServiceContext, opts: { signingKey: string | null; notifier?: Notifier }): Services {
  const notifier = opts.notifier ?? new InProcessNotifier();
  const apiKeys = new ApiKeys(ctx, notifier);
  const accounts = new Accounts(ctx, apiKeys);
  const deploys = new Deploys(ctx);
  const versions = new Versions(ctx, deploys);
  const settings = new Settings(ctx, deploys);
  const usage = new Usage(ctx);
  const payloadSchemas = new PayloadSchemas(ctx.sandbox, {
    compileTimeoutMs: ctx.config.sandboxTimeoutMs,
    checkTimeoutMs: ctx.config.payloadCheckTimeoutMs,
  });
  const uploads = new Uploads(ctx, deploys, usage, opts.signingKey, payloadSchemas);
  const idempotency = new IdempotencyStore(ctx);
  const renderedFiles = new RenderedFiles(ctx, usage, opts.signingKey);
  const pageImages = new PageImages(ctx, renderedFiles);
  const webhooks = new Webhooks(ctx, renderedFiles, pageImages);
  const batchProgress = new BatchProgress(ctx, webhooks);
  const jobCancels = new JobCancels(ctx, { notifier, batches: batchProgress });
  const renderJobs = new RenderJobs(ctx, new JobDocuments(ctx), deploys, versions, usage, notifier, payloadSchemas, jobCancels);
  const inlineSources = new InlineSources(ctx, usage);
  renderJobs.inlineSources = inlineSources;
  const renderBatches = new RenderBatches(ctx, deploys, versions, usage, renderJobs, notifier, renderedFiles);
  const pdfMerges = new PdfMerges(ctx, { files: renderedFiles, usage });
  const batchProducts = new BatchProducts(ctx, { merges: pdfMerges, webhooks, files: renderedFiles });
  const jobOutcomes = new JobOutcomes(ctx, { files: renderedFiles, images: pageImages, usage, webhooks, notifier, batches: batchProgress });

  uploads.afterCommit = async (_accountId, deployId) => {
    await versions.applyRetention(deployId);
  };
  // A version that unfinished jobs will render cannot be deleted (by hand or by retention).
  versions.inUseChecks.push(async (trx, versionId) => {
    const j = await trx
      .selectFrom('render_jobs')
      .select('id')
      .where('deploy_version_id', '=', versionId)
      .where('status', 'in', [...UNFINISHED_STATUSES])
      .executeTakeFirst();
    return j ? `render job ${j.id} has not finished` : null;
  });
  // Deleting a deploy cancels its queued jobs (a job already rendering finishes; its output stays), by the
  // rule of every cancel: after the commit, its jobs and the batches it ended are announced.
  deploys.onDelete.push(async (trx, deployId) => {
    const effects = await jobCancels.cancelIn(trx, { deployId });
    return () => jobCancels.announce(effects);
  });
  return {
    renderSync: new RenderSync(ctx, deploys, versions, renderJobs),
    signingCertificates: new SigningCertificates(ctx),
    users: new Users(ctx),
    sessions: new Sessions(ctx),
    authChanges: new AuthChangeWatcher(ctx, notifier),
    apiProcesses: new ApiProcesses(ctx),
    ctx,
    notifier,
    apiKeys,
    accounts,
    deploys,
    versions,
    settings,
    uploads,
    usage,
    idempotency,
    renderJobs,
    renderBatches,
    batchProgress,
    batchProducts,
    renderedFiles,
    pageImages,
    pdfMerges,
    webhooks,
    jobOutcomes,
    inlineSources,
  };
}
