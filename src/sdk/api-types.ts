// Generated from the server's OpenAPI document (GET /v1/openapi.json, OpenAPI 3.1.0) by
// scripts/generate-sdk-types.ts; do not edit by hand. `npm test` fails when this file drifts from the server.

/** The body of the `render.job.terminated` webhook, sent as compact JSON. It is rebuilt for every attempt (fresh download URL), so its bytes differ between attempts. */
export interface RenderJobTerminatedEvent {
  /** `evt_render_job_terminated_<jobId>`: the same on every attempt (= Service-Webhook-Id). Deduplicate on it. */
  id: string;
  type: "render.job.terminated";
  /** Unix epoch milliseconds: the job's `finishedAt`. */
  occurredAt: number;
  /** `output` is present only when the job succeeded. */
  data: {
    job: {
      /** Render job id (`job_…`). */
      id: string;
      status: "succeeded" | "failed";
      deployId: string;
      /** The concrete version the job rendered. */
      deployVersionId: string;
      businessKey: string;
      /** sha256 hex of the payload bytes the page received. */
      payloadHash: string;
      outputMode: "transient" | "managed";
      /** Automatic retries the job needed (0 when the first attempt finished it). */
      attempt: number;
      /** Unix epoch milliseconds. */
      requestedAt: number;
      /** Unix epoch milliseconds. */
      finishedAt: number;
      /** Succeeded jobs only. */
      deployVersionNo?: number;
      /** Succeeded jobs only. */
      deployVersionRoute?: string;
      /** Succeeded jobs only. */
      deployVersionTitle?: string;
      /** Succeeded jobs only. Unix epoch milliseconds. */
      startedAt?: number;
      /** Failed jobs only: navigation_timeout, render_crashed, render_timeout_exceeded, render_failed, render_retry_limit_exceeded, render_output_too_large, storage_limit_exceeded (the render job error codes). */
      errorCode?: string;
      /** Failed jobs only. */
      errorMessage?: string;
    };
    output?: {
      /** Render output id (`out_…`). */
      id: string;
      renderJobId: string;
      contentType: "application/pdf";
      fileName: string;
      /** Lowercase hex SHA-256 of the content. */
      sha256: string;
      bytes: number;
      pageCount: number;
      download: {
        /** Signed download URL (no API key needed), fresh for every attempt. */
        url: string;
        /** Unix epoch milliseconds: 10 minutes after this attempt was built. */
        expiresAt: number;
      };
      /** Transient outputs only: `finishedAt` + the transient-output lifetime (10 minutes). The file is deleted after it, so a later attempt carries a URL that answers 404. Absent for managed outputs. */
      accessGuaranteedUntil?: number;
    };
  };
}

/** The uniform error body of every non-2xx response. */
export interface Error {
  /** Machine-readable error code. Each error response of an operation lists the codes it can carry. */
  error: "invalid_request" | "invalid_path" | "deploy_id_mismatch" | "upload_session_too_large" | "upload_session_policy_limit_exceeded" | "upload_blob_too_large" | "blob_hash_mismatch" | "blob_missing" | "deploy_commit_policy_limit_exceeded" | "payload_too_large" | "unauthorized" | "invalid_credentials" | "upload_token_invalid" | "forbidden" | "csrf_token_invalid" | "link_invalid" | "route_not_found" | "account_not_found" | "deploy_not_found" | "deploy_version_not_found" | "upload_session_not_found" | "render_job_not_found" | "render_output_not_found" | "pdf_not_found" | "permanent_link_not_found" | "api_key_not_found" | "method_not_allowed" | "request_timeout" | "deploy_slug_conflict" | "deploy_has_no_versions" | "deploy_version_in_use" | "upload_session_committed" | "upload_session_expired" | "blob_not_in_session" | "render_job_not_cancelable" | "render_output_not_ready" | "webhook_not_available" | "pdf_deleting" | "idempotency_key_conflict" | "idempotency_key_in_use" | "upload_session_gone" | "link_expired" | "body_too_large" | "unsupported_media_type" | "deploy_commit_quota_exceeded" | "render_job_quota_exceeded" | "render_time_quota_exceeded" | "storage_limit_exceeded" | "rate_limited" | "auth_throttled" | "headers_too_large" | "internal_error" | "not_implemented" | "render_provider_unavailable" | "service_unavailable" | "insufficient_storage";
  /** Human-readable explanation. */
  message: string;
  /** Extra information, e.g. `field` for validation errors. */
  details?: {
    [key: string]: unknown;
  };
}

export interface Deploy {
  id: string;
  accountId: string;
  slug: string;
  name: string;
  /** Unix epoch milliseconds. */
  createdAt: number;
}

export interface DeployListItem {
  id: string;
  slug: string;
  name: string;
  /** Unix epoch milliseconds. */
  createdAt: number;
}

export interface DeployVersion {
  id: string;
  /** `v<versionNo>-<first 7 hex of treeHash>` */
  displayId: string;
  deployId: string;
  versionNo: number;
  /** sha256 over the sorted entries, one line `path\0sha256\0size\n` each. */
  treeHash: string;
  renderIndexKey: string;
  renderPackKey: string;
  route: string;
  title: string;
  renderTimeoutMs?: number;
  metadataJson?: string;
  /** `ready` after commit. */
  status: string;
  fileCount: number;
  totalBytes: number;
  /** Unix epoch milliseconds. */
  createdAt: number;
}

export interface Alias {
  deployId: string;
  alias: string;
  /** A concrete version id or `latest`. */
  deployVersionId: string;
  /** Unix epoch milliseconds. */
  updatedAt: number;
}

export interface DeploySettings {
  deployId: string;
  webhook: {
    enabled: boolean;
    url?: string;
    /** Whether a deploy-level signing secret exists (otherwise the account secret signs). */
    signingSecretConfigured: boolean;
    /** Masked preview; the full secret is never returned. */
    signingSecretPreview?: string;
  };
  versionLifecycle: {
    enabled: boolean;
    retainLatestVersions: number;
  };
  environment: {
    variables: {
      deployId: string;
      name: string;
      value: string;
      /** Unix epoch milliseconds. */
      createdAt: number;
      /** Unix epoch milliseconds. */
      updatedAt: number;
    }[];
  };
  secrets: {
    /** Secret values are write-only. */
    items: {
      deployId: string;
      name: string;
      /** Unix epoch milliseconds. */
      createdAt: number;
      /** Unix epoch milliseconds. */
      updatedAt: number;
    }[];
  };
}

export interface FileDescriptor {
  /** Path inside the bundle, e.g. `css/site.css` (a leading `/` is optional). */
  path: string;
  /** Lowercase hex SHA-256 of the content. */
  sha256: string;
  /** Bytes; at most 10485760. */
  size: number;
  mime?: string;
}

export interface UploadSession {
  id: string;
  deployId: string;
  /** `open`, `committed` or `expired`. */
  status: string;
  requestedFileCount: number;
  requestedBytes: number;
  /** Unix epoch milliseconds. */
  createdAt: number;
  /** Unix epoch milliseconds. */
  expiresAt: number;
}

export interface Blob {
  sha256: string;
  size: number;
  mime?: string;
  /** Key of the blob in content-addressed storage. */
  storeKey: string;
}

export interface UsageOverview {
  period: {
    kind: string;
    /** Unix epoch milliseconds. */
    start: number;
    /** Unix epoch milliseconds. */
    end: number;
    usageDayStart: string;
    usageDayEndExclusive: string;
  };
  plan: {
    key: string;
    name: string;
    currency: string;
    interval: string;
    monthlyPriceCents: number;
  };
  /** Plan limits; null means unlimited. */
  policy: {
    allowExternalNetwork: boolean;
    maxBytesPerDeployCommit: number | null;
    maxConcurrentRenderJobs: number | null;
    maxDeployCommitsPerBillPeriod: number | null;
    maxFilesPerDeployCommit: number | null;
    maxRenderJobsPerBillPeriod: number | null;
    maxRenderOutputBytes: number | null;
    maxRenderTimeMsPerBillPeriod: number | null;
    maxRenderTimeoutMs: number | null;
    storageLimitBytes: number | null;
  };
  usageMeters: {
    code: string;
    aggregation: string;
    totalQuantity: number;
    unit: string;
    version: number;
  }[];
  liveStorage: {
    deployVersionStorageBytes: number;
    managedPdfStorageBytes: number;
    renderOutputStorageBytes: number;
    totalBytes: number;
  };
  uploadLimits: {
    maxSingleFileBytes: number;
  };
  storageMeters: {
    code: string;
    aggregation: string;
    unit: string;
    currentBytes: number;
    peakBytesByDay: {
      day: string;
      peakBytes: number;
      peakGiBDay: number;
    }[];
    totalPeakBytes: number;
    totalPeakGiBDays: number;
    version: number;
  }[];
  bill: {
    provider: string;
    interval: string;
    /** Unix epoch milliseconds. */
    periodStart: number;
    /** Unix epoch milliseconds. */
    periodEnd: number;
  };
  /** Unix epoch milliseconds. */
  generatedAt: number;
}

export interface RenderJob {
  id: string;
  deployId: string;
  /** The concrete version the job is bound to, even when `latest` or an alias was requested. */
  deployVersionId: string;
  deployVersionNo?: number;
  deployVersionRoute?: string;
  deployVersionTitle?: string;
  /** Defaults to the job id. */
  businessKey: string;
  /** sha256 hex of the exact payload bytes the page receives (canonical JSON for JSON MIME types). */
  payloadHash: string;
  payloadMime: string;
  status: "queued" | "rendering" | "succeeded" | "retry_scheduled" | "failed" | "canceled";
  /** Starts at 0; increases with each automatic retry. */
  attempt: number;
  outputMode: "transient" | "managed";
  queue: string;
  /** Unix epoch milliseconds. */
  requestedAt: number;
  /** Unix epoch milliseconds. */
  startedAt?: number;
  /** Unix epoch milliseconds. */
  finishedAt?: number;
  /** When a job in retry_scheduled is tried again. */
  nextAttemptAt?: number;
  /** On failure: navigation_timeout, render_crashed, render_timeout_exceeded, render_failed, render_retry_limit_exceeded, render_output_too_large, storage_limit_exceeded. */
  errorCode?: string;
  errorMessage?: string;
}

export interface RenderOutput {
  id: string;
  bytes: number;
  pageCount: number;
  state: string;
  /** Unix epoch milliseconds. */
  createdAt: number;
  /** Transient outputs: when the cleanup deletes it. */
  expiresAt?: number;
}

export interface ManagedPdf {
  id: string;
  /** `available` or `deleting`. */
  state: string;
  fileName: string;
  bytes: number;
  pageCount: number;
  deployId: string;
  deployVersionId: string;
  renderJobId: string;
  businessKey: string;
  /** Unix epoch milliseconds. */
  createdAt: number;
}

export interface EmbeddedPdf {
  id: string;
  state: string;
  fileName: string;
  bytes: number;
  pageCount: number;
  /** Unix epoch milliseconds. */
  createdAt: number;
}

export interface PermanentLink {
  id: string;
  pdfId: string;
  /** Public URL; valid until the link or the PDF is deleted. */
  url: string;
  /** Unix epoch milliseconds. */
  createdAt: number;
}

export interface Access {
  access: {
    /** Signed URL served by Folio; no API key needed. */
    url: string;
    /** Unix epoch milliseconds. */
    expiresAt: number;
  };
}

/** Every operation, keyed by "METHOD /path": path and query parameters, JSON body, and the success response body. */
export interface Operations {
  /** List deploys (newest first) */
  "GET /v1/deploys": {
    path: never;
    query: {
      /** Opaque cursor from the previous page's `nextCursor`. */
      cursor?: string;
      /** Page size (1–100, default 50). */
      limit?: number;
    };
    body: never;
    status: 200;
    response: {
      items: DeployListItem[];
      /** Cursor of the next page; absent or null on the last page. */
      nextCursor?: string | null;
    };
  };
  /** Create a deploy */
  "POST /v1/deploys": {
    path: never;
    query: never;
    body: {
      /** Unique per account: lowercase letters, digits and dashes. */
      slug: string;
      name: string;
    };
    status: 201;
    response: {
      deploy: Deploy;
    };
  };
  /** Get a deploy with its aliases and latest version */
  "GET /v1/deploys/{deployId}": {
    path: {
      /** Deploy id (`dep_…`). */
      deployId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      deploy: Deploy;
      aliases: Alias[];
      latestVersion: DeployVersion | null;
    };
  };
  /** Rename a deploy or change its slug */
  "PATCH /v1/deploys/{deployId}": {
    path: {
      /** Deploy id (`dep_…`). */
      deployId: string;
    };
    query: never;
    body: {
      name?: string;
      /** Unique per account: lowercase letters, digits and dashes. */
      slug?: string;
    };
    status: 200;
    response: {
      deploy: Deploy;
    };
  };
  /** Delete a deploy */
  "DELETE /v1/deploys/{deployId}": {
    path: {
      /** Deploy id (`dep_…`). */
      deployId: string;
    };
    query: never;
    body: never;
    status: 204;
    response: void;
  };
  /** List versions of a deploy (newest first) */
  "GET /v1/deploys/{deployId}/versions": {
    path: {
      /** Deploy id (`dep_…`). */
      deployId: string;
    };
    query: {
      /** Opaque cursor from the previous page's `nextCursor`. */
      cursor?: string;
      /** Page size (1–100, default 50). */
      limit?: number;
    };
    body: never;
    status: 200;
    response: {
      items: DeployVersion[];
      /** Cursor of the next page; absent or null on the last page. */
      nextCursor?: string | null;
    };
  };
  /** Get a version */
  "GET /v1/deploys/{deployId}/versions/{deployVersionId}": {
    path: {
      /** Deploy id. */
      deployId: string;
      /** Version id (`ver_…`). */
      deployVersionId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      deployVersion: DeployVersion;
    };
  };
  /** Delete a version */
  "DELETE /v1/deploys/{deployId}/versions/{deployVersionId}": {
    path: {
      /** Deploy id. */
      deployId: string;
      /** Version id (`ver_…`). */
      deployVersionId: string;
    };
    query: never;
    body: never;
    status: 204;
    response: void;
  };
  /** List the files of a version */
  "GET /v1/deploys/{deployId}/versions/{deployVersionId}/files": {
    path: {
      /** Deploy id. */
      deployId: string;
      /** Version id (`ver_…`). */
      deployVersionId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      items: {
        path: string;
        /** Lowercase hex SHA-256 of the content. */
        sha256: string;
        size: number;
        mime: string;
      }[];
    };
  };
  /** Point an alias at a version (PUT; PUT and POST behave the same) */
  "PUT /v1/deploys/{deployId}/aliases/{alias}": {
    path: {
      /** Deploy id. */
      deployId: string;
      /** Alias name: ^[a-z][a-z0-9-]{0,62}$ (`preview`, `production`, …). */
      alias: string;
    };
    query: never;
    body: {
      /** A concrete version id of this deploy or `latest`. */
      deployVersionId: string;
    };
    status: 200;
    response: Alias;
  };
  /** Point an alias at a version (POST; PUT and POST behave the same) */
  "POST /v1/deploys/{deployId}/aliases/{alias}": {
    path: {
      /** Deploy id. */
      deployId: string;
      /** Alias name: ^[a-z][a-z0-9-]{0,62}$ (`preview`, `production`, …). */
      alias: string;
    };
    query: never;
    body: {
      /** A concrete version id of this deploy or `latest`. */
      deployVersionId: string;
    };
    status: 200;
    response: Alias;
  };
  /** Get deploy settings */
  "GET /v1/deploys/{deployId}/settings": {
    path: {
      /** Deploy id (`dep_…`). */
      deployId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      settings: DeploySettings;
    };
  };
  /** Update deploy settings */
  "PATCH /v1/deploys/{deployId}/settings": {
    path: {
      /** Deploy id (`dep_…`). */
      deployId: string;
    };
    query: never;
    body: {
      webhook?: {
        enabled: boolean;
        url?: string;
        /** `rotate` creates or replaces the deploy-level secret (the previous one keeps signing for 24 h); `disable` removes it (the account secret signs). */
        signingSecretAction?: "rotate" | "disable";
      };
      versionLifecycle?: {
        enabled: boolean;
        retainLatestVersions: number;
      };
      environment?: {
        /** The whole set: variables not listed are removed. */
        variables: {
          name: string;
          value: string;
        }[];
      };
      secrets?: {
        upsert: {
          name: string;
          value: string;
        }[];
        delete?: string[];
      };
    };
    status: 200;
    response: {
      settings: DeploySettings;
    };
  };
  /** Create an upload session */
  "POST /v1/upload-sessions": {
    path: never;
    query: never;
    body: {
      deployId?: string;
      createDeploy?: {
        /** Unique per account: lowercase letters, digits and dashes. */
        slug: string;
        name: string;
      };
      files: FileDescriptor[];
    };
    status: 201;
    response: {
      uploadSession: UploadSession;
      uploadToken: string;
    };
  };
  /** Which of these files must be uploaded */
  "POST /v1/upload-sessions/{uploadSessionId}/missing-blobs": {
    path: {
      /** Upload session id (`ups_…`). */
      uploadSessionId: string;
    };
    query: never;
    body: {
      files: FileDescriptor[];
    };
    status: 200;
    response: {
      uploadSessionId: string;
      missingBlobs: {
        sha256: string;
      }[];
    };
  };
  /** Upload one blob (raw bytes, application/octet-stream) */
  "PUT /v1/upload-sessions/{uploadSessionId}/blobs/{sha256}": {
    path: {
      /** Upload session id. */
      uploadSessionId: string;
      /** Lowercase hex SHA-256 of the content. */
      sha256: string;
    };
    query: never;
    body: unknown;
    status: 200;
    response: {
      uploadSessionId: string;
      alreadyPresent: boolean;
      blob: Blob;
    };
  };
  /** Commit the session into an immutable deploy version */
  "POST /v1/upload-sessions/{uploadSessionId}/commit": {
    path: {
      /** Upload session id (`ups_…`). */
      uploadSessionId: string;
    };
    query: never;
    body: {
      entries: {
        path: string;
        /** Lowercase hex SHA-256 of the content. */
        blobHash: string;
        size: number;
        mime?: string;
      }[];
      render: {
        /** Entry point; begins with `/`. `/` and `/dir/` resolve to index.html; `/invoice` also tries `/invoice.html`. */
        route: string;
        title: string;
        /** Default 30000; at most the plan's maxRenderTimeoutMs. */
        renderTimeoutMs?: number;
        /** Any keys; `pdf` (PDF option overrides) and `fileName` are read by the renderer. */
        metadata?: {
          [key: string]: unknown;
        };
      };
    };
    status: 201;
    response: {
      deployVersion: DeployVersion;
    };
  };
  /** The account and its webhook signing metadata */
  "GET /v1/account": {
    path: never;
    query: never;
    body: never;
    status: 200;
    response: {
      account: {
        id: string;
        name: string;
        plan: string;
        /** Unix epoch milliseconds. */
        createdAt: number;
        webhook: {
          signingSecretConfigured: boolean;
          signingSecretPreview?: string;
        };
      };
    };
  };
  /** Usage, plan policy, live storage and meters of the current period */
  "GET /v1/usage": {
    path: never;
    query: never;
    body: never;
    status: 200;
    response: UsageOverview;
  };
  /** List render jobs (newest first) */
  "GET /v1/render-jobs": {
    path: never;
    query: {
      /** Opaque cursor from the previous page's `nextCursor`. */
      cursor?: string;
      /** Page size (1–100, default 50). */
      limit?: number;
      status?: "queued" | "rendering" | "succeeded" | "retry_scheduled" | "failed" | "canceled";
      deployId?: string;
      businessKey?: string;
    };
    body: never;
    status: 200;
    response: {
      items: RenderJob[];
      /** Cursor of the next page; absent or null on the last page. */
      nextCursor?: string | null;
    };
  };
  /** Create a render job */
  "POST /v1/render-jobs": {
    path: never;
    query: never;
    body: {
      /** Required on POST /v1/render-jobs; optional on the deploy-scoped route (must equal the path id). */
      deployId?: string;
      /** A concrete version id, `latest`, or an alias name. */
      deployVersionId: string;
      /** Your reference (invoice number…); defaults to the job id. */
      businessKey?: string;
      /** Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string. */
      payload?: unknown;
      /** Default `application/json; charset=utf-8`. */
      payloadMime?: string;
      /** Raw payload bytes in base64, instead of payload. */
      payloadBase64?: string;
      /** Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted. */
      outputMode?: "transient" | "managed";
    };
    status: 202;
    response: {
      accepted: boolean;
      queue: string;
      job: RenderJob;
    };
  };
  /** List render jobs of a deploy (newest first) */
  "GET /v1/deploys/{deployId}/render-jobs": {
    path: {
      /** Deploy id. */
      deployId: string;
    };
    query: {
      /** Opaque cursor from the previous page's `nextCursor`. */
      cursor?: string;
      /** Page size (1–100, default 50). */
      limit?: number;
      status?: "queued" | "rendering" | "succeeded" | "retry_scheduled" | "failed" | "canceled";
      deployId?: string;
      businessKey?: string;
    };
    body: never;
    status: 200;
    response: {
      items: RenderJob[];
      /** Cursor of the next page; absent or null on the last page. */
      nextCursor?: string | null;
    };
  };
  /** Create a render job for this deploy */
  "POST /v1/deploys/{deployId}/render-jobs": {
    path: {
      /** Deploy id. */
      deployId: string;
    };
    query: never;
    body: {
      /** Required on POST /v1/render-jobs; optional on the deploy-scoped route (must equal the path id). */
      deployId?: string;
      /** A concrete version id, `latest`, or an alias name. */
      deployVersionId: string;
      /** Your reference (invoice number…); defaults to the job id. */
      businessKey?: string;
      /** Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string. */
      payload?: unknown;
      /** Default `application/json; charset=utf-8`. */
      payloadMime?: string;
      /** Raw payload bytes in base64, instead of payload. */
      payloadBase64?: string;
      /** Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted. */
      outputMode?: "transient" | "managed";
    };
    status: 202;
    response: {
      accepted: boolean;
      queue: string;
      job: RenderJob;
    };
  };
  /** Get a render job (with its output after success) */
  "GET /v1/render-jobs/{jobId}": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: {
      waitSeconds?: number;
    };
    body: never;
    status: 200;
    response: {
      job: RenderJob;
      output?: RenderOutput;
      pdf?: EmbeddedPdf;
    };
  };
  /** Cancel a render job */
  "POST /v1/render-jobs/{jobId}/cancel": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      job: RenderJob;
    };
  };
  /** Signed download URL of the output */
  "POST /v1/render-jobs/{jobId}/output-download": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: {
      expiresInSeconds?: number;
    };
    body: {
      /** Lifetime of the signed URL; default 600. */
      expiresInSeconds?: number;
    };
    status: 200;
    response: Access;
  };
  /** Signed preview URL of the output (renders inline in a browser) */
  "POST /v1/render-jobs/{jobId}/output-preview": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: {
      expiresInSeconds?: number;
    };
    body: {
      /** Lifetime of the signed URL; default 600. */
      expiresInSeconds?: number;
    };
    status: 200;
    response: Access;
  };
  /** Delete the output of a job */
  "DELETE /v1/render-jobs/{jobId}/output": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: never;
    body: never;
    status: 204;
    response: void;
  };
  /** Webhook event and delivery attempts of a job */
  "GET /v1/render-jobs/{jobId}/webhook-deliveries": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      event: {
        id: string;
        /** pending, delivered, failed */
        status: string;
        attempts: number;
        nextAttemptAt?: number;
        lastError?: string;
      } | null;
      items: {
        /** Delivery id (`dlv_…`), new for every attempt. */
        id: string;
        /** `evt_render_job_terminated_<jobId>`, stable across attempts. */
        eventId: string;
        /** 1-based; the Service-Webhook-Attempt header. */
        attempt: number;
        /** Sent by a redeliver request rather than the schedule. */
        manual: boolean;
        url: string;
        statusCode?: number;
        durationMs: number;
        error?: string;
        createdAt: number;
      }[];
    };
  };
  /** Send the job's webhook event again now */
  "POST /v1/render-jobs/{jobId}/webhook-deliveries/redeliver": {
    path: {
      /** Render job id (`job_…`). */
      jobId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      delivery: {
        /** Delivery id (`dlv_…`), new for every attempt. */
        id: string;
        /** `evt_render_job_terminated_<jobId>`, stable across attempts. */
        eventId: string;
        /** 1-based; the Service-Webhook-Attempt header. */
        attempt: number;
        /** Sent by a redeliver request rather than the schedule. */
        manual: boolean;
        url: string;
        statusCode?: number;
        durationMs: number;
        error?: string;
        createdAt: number;
      };
    };
  };
  /** List managed PDFs (newest first) */
  "GET /v1/pdfs": {
    path: never;
    query: {
      /** Opaque cursor from the previous page's `nextCursor`. */
      cursor?: string;
      /** Page size (1–100, default 50). */
      limit?: number;
      deployId?: string;
    };
    body: never;
    status: 200;
    response: {
      items: ManagedPdf[];
      /** Cursor of the next page; absent or null on the last page. */
      nextCursor?: string | null;
    };
  };
  /** Get a managed PDF */
  "GET /v1/pdfs/{pdfId}": {
    path: {
      /** Managed PDF id (`pdf_…`). */
      pdfId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      pdf: ManagedPdf;
    };
  };
  /** Delete a managed PDF */
  "DELETE /v1/pdfs/{pdfId}": {
    path: {
      /** Managed PDF id (`pdf_…`). */
      pdfId: string;
    };
    query: never;
    body: never;
    status: 204;
    response: void;
  };
  /** Signed download URL of a managed PDF */
  "POST /v1/pdfs/{pdfId}/download": {
    path: {
      /** Managed PDF id (`pdf_…`). */
      pdfId: string;
    };
    query: never;
    body: {
      /** Lifetime of the signed URL; default 600. */
      expiresInSeconds?: number;
    };
    status: 200;
    response: Access;
  };
  /** Signed preview URL of a managed PDF (inline) */
  "POST /v1/pdfs/{pdfId}/preview": {
    path: {
      /** Managed PDF id (`pdf_…`). */
      pdfId: string;
    };
    query: never;
    body: {
      /** Lifetime of the signed URL; default 600. */
      expiresInSeconds?: number;
    };
    status: 200;
    response: Access;
  };
  /** List permanent links of a PDF */
  "GET /v1/pdfs/{pdfId}/permanent-links": {
    path: {
      /** Managed PDF id (`pdf_…`). */
      pdfId: string;
    };
    query: never;
    body: never;
    status: 200;
    response: {
      items: PermanentLink[];
    };
  };
  /** Create a permanent public link */
  "POST /v1/pdfs/{pdfId}/permanent-links": {
    path: {
      /** Managed PDF id (`pdf_…`). */
      pdfId: string;
    };
    query: never;
    body: never;
    status: 201;
    response: {
      link: PermanentLink;
    };
  };
  /** Delete a permanent link */
  "DELETE /v1/pdfs/{pdfId}/permanent-links/{linkId}": {
    path: {
      /** PDF id. */
      pdfId: string;
      /** Link id (`lnk_…`). */
      linkId: string;
    };
    query: never;
    body: never;
    status: 204;
    response: void;
  };
  /** Download or preview through a signed URL (no API key) */
  "GET /v1/files/{token}": {
    path: {
      token: string;
    };
    query: never;
    body: never;
    status: 200 | 206;
    response: unknown;
  };
  /** A permanent public link to a managed PDF (inline) */
  "GET /p/{token}": {
    path: {
      token: string;
    };
    query: never;
    body: never;
    status: 200 | 206;
    response: unknown;
  };
  /** List the API keys of the account (newest first, revoked ones included) */
  "GET /v1/api-keys": {
    path: never;
    query: never;
    body: never;
    status: 200;
    response: {
      items: ({
        /** Key id (`key_…`); the key itself is never shown again. */
        id: string;
        name: string;
        /** Always `folio_sk_`. */
        prefix: string;
        /** The last 4 characters of the key, to recognise it. */
        last4: string;
        scopes: string[];
        /** Unix epoch milliseconds. */
        createdAt: number;
        /** Last authenticated request (recorded at most once a minute); null if never used. */
        lastUsedAt: number | null;
        revokedAt: number | null;
      })[];
      nextCursor: null;
    };
  };
  /** Create an API key */
  "POST /v1/api-keys": {
    path: never;
    query: never;
    body: {
      /** A label to recognise the key by. */
      name: string;
      scopes?: ("all" | "deploys:read" | "deploys:write" | "render:read" | "render:write" | "pdfs:read" | "pdfs:write" | "usage:read")[];
    };
    status: 201;
    response: {
      apiKey: {
        /** Key id (`key_…`); the key itself is never shown again. */
        id: string;
        name: string;
        /** Always `folio_sk_`. */
        prefix: string;
        /** The last 4 characters of the key, to recognise it. */
        last4: string;
        scopes: string[];
        /** Unix epoch milliseconds. */
        createdAt: number;
        /** Last authenticated request (recorded at most once a minute); null if never used. */
        lastUsedAt: number | null;
        revokedAt: number | null;
      };
      /** The key: `folio_sk_…`. Shown only in this response. */
      key: string;
    };
  };
  /** Revoke an API key */
  "DELETE /v1/api-keys/{keyId}": {
    path: {
      /** API key id (`key_…`). */
      keyId: string;
    };
    query: never;
    body: never;
    status: 204;
    response: void;
  };
}

export type OperationId = keyof Operations;
