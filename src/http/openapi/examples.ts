// Example requests and responses of the API reference: one small, consistent story (an invoice template
// deployed as "invoices", rendered for INV-2026-0042) so the examples of different operations fit
// together. A test validates every example of the served document against its schema.
import { createHash } from 'node:crypto';
import { blobKey } from '../../blobs/keys.js';
import { builtInPlans } from '../../domain/accounts/plans.js';
import { DEFAULT_LINK_SECONDS } from '../../domain/signed-links.js';
import { MAX_SINGLE_FILE_BYTES } from '../../services/accounts/usage.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const PUBLIC_URL = 'https://folio.example.com';

export const ids = {
  account: 'acct_01m80q5r9ge00b6ka1ryz0q2v4',
  apiKey: 'key_01m80q5qjte00a4ybm0t1c2d3e',
  deploy: 'dep_01m80q5ryee00sddxyckdbh4c8',
  version: 'ver_01m80q5spee009e517zawxdrvb',
  uploadSession: 'ups_01m80q5s3ce009jx7hw1t2m5an',
  job: 'job_01m80q5tcme0091s5qfha3cwts',
  output: 'out_01m80q5tdze00bv0f5y18s4nrt',
  pdf: 'pdf_01m80q5tf4e00ax6c0m7k8d2hy',
  link: 'lnk_01m80q5v2ne00drb4fkq4x0c9s',
  delivery: 'dlv_01m80q5xg1e00c3ab1x7n2k4mz',
  firstDelivery: 'dlv_01m80q5wz8e00e7qk2m4s6v8xa',
};

/** Milliseconds: the story happens on 22 November 2026 (UTC). */
const T = 1795320600000;
const at = (seconds: number) => T + seconds * 1000;

// ---- the bundle ----

const files = {
  'index.html':
    '<!doctype html><html lang="en"><head><title>Invoice</title><link rel="stylesheet" href="css/site.css"></head><body><script src="invoice.js"></script></body></html>\n',
  'css/site.css': '@page { size: A4; margin: 18mm; }\nbody { font-family: serif; }\n',
  'invoice.js': 'folio.onJob(async (payload) => { document.body.textContent = `Invoice for ${payload.customer}`; });\n',
};
const mimes: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'css/site.css': 'text/css; charset=utf-8',
  'invoice.js': 'text/javascript; charset=utf-8',
};
export const fileDescriptors = Object.entries(files).map(([path, text]) => ({
  path,
  sha256: sha256(text),
  size: Buffer.byteLength(text),
  mime: mimes[path],
}));
const totalBytes = fileDescriptors.reduce((n, f) => n + f.size, 0);
/** The file the blob-upload example sends. */
export const css = { text: files['css/site.css'], ...fileDescriptors[1] };

const treeHash = sha256(fileDescriptors.map((f) => `${f.path}\0${f.sha256}\0${f.size}\n`).join(''));
const packHash = sha256(`pack:${treeHash}`);

// ---- deploys ----

export const deploy = { id: ids.deploy, accountId: ids.account, slug: 'invoices', name: 'Invoices', createdAt: at(0) };
export const deployListItem = { id: ids.deploy, slug: 'invoices', name: 'Invoices', createdAt: at(0) };

export const deployVersion = {
  id: ids.version,
  displayId: `v3-${treeHash.slice(0, 7)}`,
  deployId: ids.deploy,
  versionNo: 3,
  treeHash,
  renderIndexKey: `render-index/${packHash}.json`,
  renderPackKey: `render-packs/${packHash}.pack`,
  route: '/',
  title: 'Invoice',
  renderTimeoutMs: 30000,
  metadataJson: '{"fileName":"invoice-{businessKey}"}',
  printDefaults: 2,
  failOn: ['page_exception'],
  engine: 'html',
  status: 'ready',
  fileCount: fileDescriptors.length,
  totalBytes,
  createdAt: at(20),
};

export const alias = { deployId: ids.deploy, alias: 'production', deployVersionId: ids.version, updatedAt: at(25) };

export const deploySettings = {
  deployId: ids.deploy,
  webhook: {
    enabled: true,
    url: 'https://example.com/folio-webhooks',
    signingSecretConfigured: true,
    signingSecretPreview: 'whsec_…uqnz',
  },
  versionLifecycle: { enabled: true, retainLatestVersions: 20 },
  environment: { variables: [{ deployId: ids.deploy, name: 'COMPANY_NAME', value: 'Acme Ltd', createdAt: at(30), updatedAt: at(30) }] },
  secrets: { items: [{ deployId: ids.deploy, name: 'MAPS_API_KEY', createdAt: at(30), updatedAt: at(30) }] },
};

export const settingsPatch = {
  webhook: { enabled: true, url: 'https://example.com/folio-webhooks', signingSecretAction: 'rotate' },
  versionLifecycle: { enabled: true, retainLatestVersions: 20 },
  environment: { variables: [{ name: 'COMPANY_NAME', value: 'Acme Ltd' }] },
  secrets: { upsert: [{ name: 'MAPS_API_KEY', value: 'AIzaSyD-example-only' }], delete: ['OLD_TOKEN'] },
};

export const versionFiles = { items: fileDescriptors.map(({ path, sha256, size, mime }) => ({ path, sha256, size, mime })) };

// ---- uploads ----

export const uploadToken = 'folio_ut_4fQk9ZrT2mXw8LpN3sVb7HcJ1dYe6GaU';

export const createSession = { createDeploy: { slug: 'invoices', name: 'Invoices' }, files: fileDescriptors };

export const uploadSession = {
  id: ids.uploadSession,
  deployId: ids.deploy,
  status: 'open',
  requestedFileCount: fileDescriptors.length,
  requestedBytes: totalBytes,
  createdAt: at(10),
  expiresAt: at(10 + 3600),
};

export const missingBlobs = { uploadSessionId: ids.uploadSession, missingBlobs: [{ sha256: css.sha256 }] };

export const blobUploaded = {
  uploadSessionId: ids.uploadSession,
  alreadyPresent: false,
  blob: { sha256: css.sha256, size: css.size, storeKey: blobKey(css.sha256) },
};

export const commit = {
  entries: fileDescriptors.map((f) => ({ path: f.path, blobHash: f.sha256, size: f.size, mime: f.mime })),
  render: { route: '/', title: 'Invoice', renderTimeoutMs: 30000, metadata: { fileName: 'invoice-{businessKey}' } },
};

// ---- render jobs ----

const payload = { customer: 'Acme Ltd', total: 1200, currency: 'EUR' };
const payloadHash = sha256(JSON.stringify({ currency: 'EUR', customer: 'Acme Ltd', total: 1200 })); // RFC 8785: sorted keys

export const createJob = {
  deployId: ids.deploy,
  deployVersionId: 'production',
  businessKey: 'INV-2026-0042',
  payload,
  outputMode: 'managed',
};
/** The deploy-scoped route takes the deploy from the path. */
export const createJobForDeploy = { deployVersionId: 'production', businessKey: 'INV-2026-0042', payload, outputMode: 'managed' };

const queuedJob = {
  id: ids.job,
  deployId: ids.deploy,
  deployVersionId: ids.version,
  deployVersionNo: 3,
  deployVersionRoute: '/',
  deployVersionTitle: 'Invoice',
  businessKey: 'INV-2026-0042',
  payloadHash,
  payloadMime: 'application/json; charset=utf-8',
  status: 'queued',
  kind: 'page',
  attempt: 0,
  outputMode: 'managed',
  queue: 'default',
  requestedAt: at(40),
  warnings: [] as { code: string; count: number; message: string }[],
};
export const jobAccepted = { accepted: true, queue: 'default', job: queuedJob };

export const succeededJob = {
  ...queuedJob,
  status: 'succeeded',
  startedAt: at(40) + 12,
  finishedAt: at(41) + 378,
  warnings: [{ code: 'http_error_status', count: 1, message: 'https://bundle.folio.internal/fonts/brand.woff2: not in the bundle (404)' }],
};
export const failedJob = {
  ...queuedJob,
  id: 'job_01m80q5xyme0085mym3kxcs74s',
  businessKey: 'INV-2026-0043',
  outputMode: 'transient',
  status: 'failed',
  startedAt: at(50),
  finishedAt: at(51),
  errorCode: 'render_timeout_exceeded',
  errorMessage:
    'page was not ready and printed within 30000 ms (stuck while waiting-ready: the page set folio.waitForReady = true and never called folio.ready() (nor folio.fail(message)); call folio.ready() once the document is complete)',
};

const pdfFileName = 'invoice-INV-2026-0042.pdf';
export const renderOutput = {
  id: ids.output,
  bytes: 6617,
  pageCount: 1,
  state: 'available',
  createdAt: at(41) + 370,
  browserVersion: 'HeadlessChrome/156.0.8078.73',
};
export const embeddedPdf = { id: ids.pdf, state: 'available', fileName: pdfFileName, bytes: 6617, pageCount: 1, createdAt: at(41) + 370 };
export const jobResult = { job: succeededJob, output: renderOutput, pdf: embeddedPdf };
export const canceledJob = { job: { ...queuedJob, status: 'canceled', finishedAt: at(45) } };

export const jobList = { items: [succeededJob, failedJob], nextCursor: 'eyJpZCI6ImpvYl8wMW04MHE1dGNtZTAwOTFzNXFmaGEzY3d0cyJ9' };

const signedUrl = `${PUBLIC_URL}/v1/files/WyJvdXQiLCJvdXRfMDFtODBxNXRkemUwMGJ2MGY1eTE4czRucnQiLCJhIiwxNzk1MzIxMjM4NzI2XQ.q3v8xJkQmY0rN2sT5wZ7aB9cD1eF3gH5iJ7kL9mN0pQ`;
export const access = { access: { url: signedUrl, expiresAt: at(60) + DEFAULT_LINK_SECONDS * 1000 } };
export const linkRequest = { expiresInSeconds: 3600 };

// ---- page images ----

const imageUrl = (n: number) =>
  `${PUBLIC_URL}/v1/files/${Buffer.from(JSON.stringify(['img', `img_01m80q5tg${n}e00ax6c0m7k8d2hy`, 'i', at(60) + DEFAULT_LINK_SECONDS * 1000])).toString('base64url')}.c2lnbmF0dXJlLW9mLXRoZS1saW5rLWZvci1wYWdlLQ`;
export const pageImages = {
  images: [1, 2, 3].map((page) => ({
    page,
    format: 'png',
    width: 800,
    height: 1132,
    bytes: [84_213, 61_907, 40_118][page - 1],
    access: { url: imageUrl(page), expiresAt: at(60) + DEFAULT_LINK_SECONDS * 1000 },
  })),
};

// ---- managed PDFs ----

export const managedPdf = {
  id: ids.pdf,
  state: 'available',
  fileName: pdfFileName,
  bytes: 6617,
  pageCount: 1,
  deployId: ids.deploy,
  deployVersionId: ids.version,
  renderJobId: ids.job,
  businessKey: 'INV-2026-0042',
  createdAt: at(41) + 370,
};
/** POST /v1/pdfs/merge: the invoice, the pages 1–2 of a managed terms PDF, and a transient job's output. */
export const mergeRequest = {
  sources: [
    { pdfId: ids.pdf },
    { pdfId: 'pdf_01m80q5w7re00bq3j9f2m6k4tx', pageRanges: '1-2' },
    { jobId: 'job_01m80q5wa1e00c8v5n3k7r2q0d' },
  ],
  fileName: 'INV-2026-0042-with-terms.pdf',
  businessKey: 'INV-2026-0042',
};
export const mergedPdf = {
  id: 'pdf_01m80q5x3ae00e1h7c9t4w6b2n',
  state: 'available',
  fileName: 'INV-2026-0042-with-terms.pdf',
  bytes: 21874,
  pageCount: 4,
  deployId: '',
  deployVersionId: '',
  renderJobId: '',
  businessKey: 'INV-2026-0042',
  createdAt: at(75),
};
export const permanentLink = { id: ids.link, pdfId: ids.pdf, url: `${PUBLIC_URL}/p/7kQ2mZx9RtL4vN8bW3cY6hJ1sD5fG0aE`, createdAt: at(70) };

// ---- webhooks ----

export const deliveries = {
  event: { id: `evt_render_job_terminated_${ids.job}`, status: 'delivered', attempts: 2 },
  items: [
    {
      id: ids.firstDelivery,
      eventId: `evt_render_job_terminated_${ids.job}`,
      attempt: 1,
      manual: false,
      url: 'https://example.com/folio-webhooks',
      statusCode: 503,
      durationMs: 23,
      error: 'HTTP 503',
      createdAt: at(42),
    },
    {
      id: ids.delivery,
      eventId: `evt_render_job_terminated_${ids.job}`,
      attempt: 2,
      manual: false,
      url: 'https://example.com/folio-webhooks',
      statusCode: 204,
      durationMs: 3,
      createdAt: at(57),
    },
  ],
};
export const redelivered = {
  delivery: { ...deliveries.items[1], id: 'dlv_01m80q9c4re00bq7n1x3k5m8td', attempt: 3, manual: true, createdAt: at(300) },
};

// ---- account, usage, API keys ----

export const account = {
  account: {
    id: ids.account,
    name: 'Acme Ltd',
    plan: 'pro',
    createdAt: T - 30 * 86400_000,
    webhook: { signingSecretConfigured: true, signingSecretPreview: 'whsec_…k3Rz' },
  },
};

const GiB = 1024 ** 3;
const pro = builtInPlans.pro;
const periodStart = Date.UTC(2026, 10, 1);
const periodEnd = Date.UTC(2026, 11, 1);
const peakBytesByDay = [
  { day: '2026-11-21', peakBytes: 1_048_576, peakGiBDay: 1_048_576 / GiB },
  { day: '2026-11-22', peakBytes: 1_055_193, peakGiBDay: 1_055_193 / GiB },
];
export const usage = {
  period: { kind: 'month', start: periodStart, end: periodEnd, usageDayStart: '2026-11-01', usageDayEndExclusive: '2026-12-01' },
  plan: { key: pro.key, name: pro.name, currency: pro.currency, interval: pro.interval, monthlyPriceCents: pro.monthlyPriceCents },
  policy: pro.policy,
  usageMeters: [
    { code: 'deploy_commits', aggregation: 'count', totalQuantity: 3, unit: 'count', version: 1 },
    { code: 'render_jobs', aggregation: 'count', totalQuantity: 42, unit: 'count', version: 1 },
    { code: 'render_time_ms', aggregation: 'sum', totalQuantity: 51234, unit: 'ms', version: 1 },
  ],
  liveStorage: {
    deployVersionStorageBytes: totalBytes,
    managedPdfStorageBytes: 1_055_193,
    renderOutputStorageBytes: 0,
    totalBytes: totalBytes + 1_055_193,
  },
  uploadLimits: { maxSingleFileBytes: MAX_SINGLE_FILE_BYTES },
  storageMeters: [
    {
      code: 'managed_pdf_storage',
      aggregation: 'daily_peak',
      unit: 'bytes',
      currentBytes: 1_055_193,
      peakBytesByDay,
      totalPeakBytes: 2_103_769,
      totalPeakGiBDays: 2_103_769 / GiB,
      version: 1,
    },
  ],
  bill: { provider: 'none', interval: pro.interval, periodStart, periodEnd },
  generatedAt: at(90),
};

const apiKey = {
  id: ids.apiKey,
  name: 'CI deploys',
  prefix: 'folio_sk_',
  last4: 'Zq7W',
  scopes: ['deploys:write', 'deploys:read'],
  createdAt: at(-86400),
  lastUsedAt: at(0),
  revokedAt: null,
};
export const apiKeyList = { items: [apiKey], nextCursor: null };
export const apiKeyCreate = { name: 'CI deploys', scopes: ['deploys:write', 'deploys:read'] };
export const apiKeyCreated = {
  apiKey: { ...apiKey, createdAt: at(0), lastUsedAt: null },
  key: 'folio_sk_8Hq2Lm4Nw7Xr1Tz5Vb9Kc3Jd6Fg0Ys2Pa4EhZq7W',
};

/** The failed invoice job's last attempt: a console warning, a blocked font, a missing image, an exception. */
export const diagnostics = {
  diagnostics: {
    attempt: 0,
    entries: [
      { kind: 'console', at: 41, level: 'warning', text: 'customer.vatId is empty', source: 'https://bundle.folio.internal/invoice.js:18' },
      {
        kind: 'request',
        at: 44,
        url: 'https://fonts.example.com/inter.woff2',
        problem: 'blocked',
        reason: 'the plan does not allow requests to the internet',
      },
      {
        kind: 'request',
        at: 47,
        url: 'https://bundle.folio.internal/img/logo.png',
        problem: 'not_found',
        reason: 'not in the bundle (404)',
      },
      {
        kind: 'exception',
        at: 52,
        text: "TypeError: Cannot read properties of undefined (reading 'map')",
        stack:
          "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (https://bundle.folio.internal/invoice.js:31:22)",
        source: 'https://bundle.folio.internal/invoice.js:31',
      },
    ],
    dropped: { console: 0, exception: 0, request: 0 },
    ready: { mode: 'timed_out', detail: 'stuck while waiting-ready' },
    timings: { queued: 3, load: 38 },
  },
};
