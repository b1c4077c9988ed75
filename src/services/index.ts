import { EInvoices } from './einvoices/einvoices.js';
import { ApiProcesses } from './api-processes.js';
import { AuthChangeWatcher } from './accounts/auth-change-watcher.js';
import { RenderSync } from './jobs/render-sync.js';
import { Sessions } from './accounts/sessions.js';
import { SigningCertificates } from './accounts/signing-certificates.js';
import { Users } from './accounts/users.js';
import { UNFINISHED_STATUSES } from '../domain/jobs/job-state.js';
import { Accounts } from './accounts/accounts.js';
import { BatchProducts } from './batches/batch-products.js';
import { BatchProgress } from './batches/batch-progress.js';
import { ApiKeys } from './accounts/api-keys.js';
import type { ServiceContext } from './context.js';
import { Deploys } from './deploys/deploys.js';
import { EventBus } from './events.js';
import { IdempotencyStore } from './idempotency.js';
import { UrlSources } from './jobs/url-sources.js';
import { InlineSources } from './deploys/inline-sources.js';
import { JobOutcomes } from './jobs/job-outcomes.js';
import { JobInputs } from './jobs/job-inputs.js';
import { InProcessNotifier } from '../notifier/in-process-notifier.js';
import type { Notifier } from '../notifier/notifier.js';
import { PageImages } from './jobs/page-images.js';
import { PayloadSchemas } from './deploys/payload-schemas.js';
import { PdfMerges } from './pdfs/pdf-merges.js';
import { PdfUploads } from './pdfs/pdf-uploads.js';
import { PdfJobs } from './pdfs/pdf-jobs.js';
import { PdfZips } from './pdfs/pdf-zips.js';
import { RenderedFiles } from './jobs/rendered-files.js';
import { RenderBatches } from './batches/render-batches.js';
import { CheckJudge } from './deploys/version-check-judge.js';
import { VersionChecks } from './deploys/version-checks.js';
import { RenderJobs } from './jobs/render-jobs.js';
import { JobCancels } from './jobs/job-transitions.js';
import { JobDocuments } from './jobs/job-documents.js';
import { Settings } from './accounts/settings.js';
import { StorageMeter } from './accounts/storage-meter.js';
import { Uploads, type VersionMetadataChecks } from './deploys/uploads.js';
import { Usage } from './accounts/usage.js';
import { Versions } from './deploys/versions.js';
import { Webhooks } from './webhooks.js';
import { GotenbergWebhooks } from './gotenberg-webhooks.js';

export interface Services {
  ctx: ServiceContext;
  notifier: Notifier;
  /** News inside this process, after the commit that made it (services/events.ts). */
  events: EventBus;
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
  versionChecks: VersionChecks;
  batchProgress: BatchProgress;
  batchProducts: BatchProducts;
  renderedFiles: RenderedFiles;
  pageImages: PageImages;
  pdfMerges: PdfMerges;
  pdfZips: PdfZips;
  pdfUploads: PdfUploads;
  einvoices: EInvoices;
  pdfJobs: PdfJobs;
  webhooks: Webhooks;
  gotenbergWebhooks: GotenbergWebhooks;
  jobOutcomes: JobOutcomes;
  /** Where a job's large inputs live (the blob store), their deletes and the janitor's sweep. */
  jobInputs: JobInputs;
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

/** What the composition root supplies that services may not build themselves (they need render/ or a driver). */
export interface ServiceOptions {
  signingKey: string | null;
  notifier?: Notifier;
  /** The checks of a version's `render.metadata` at commit (the renderer's PDF options). */
  versionMetadata?: VersionMetadataChecks | null;
  /** Why this process cannot render at all, asked at job creation (rendering roles); null elsewhere. */
  providerProblem?: (() => string | null) | null;
  /** Why this process cannot convert Office documents (no LibreOffice), asked at job creation; null elsewhere. */
  officeProblem?: (() => string | null) | null;
}

/**
 * Builds every use-case service from the ports; the only place services are wired to each other. Each
 * service gets everything it uses in its constructor, the event bus included: nothing is assigned to a
 * service after it is built.
 */
export function buildServices(ctx: ServiceContext, opts: ServiceOptions): Services {
  const notifier = opts.notifier ?? new InProcessNotifier();
  const events = new EventBus(ctx.log);
  const apiKeys = new ApiKeys(ctx, notifier);
  const accounts = new Accounts(ctx, apiKeys);
  const storageMeter = new StorageMeter(ctx);
  const usage = new Usage(ctx, storageMeter);
  const renderedFiles = new RenderedFiles(ctx, storageMeter, opts.signingKey);
  const pageImages = new PageImages(ctx, renderedFiles);
  const webhooks = new Webhooks(ctx, renderedFiles, pageImages);
  const batchProgress = new BatchProgress(ctx, webhooks, events);
  const jobInputs = new JobInputs(ctx);
  const jobCancels = new JobCancels(ctx, { notifier, batches: batchProgress, inputs: jobInputs });
  // Deleting a deploy cancels its queued jobs (a job already rendering finishes; its output stays), by the
  // rule of every cancel: after the commit, its jobs and the batches it ended are announced.
  const deploys = new Deploys(ctx, {
    onDelete: async (trx, deployId) => {
      const effects = await jobCancels.cancelIn(trx, { deployId });
      return () => jobCancels.announce(effects);
    },
  });
  // A version that unfinished jobs will render cannot be deleted (by hand or by retention).
  const versions = new Versions(ctx, deploys, [
    async (trx, versionId) => {
      const j = await trx
        .selectFrom('render_jobs')
        .select('id')
        .where('deploy_version_id', '=', versionId)
        .where('status', 'in', [...UNFINISHED_STATUSES])
        .executeTakeFirst();
      return j ? `render job ${j.id} has not finished` : null;
    },
  ]);
  const settings = new Settings(ctx, deploys);
  const payloadSchemas = new PayloadSchemas(ctx.sandbox, {
    compileTimeoutMs: ctx.config.sandboxTimeoutMs,
    checkTimeoutMs: ctx.config.payloadCheckTimeoutMs,
  });
  const uploads = new Uploads(ctx, deploys, usage, opts.signingKey, payloadSchemas, {
    metadata: opts.versionMetadata ?? null,
    afterCommit: async (_accountId, deployId) => {
      await versions.applyRetention(deployId);
    },
  });
  const idempotency = new IdempotencyStore(ctx);
  const inlineSources = new InlineSources(ctx, usage);
  const renderJobs = new RenderJobs(ctx, {
    documents: new JobDocuments(ctx),
    deploys,
    versions,
    usage,
    notifier,
    payloadSchemas,
    cancels: jobCancels,
    inlineSources,
    urlSources: new UrlSources(ctx),
    inputs: jobInputs,
    providerProblem: opts.providerProblem,
    officeProblem: opts.officeProblem,
  });
  const renderBatches = new RenderBatches(ctx, deploys, versions, usage, renderJobs, notifier, renderedFiles);
  const pdfMerges = new PdfMerges(ctx, { files: renderedFiles, usage });
  const pdfUploads = new PdfUploads(ctx, { files: renderedFiles, usage });
  const pdfJobs = new PdfJobs(ctx, { files: renderedFiles, usage, merges: pdfMerges, jobs: renderJobs });
  const versionChecks = new VersionChecks(ctx, { deploys, batches: renderBatches });
  const batchProducts = new BatchProducts(ctx, { merges: pdfMerges, webhooks, files: renderedFiles, events, checks: new CheckJudge(ctx) });
  const jobOutcomes = new JobOutcomes(ctx, {
    files: renderedFiles,
    images: pageImages,
    usage,
    webhooks,
    notifier,
    batches: batchProgress,
    events,
    inputs: jobInputs,
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
    events,
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
    versionChecks,
    batchProgress,
    batchProducts,
    renderedFiles,
    pageImages,
    pdfMerges,
    pdfZips: new PdfZips(ctx),
    pdfUploads,
    einvoices: new EInvoices(ctx),
    pdfJobs,
    webhooks,
    gotenbergWebhooks: new GotenbergWebhooks(ctx),
    jobOutcomes,
    jobInputs,
    inlineSources,
  };
}
