// Generated from the server's OpenAPI document (GET /v1/openapi.json) by scripts/generate-sdk-types.ts with
// openapi-typescript; do not edit by hand. `npm test` fails when this file drifts from the server.

export interface paths {
    "/v1/deploys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deploys (newest first)
         * @description One page of the deploys of the account, newest first. Pass `nextCursor` back as `cursor` for the next page.
         */
        get: operations["listDeploys"];
        put?: never;
        /**
         * Create a deploy
         * @description Creates an empty deploy: a named container for the versions of one document template. It has no version until the first upload session is committed (an upload session can also create its deploy itself, with `createDeploy`). The `slug` must be unused in the account.
         */
        post: operations["createDeploy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a deploy with its aliases and latest version
         * @description `latestVersion` is the version with the highest `versionNo`, or null before the first commit.
         */
        get: operations["getDeploy"];
        put?: never;
        post?: never;
        /**
         * Delete a deploy
         * @description Versions, aliases, settings and open upload sessions go; queued render jobs are canceled; managed PDFs stay. The slug is free again at once.
         */
        delete: operations["deleteDeploy"];
        options?: never;
        head?: never;
        /**
         * Rename a deploy or change its slug
         * @description Give `name`, `slug` or both. A new slug must be unused in the account; the old one is free again at once.
         */
        patch: operations["updateDeploy"];
        trace?: never;
    };
    "/v1/deploys/{deployId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List versions of a deploy (newest first)
         * @description One page of the versions of the deploy, by `versionNo`, highest first.
         */
        get: operations["listDeployVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/versions/{deployVersionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a version
         * @description A version is immutable: its files, entry route, title, render timeout and metadata never change.
         */
        get: operations["getDeployVersion"];
        put?: never;
        post?: never;
        /**
         * Delete a version
         * @description Refused with 409 `deploy_version_in_use` while an alias names the version or unfinished render jobs use it. Its files stay stored while other versions use them.
         */
        delete: operations["deleteDeployVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/versions/{deployVersionId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files of a version
         * @description Every file of the version in one answer, sorted by path.
         */
        get: operations["listDeployVersionFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/aliases/{alias}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Point an alias at a version (PUT; PUT and POST behave the same)
         * @description Creates the alias or moves it, atomically. `deployVersionId` is a concrete version of this deploy or `latest` (then the alias follows every new commit). Render jobs already created keep the version they were bound to. The alias name matches `^[a-z][a-z0-9-]{0,62}$` and cannot be `latest`.
         */
        put: operations["setAlias"];
        /**
         * Point an alias at a version (POST; PUT and POST behave the same)
         * @description Creates the alias or moves it, atomically. `deployVersionId` is a concrete version of this deploy or `latest` (then the alias follows every new commit). Render jobs already created keep the version they were bound to. The alias name matches `^[a-z][a-z0-9-]{0,62}$` and cannot be `latest`.
         */
        post: operations["setAliasByPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get deploy settings
         * @description The deploy's webhook, version retention, environment variables and secrets (names only: secret values are write-only). A signing secret is never returned, only whether it exists and a masked preview.
         */
        get: operations["getDeploySettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update deploy settings
         * @description Groups are optional; inside `webhook`, `enabled` is required; inside `versionLifecycle`, both fields; inside `secrets`, `upsert`. `webhook.url` must be `https://` and resolve to public addresses only. `webhook.signingSecretAction`: `rotate` creates or replaces the deploy's own signing secret (the previous one keeps signing for 24 h), `disable` removes it (the account secret signs again). `environment.variables` replaces the whole set (send `[]` to clear). Secrets: deletes are applied before upserts; values are write-only.
         */
        patch: operations["updateDeploySettings"];
        trace?: never;
    };
    "/v1/upload-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an upload session
         * @description Step 1 of an upload. Declare every file of the bundle (`{path, sha256, size, mime?}`; at most 10485760 bytes each) and give either `deployId` (an existing deploy) or `createDeploy` (creates the deploy in the same transaction). The session lives 1 hour. The `uploadToken` is returned only here (and in an idempotent replay): send it as `X-Upload-Token` to the next three steps. Optional `Idempotency-Key` (24 h).
         */
        post: operations["createUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/upload-sessions/{uploadSessionId}/missing-blobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Which of these files must be uploaded
         * @description Step 2. Answers each distinct hash of `files` that this account has not uploaded before: only those need step 3. A hash counts as present only when this account uploaded those bytes itself.
         */
        post: operations["findMissingBlobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/upload-sessions/{uploadSessionId}/blobs/{sha256}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload one blob (raw bytes, application/octet-stream)
         * @description Step 3, once per missing blob (a few in parallel is fine). Send the raw bytes with `Content-Type: application/octet-stream`. They are streamed to a temporary object while hashed and counted, verified against the sha256 in the path and a size declared in the session, then published atomically; a failed upload leaves nothing behind. At most 10485760 bytes. If the account already has the blob, nothing is stored again (`alreadyPresent: true`).
         */
        put: operations["uploadBlob"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/upload-sessions/{uploadSessionId}/commit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Commit the session into an immutable deploy version
         * @description Step 4. `entries` lists the version's files; each must name a blob this account has uploaded (in this or an earlier session) with that exact size. `render.route` is the entry page (begins with `/`; `/` and `/dir/` resolve to index.html). The plan's per-commit limits and monthly commit allowance apply. The session becomes `committed`; every commit creates a new immutable version with the next `versionNo` of the deploy (201) and counts one `deploy_commits`, also when its files and settings equal the latest version's. Clients that want no copy compare their tree hash and settings with the latest version first (`folio deploy` and the SDKs do) and skip the upload.
         */
        post: operations["commitUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account and its webhook signing metadata
         * @description The account-level signing secret is never returned; only whether it exists and a masked preview.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage, plan policy, live storage and meters of the current period
         * @description Computed when asked (`Cache-Control: private, no-store`): the current calendar month (UTC), the plan and its limits (`null` = unlimited), this month's meters (`deploy_commits`, `render_jobs`, `render_time_ms`), the bytes stored now, and the daily peaks of managed-PDF storage.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/timestamp-authority": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's RFC 3161 timestamp authority
         * @description The timestamp authority of the PDF-job steps `timestamp` and `sign` with `timestamp: true` (the PDF guide, "PDF jobs"): the account's own, and the one its jobs use (its own, else the deployment's).
         */
        get: operations["getTimestampAuthority"];
        /**
         * Set the account's RFC 3161 timestamp authority
         * @description `{url}`: an `http:` or `https:` URL without user name or password that Folio POSTs `application/timestamp-query` to (10 s time limit, 64 KB answer limit) for the account's PDF-job timestamps; `null` returns to the deployment's. Its host must be on a public address: a loopback, private or link-local address is 400 unless the operator allow-listed the host (FOLIO_TIMESTAMP_ALLOWED_HOSTS); a host name is resolved and checked again at every use.
         */
        put: operations["setTimestampAuthority"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List render batches (newest first)
         * @description One page of the batches of the account, newest first, each with its counts per job state.
         */
        get: operations["listRenderBatches"];
        put?: never;
        /**
         * Create a render batch
         * @description Up to 1000 render jobs of one deploy version in one request; each item is an ordinary render job (the worker, quotas, meters, webhooks, outputs and retention treat it like any other). `deployVersionId` (a version id, `latest` or an alias) is bound once, now, for every item. Every item is checked before anything is created: one bad item refuses the whole request with a 400 naming it (`details.field: "items[17].payload"`), and more than 1000 items is a 400 naming `items`. The plan's monthly render-job allowance is taken for the whole batch at once: either every item is accepted, or a 429 `render_job_quota_exceeded` says how many fit (`details.fit`) and nothing is created. `combine` is `none` (each item its own PDF), `merge` (once every item is terminal, the succeeded items' PDFs joined in item order into one managed PDF) or `zip` (one zip of those PDFs, named by their file names); the batch shows it as `product` with a signed link. One `render_batch.completed` webhook is sent when the batch completes (after its product is built); items send their own `render.job.terminated` only with `itemWebhooks: true`. The body may be at most 32 MiB. Optional `Idempotency-Key` for the whole batch (24 h; a replay answers the batch as it was created).
         */
        post: operations["createRenderBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a render batch with its counts
         * @description The batch with how many items are in each job state (`queued`, `rendering`, `retry_scheduled`, `succeeded`, `failed`, `canceled`); `status` is `completed` once every item is terminal (then `finishedAt` is when the last one finished), `running` before.
         */
        get: operations["getRenderBatch"];
        put?: never;
        post?: never;
        /**
         * Cancel every unfinished item of a render batch
         * @description Every item not yet terminal is canceled as `POST /v1/render-jobs/{jobId}/cancel` would: `queued` and `retry_scheduled` at once, `rendering` with its page aborted; canceled items send no webhook. Items already terminal keep their state and outputs; the batch itself stays readable. Answers the batch (200) with its new counts; cancelling a completed batch changes nothing.
         */
        delete: operations["cancelRenderBatch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-batches/{batchId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the items of a render batch (in item order)
         * @description The batch's items in the order of the creating request, each as `{index, job}` (the full render job: its state, error, business key). `status` keeps only the items in that state (e.g. `failed`). Cursor paging like every list. A succeeded item's PDF is fetched like any job's: `POST /v1/render-jobs/{jobId}/output-download`.
         */
        get: operations["listRenderBatchItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/versions/{deployVersionId}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a version's checks (newest first)
         * @description One page of the checks of the version, newest first, each with its fixtures and their results.
         */
        get: operations["listVersionChecks"];
        put?: never;
        /**
         * Check a version's fixtures against its snapshots
         * @description Prints every fixture the version carries (`tests/<name>.json` among its files, at most 50) again on this server and compares each print with the snapshot the version carries (`__snapshots__/<name>/`, recorded by `folio test --update`): page count, text, and each page's pixels within `tolerance`, by the rules of `folio test`. Run it after a Chromium upgrade to see which live versions print differently before customers do. The prints are the items of a render batch with `combine: "check"` (`batchId`): each is an ordinary render job, counted in the render quotas; no webhook is sent. Answers 202 at once; poll `GET …/checks/{checkId}` until `status` is no longer `running`. A fixture that is not valid JSON fails on its own; a payload that does not match the version's payload schema is refused (400 naming the fixture's file).
         */
        post: operations["createVersionCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/versions/{deployVersionId}/checks/{checkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a version check
         * @description `running` while fixtures print and are compared; then the worst fixture's status (`failed`, `drifted`, `no_snapshot`, `passed`), with each fixture's page count, one-line message, per-page pixel shares and text differences.
         */
        get: operations["getVersionCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List render jobs (newest first)
         * @description One page of the render jobs of the account, newest first. Filters (`status`, `deployId`, `businessKey`) match exactly.
         */
        get: operations["listRenderJobs"];
        put?: never;
        /**
         * Create a render job
         * @description Asynchronous: answers 202 with the queued job; wait for it with `GET /v1/render-jobs/{jobId}?waitSeconds=30` or the webhook. `deployVersionId` may be a concrete version id, `latest` or an alias name: the job binds to the concrete version now, so moving an alias later does not change it. `payload` is any JSON value (canonicalised, RFC 8785, so equal values give equal bytes and `payloadHash`), or a string with a non-JSON `payloadMime`; `payloadBase64` sends raw bytes instead. The monthly render-job and render-time allowances of the plan apply. Optional `Idempotency-Key` (24 h; the whole body is compared, attachments and e-invoice XML included).
         *
         *     Document options: `pdf: {standard, metadata}` overrides the version's `render.metadata.pdf`; `attachments` embeds files (base64 `content`, or a `bundlePath` of the version) as PDF/A-3 associated files; `eInvoice` makes a Factur-X / ZUGFeRD PDF/A-3b with the XML embedded as `factur-x.xml`. Every problem is a 400 `invalid_request` whose `details.field` names the field (`attachments[2].content`, `eInvoice.xml`) and nothing is stored. A job with none of these (and a version without document options) streams Chromium's PDF as printed.
         *
         *     Inline sources: instead of `deployId`/`deployVersionId`, `html` (the entry document) with optional `files` (`{path: base64}`), or the same as `multipart/form-data` (an `index.html` part, asset parts named by their path, a `job` part with the JSON rest of the job). Folio stores them as a content-addressed version of the account's inline deploy (slug `_inline`): the same sources sent again reuse that version and store nothing new; the job shows that deploy and version like any other. The plan's `maxInlineHtmlBytes`, `maxInlineFilesPerJob` and `maxInlineBytesPerJob` apply (413 `body_too_large` naming the field or part), and the bytes count toward its storage; unused inline versions are deleted after `inlineVersionRetentionDays`.
         */
        post: operations["createRenderJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deploys/{deployId}/render-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List render jobs of a deploy (newest first)
         * @description One page of the render jobs of one deploy, newest first; the same filters as the account-wide list.
         */
        get: operations["listDeployRenderJobs"];
        put?: never;
        /**
         * Create a render job for this deploy
         * @description Asynchronous: answers 202 with the queued job; wait for it with `GET /v1/render-jobs/{jobId}?waitSeconds=30` or the webhook. The deploy comes from the path; a `deployId` in the body must equal it. `deployVersionId` may be a concrete version id, `latest` or an alias name: the job binds to the concrete version now, so moving an alias later does not change it. `payload` is any JSON value (canonicalised, RFC 8785, so equal values give equal bytes and `payloadHash`), or a string with a non-JSON `payloadMime`; `payloadBase64` sends raw bytes instead. The monthly render-job and render-time allowances of the plan apply. Optional `Idempotency-Key` (24 h; the whole body is compared, attachments and e-invoice XML included).
         *
         *     Document options: `pdf: {standard, metadata}` overrides the version's `render.metadata.pdf`; `attachments` embeds files (base64 `content`, or a `bundlePath` of the version) as PDF/A-3 associated files; `eInvoice` makes a Factur-X / ZUGFeRD PDF/A-3b with the XML embedded as `factur-x.xml`. Every problem is a 400 `invalid_request` whose `details.field` names the field (`attachments[2].content`, `eInvoice.xml`) and nothing is stored. A job with none of these (and a version without document options) streams Chromium's PDF as printed.
         */
        post: operations["createDeployRenderJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a render job (with its output after success)
         * @description `waitSeconds` (0–30) long-polls: the answer comes as soon as the job is terminal (`succeeded`, `failed`, `canceled`), or after that many seconds with its current state. After success the answer also has `output` (absent once deleted or expired) and, for a managed job, `pdf`. A failed job has `errorCode` and `errorMessage`.
         */
        get: operations["getRenderJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a render job
         * @description From queued or retry_scheduled at once; from rendering the page is aborted. Canceled jobs send no webhook. 409 `render_job_not_cancelable` when already terminal.
         */
        post: operations["cancelRenderJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/output-download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Signed download URL of the output
         * @description A signed URL of the job's PDF, served by Folio with no API key (`Content-Disposition: attachment`). `expiresInSeconds` (1–604800, default 600) in the JSON body or the query string. Only a succeeded job has an output; a transient output is deleted 10 minutes after the job finished.
         */
        post: operations["createOutputDownloadLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/output-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Signed preview URL of the output (renders inline in a browser)
         * @description A signed URL of the job's PDF, served by Folio with no API key (`Content-Disposition: inline`). `expiresInSeconds` (1–604800, default 600) in the JSON body or the query string. Only a succeeded job has an output; a transient output is deleted 10 minutes after the job finished.
         */
        post: operations["createOutputPreviewLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/output": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the output of a job
         * @description The output stops resolving at once (its signed URLs answer 404). A managed job keeps its managed PDF: delete that through `/v1/pdfs`.
         */
        delete: operations["deleteOutput"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/diagnostics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Render diagnostics of a job's last attempt
         * @description What the page of the job's last finished attempt did: its console messages, uncaught exceptions and unhandled rejections, the requests that were blocked by the network policy, missing from the bundle or failed, the ready path it took, and how long each phase took. Bounded (200 entries, about 64 kB; `dropped` counts the rest). `null` until an attempt has ended. Kept as long as the job.
         */
        get: operations["getRenderDiagnostics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook event and delivery attempts of a job
         * @description The job's `render.job.terminated` event (`null` when none was recorded: the webhook was off, or the job is not terminal) and every delivery attempt, oldest first: `statusCode` when a response arrived, `error` otherwise or for a non-2xx.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/webhook-deliveries/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the job's webhook event again now
         * @description Same event id, new delivery id, `manual: true`; the attempt is made before the response (at most 10 s) and recorded, and counts toward the six attempts. A 2xx marks the event `delivered`. A terminal job without an event (its webhook was off when it finished) gets one now if the webhook is enabled with a URL.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render and answer the PDF (synchronous)
         * @description One request, one PDF: takes everything `POST /v1/render-jobs` takes plus `waitSeconds` (default 60, or the maximum when lower; at most the version's render timeout, capped by the plan, plus 10 s, otherwise 400 naming `waitSeconds`). It creates a normal render job (plan allowances, meters, webhooks and retention apply as to any job) and waits for it:
         *
         *     - succeeded in time: 200 with the PDF streamed (`Content-Type: application/pdf`, `Content-Disposition: attachment` with the file name, `ETag`, `Folio-Job-Id`, `Folio-Page-Count`, `Folio-Sha256`); with `Accept: application/json` (and not `application/pdf`) 200 with the job, its output and a signed download link (`access`) instead;
         *     - still running when the wait is over (or the server shuts down): 202 with the job, exactly as `POST /v1/render-jobs` answers, to poll with `GET /v1/render-jobs/{jobId}?waitSeconds=30`;
         *     - an image `outputFormat` (`png`, `jpeg`, `webp`): 200 with the image of the one page the job pictures (`images.pages`, default `1`; a job that would picture more is refused with 400 naming `images.pages`), `Content-Type` `image/…`, `Folio-Job-Id`, `Folio-Sha256`, `ETag`; with `Accept: application/json`, the job and `images` with signed links (and no `access`: there is no PDF). A PDF job with `images` answers the PDF, and lists `images` in its JSON answer;
         *     - failed or canceled: 422 `render_job_failed`, the job's `errorMessage` as `message` and its `errorCode` as `details.jobErrorCode`.
         *
         *     Optional `Idempotency-Key` (24 h, the body compared without `waitSeconds`): a replay answers the same job, waited for again, so a succeeded one gives the same bytes (until a transient output is deleted, 10 minutes after the job finished: then 404 `render_output_not_found`). A client that disconnects while waiting leaves the job running to its end.
         */
        post: operations["render"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/chromium/convert/html": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert HTML to PDF (Gotenberg-compatible)
         * @description Gotenberg's `/forms/chromium/convert/html`: the same multipart form a Gotenberg client (chromiumly, gotenberg-client, curl) sends, authenticated with a Folio API key (`Authorization: Bearer …`, or the key as the password of HTTP Basic auth with any user name). Answers the PDF. Each request is an ordinary render job with inline sources (as `POST /v1/render`): it counts in the plan's allowances and meters, shows in `GET /v1/render-jobs` with its diagnostics, and `Idempotency-Key` replays it. Every form field is mapped to the job (`print`, `pdf`, `protection`, `failOn`, page images) or refused with 400 naming it: nothing is silently ignored. The PDF-engine fields of a conversion work as on the `/forms/pdfengines` routes: `flatten`, `watermark…` and `stamp…` (text, or an image file), `rotateAngle`, `metadata`, `optimizeImages` become the job's `steps`, `embeds` files its `attachments`; with `splitMode`/`splitSpan` (or a stamp of a PDF's page) the page is printed, then worked on, and the parts answered as a zip (`<name>_0.pdf`, `<name>_1.pdf`…). `Gotenberg-Output-Filename` names the file, `Gotenberg-Trace` is echoed; with `Gotenberg-Webhook-Url` the answer is 204 and the result goes to the webhook. A page range past the document's last page, or a `waitForExpression` that throws or is undefined, answers 400 naming the field, as Gotenberg. A job that fails on a `failOn…` condition answers 409 `conversion_failed`, another failure 422 `render_job_failed`, one still running after its render timeout (plus 10 s) 503 `conversion_timeout`.
         */
        post: operations["gotenbergConvertHtml"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/chromium/screenshot/html": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screenshot HTML (Gotenberg-compatible)
         * @description Gotenberg's `/forms/chromium/screenshot/html`: the same multipart form a Gotenberg client (chromiumly, gotenberg-client, curl) sends, authenticated with a Folio API key (`Authorization: Bearer …`, or the key as the password of HTTP Basic auth with any user name). Answers one image of the first page (`format` png, jpeg or webp; `width` in pixels; `quality` for jpeg and webp), drawn from the page printed edge to edge with the `screen` media type. Each request is an ordinary render job with inline sources (as `POST /v1/render`): it counts in the plan's allowances and meters, shows in `GET /v1/render-jobs` with its diagnostics, and `Idempotency-Key` replays it. Every form field is mapped to the job (`print`, `pdf`, `protection`, `failOn`, page images) or refused with 400 naming it: nothing is silently ignored. `Gotenberg-Output-Filename` names the file, `Gotenberg-Trace` is echoed; with `Gotenberg-Webhook-Url` the answer is 204 and the result goes to the webhook. A page range past the document's last page, or a `waitForExpression` that throws or is undefined, answers 400 naming the field, as Gotenberg. A job that fails on a `failOn…` condition answers 409 `conversion_failed`, another failure 422 `render_job_failed`, one still running after its render timeout (plus 10 s) 503 `conversion_timeout`.
         */
        post: operations["gotenbergScreenshotHtml"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/chromium/convert/markdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert Markdown to PDF (Gotenberg-compatible)
         * @description Gotenberg's `/forms/chromium/convert/markdown`: `index.html` places each Markdown file sent with it where it says `{{ toHTML "file.md" }}` (rendered in the page by the Markdown engine: CommonMark, GFM tables, raw HTML; `engine: "markdown"` of a job, the templates guide); a name that is not among the files is a 400 `template_syntax_error` with its line and column. Otherwise the same multipart form a Gotenberg client (chromiumly, gotenberg-client, curl) sends, authenticated with a Folio API key (`Authorization: Bearer …`, or the key as the password of HTTP Basic auth with any user name). Answers the PDF. Each request is an ordinary render job with inline sources (as `POST /v1/render`): it counts in the plan's allowances and meters, shows in `GET /v1/render-jobs` with its diagnostics, and `Idempotency-Key` replays it. Every form field is mapped to the job (`print`, `pdf`, `protection`, `failOn`, page images) or refused with 400 naming it: nothing is silently ignored. The PDF-engine fields of a conversion work as on the `/forms/pdfengines` routes: `flatten`, `watermark…` and `stamp…` (text, or an image file), `rotateAngle`, `metadata`, `optimizeImages` become the job's `steps`, `embeds` files its `attachments`; with `splitMode`/`splitSpan` (or a stamp of a PDF's page) the page is printed, then worked on, and the parts answered as a zip (`<name>_0.pdf`, `<name>_1.pdf`…). `Gotenberg-Output-Filename` names the file, `Gotenberg-Trace` is echoed; with `Gotenberg-Webhook-Url` the answer is 204 and the result goes to the webhook. A page range past the document's last page, or a `waitForExpression` that throws or is undefined, answers 400 naming the field, as Gotenberg. A job that fails on a `failOn…` condition answers 409 `conversion_failed`, another failure 422 `render_job_failed`, one still running after its render timeout (plus 10 s) 503 `conversion_timeout`.
         */
        post: operations["gotenbergConvertMarkdown"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/chromium/screenshot/markdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screenshot Markdown (Gotenberg-compatible)
         * @description Gotenberg's `/forms/chromium/screenshot/markdown`: `index.html` places each Markdown file sent with it where it says `{{ toHTML "file.md" }}` (rendered in the page by the Markdown engine: CommonMark, GFM tables, raw HTML; `engine: "markdown"` of a job, the templates guide); a name that is not among the files is a 400 `template_syntax_error` with its line and column. Otherwise the same multipart form a Gotenberg client (chromiumly, gotenberg-client, curl) sends, authenticated with a Folio API key (`Authorization: Bearer …`, or the key as the password of HTTP Basic auth with any user name). Answers one image of the first page (`format` png, jpeg or webp; `width` in pixels; `quality` for jpeg and webp), drawn from the page printed edge to edge with the `screen` media type. Each request is an ordinary render job with inline sources (as `POST /v1/render`): it counts in the plan's allowances and meters, shows in `GET /v1/render-jobs` with its diagnostics, and `Idempotency-Key` replays it. Every form field is mapped to the job (`print`, `pdf`, `protection`, `failOn`, page images) or refused with 400 naming it: nothing is silently ignored. `Gotenberg-Output-Filename` names the file, `Gotenberg-Trace` is echoed; with `Gotenberg-Webhook-Url` the answer is 204 and the result goes to the webhook. A page range past the document's last page, or a `waitForExpression` that throws or is undefined, answers 400 naming the field, as Gotenberg. A job that fails on a `failOn…` condition answers 409 `conversion_failed`, another failure 422 `render_job_failed`, one still running after its render timeout (plus 10 s) 503 `conversion_timeout`.
         */
        post: operations["gotenbergScreenshotMarkdown"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/chromium/convert/url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert a URL to PDF (Gotenberg-compatible)
         * @description Gotenberg's `/forms/chromium/convert/url`: the form field `url` is the page to print, as a render job with a URL source (`source` on `POST /v1/render-jobs`): Folio fetches it under the network policy (public addresses only unless the operator allow-listed the host, DNS pinned, redirects checked again), so the plan must allow the external network (403 `url_source_not_allowed`). `extraHttpHeaders` (a JSON object) and `cookies` (Gotenberg's JSON array of `{name, value, domain, path, secure, httpOnly, sameSite}`) are sent to the URL's origin only, and are never shown or logged. Each cookie needs its name, value and domain, as in Gotenberg; a header scoped to some requests (`value;scope=…`) is refused. The other Chromium fields are mapped as on `/forms/chromium/convert/html` (a screenshot's: `format`, `quality`, `width`, as on `/forms/chromium/screenshot/html`); files parts other than `header.html`, `footer.html` and the PDF-engine fields' files (`embeds`, `stamp`, `watermark`) are refused. Answers the PDF (a screenshot: one image of the first page); failures as on `/forms/chromium/convert/html`.
         */
        post: operations["gotenbergConvertUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/chromium/screenshot/url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Screenshot a URL (Gotenberg-compatible)
         * @description Gotenberg's `/forms/chromium/screenshot/url`: the form field `url` is the page to print, as a render job with a URL source (`source` on `POST /v1/render-jobs`): Folio fetches it under the network policy (public addresses only unless the operator allow-listed the host, DNS pinned, redirects checked again), so the plan must allow the external network (403 `url_source_not_allowed`). `extraHttpHeaders` (a JSON object) and `cookies` (Gotenberg's JSON array of `{name, value, domain, path, secure, httpOnly, sameSite}`) are sent to the URL's origin only, and are never shown or logged. Each cookie needs its name, value and domain, as in Gotenberg; a header scoped to some requests (`value;scope=…`) is refused. The other Chromium fields are mapped as on `/forms/chromium/convert/html` (a screenshot's: `format`, `quality`, `width`, as on `/forms/chromium/screenshot/html`); files parts other than `header.html`, `footer.html` and the PDF-engine fields' files (`embeds`, `stamp`, `watermark`) are refused. Answers the PDF (a screenshot: one image of the first page); failures as on `/forms/chromium/convert/html`.
         */
        post: operations["gotenbergScreenshotUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/merge`: joins the `files` PDFs in the alphanumeric order of their names (outlines kept), then applies the optional fields of the other routes to the result. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/split`: `splitMode=intervals` + `splitSpan=N`: parts of N pages; `splitMode=pages` + `splitSpan=2-`: each selected page alone, or together with `splitUnify=true` (a `split` or `select` step). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/flatten": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Flatten PDF forms (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/flatten`: draws form fields and the other visible annotations into the page content (the `flatten` step). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergFlatten"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/optimize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Optimise PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/optimize`: encodes images again as JPEG at `imageQuality` (1–100, default 80) where that is smaller, then linearises (the `optimize` step with `images: true`). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergOptimize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert PDFs to PDF/A or PDF/UA (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/convert`: `pdfa` (`PDF/A-2b`, `PDF/A-3b`) and `pdfua=true` → the `conform` step: the post-processing of Folio's own prints (sRGB output intent, XMP, what PDF/A forbids removed); a PDF that cannot conform (a font not embedded, DeviceCMYK colour, PDF/UA-1 of an untagged PDF or one failing Folio's PDF/UA checks) is 422 naming `pdfa` or `pdfua`, never claimed; `PDF/A-1b` is 400. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergConvertPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/metadata/write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write PDF metadata (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/metadata/write`: `metadata` (exiftool tag names: Title, Author, Subject, Keywords, Creator, Producer, CreationDate, ModDate, Trapped) → the `metadata` step; other tags are named in `Folio-Warnings`. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergWriteMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/bookmarks/write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write PDF bookmarks (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/bookmarks/write`: `bookmarks` (`[{"title","page","children"}]`) replaces the outline (the `outline` step). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergWriteBookmarks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/encrypt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Encrypt PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/encrypt`: `userPassword`, `ownerPassword`, `allow…` → the `encrypt` step (AES-256). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergEncrypt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/embed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embed files in PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/embed`: `embeds` files (and `embedsMetadata`) → the `attachments` step. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergEmbed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/watermark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Watermark PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/watermark`: `watermarkSource` (text, image, pdf), `watermarkExpression`, `watermarkPages`, `watermarkOptions`, `watermark` files → `watermark` steps (repeatable). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergWatermark"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stamp PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/stamp`: `stampSource` (text, image, pdf), `stampExpression`, `stampPages`, `stampOptions`, `stamp` files → `stamp` steps (repeatable). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergStamp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate PDF pages (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/rotate`: `rotateAngle` (90, 180, 270) and `rotatePages` → the `rotate` step. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/add-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Protect PDFs with a password (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/add-password`: a route proposed to Gotenberg before it became `/forms/pdfengines/encrypt`: `userPassword` (required) and `ownerPassword` → the `encrypt` step (AES-256, every permission allowed; without an owner password, or with the user's, a random one nobody knows stands in for it). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergAddPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/attachments/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach files to PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/attachments/add`: a route proposed to Gotenberg (its `embed` route under a new name): the `attachments` files → the `attachments` step (the media type from the file name). The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergAddAttachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/stamp/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply several stamps to PDFs (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/stamp/bulk`: a route proposed to Gotenberg: `stamps`, a JSON array of `{"source": "text"|"image"|"pdf", "expression", "file", "pages", "options"}` applied in order, `file` naming a `stamp` file part → `stamp` steps; `options` are pdfcpu's, mapped as on `/forms/pdfengines/stamp`. The PDFs are Folio PDF-job steps run in the sandbox on the uploads (each an unencrypted PDF with pages, at most 50 files and 5,000 pages, the plan's `maxRenderOutputBytes`), answered and never stored. One result is answered as the PDF (named after the input, or `Gotenberg-Output-Filename`), several as a zip. A field Folio cannot honour is a 400 naming it; an option drawn differently is named in `Folio-Warnings`. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergBulkStamp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/metadata/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read PDF metadata (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/metadata/read`: each PDF's document information in exiftool's names (`CreateDate` as `2006:09:18 16:27:50-04:00`, `Keywords` a list when comma-separated), with `PageCount` and `PDFVersion`, by file name. Read in the sandbox; nothing is stored.
         */
        post: operations["gotenbergReadMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/bookmarks/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read PDF bookmarks (Gotenberg-compatible)
         * @description Gotenberg's `/forms/pdfengines/bookmarks/read`: each PDF's outline as `[{title, page, children}]` (page 1-based; 0 for an entry that opens no page of the file), by file name. Read in the sandbox; nothing is stored.
         */
        post: operations["gotenbergReadBookmarks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/pdfengines/convert/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert PDF pages to images (Gotenberg-compatible)
         * @description A route proposed to Gotenberg, `/forms/pdfengines/convert/image`: each page of the `files` PDFs drawn by poppler's pdftoppm, as a job's page images are. `format` `png` (default), `jpeg` or `tiff`; `dpi` 18–600 (default 150); `quality` 1–100 for JPEG (default 100); `firstPage` and `lastPage` (of each file; a last page past the end is the end). The uploads are checked first (each an unencrypted PDF with pages, at most 50 files); at most 200 pages are drawn per request, each page's pixels are bounded before it is drawn (a page too large at that dpi is a 400 naming `dpi`), and the images together stay within the plan's `maxRenderOutputBytes`. One image is answered as itself (`<name>-1.png`, or `Gotenberg-Output-Filename`), several as a zip (`<name>-1.png`, `<name>-2.png`… numbered within each file). A field Folio cannot honour is a 400 naming it. Nothing is stored. Authenticated like the other Gotenberg routes (Bearer, or the key as the HTTP Basic password).
         */
        post: operations["gotenbergConvertPdfToImages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forms/libreoffice/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert Office documents to PDF (Gotenberg-compatible)
         * @description Gotenberg's `/forms/libreoffice/convert`: `files` parts, each an Office document named by its file name (.docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv; at most 50), converted by LibreOffice in Folio's sandbox (no network, an unprivileged user, time and memory limits; the Office guide). Each file is an ordinary render job with an Office entry (as `entry` on `POST /v1/render-jobs`), converted one after the other: it counts in the plan's allowances and meters and shows in `GET /v1/render-jobs` with LibreOffice's messages. LibreOffice fields: `landscape`, `nativePageRanges`, `pdfa` (`PDF/A-1b`, `PDF/A-2b`, `PDF/A-3b`), `pdfua` (a tagged PDF), `exportFormFields`, `exportBookmarks`, `exportNotes`, `exportHiddenSlides`, `singlePageSheets`, `quality`, `maxImageResolution`, `reduceImageResolution`, `password`, `merge`. PDF-engine fields, run on the converted PDFs as on the `/forms/pdfengines` routes and in Gotenberg's order (a split first, then on each result watermarks, stamps, rotation, flattening, metadata, embedded files, PDF/A, image optimisation, encryption): `splitMode`, `splitSpan`, `splitUnify`, `metadata` (exiftool tag names; tags Folio does not write are named in `Folio-Warnings`), `flatten`, `userPassword`, `ownerPassword`, `allow…`, `embeds` files and `embedsMetadata`, `watermark…` and `stamp…` fields and files, `rotateAngle`, `rotatePages`, `optimizeImages`, `imageQuality`. With any of them, `pdfa` is made after that work (`PDF/A-2b`, `PDF/A-3b`; `PDF/A-1b` is then a 400). Any other field is a 400 naming it (the Gotenberg guide has the table). One file answers its PDF; several answer a zip of their PDFs named as Gotenberg names them (`report.docx` → `report.docx.pdf`; the parts of a split `report.docx_0.pdf`, …), or with `merge=true` one PDF merged in the alphanumeric order of their names. A renamed or oversized-zip file is a 400 `office_input_invalid`, a protected one without `password` a 400 `office_password_required`, no LibreOffice on the server a 503 `office_unavailable`; a failed conversion is a 422 `render_job_failed` naming the file, with the job's code in `details.jobErrorCode`; PDF work that fails is a 422 `pdf_step_failed`.
         */
        post: operations["gotenbergConvertOffice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List managed PDFs (newest first)
         * @description One page of the managed PDFs of the account (or of one deploy, with `deployId`), newest first. An empty list is not an error.
         */
        get: operations["listPdfs"];
        put?: never;
        /**
         * Upload a PDF as a managed PDF
         * @description Makes a PDF from outside Folio a managed PDF, like a rendered one: it counts in the account's managed-PDF storage (429 `storage_limit_exceeded` past the plan's `storageLimitBytes`), has download and permanent links, `GET /v1/pdfs/{id}/info`, and lives until deleted. Send the raw PDF (`Content-Type: application/pdf`; optional headers `X-Pdf-Password` and `X-File-Name`) or `multipart/form-data` with a `file` part and optional `password`, `fileName` and `businessKey` fields. At most the plan's `maxRenderOutputBytes` (never more than 100 MiB; 413 `body_too_large`). An image (PNG, JPEG, WebP, TIFF, GIF or AVIF) sent as the `file` part becomes a PDF of one page the image's size (its resolution, else 72 dpi; EXIF orientation applied) first. Before anything is stored the PDF is checked by `qpdf --check` (in a child process, at most 60 s and 1 GiB of memory) and read within Folio's PDF limits (objects, inflated stream bytes, a page tree that loops, pages): 422 `pdf_invalid` says what is wrong. An encrypted PDF needs its password (422 `pdf_password_required`, `pdf_password_incorrect`); the stored PDF is the decrypted copy (`decrypted: true`) and the password is neither stored nor logged. Its `deployId`, `deployVersionId` and `renderJobId` are empty strings. Optional `Idempotency-Key` (24 h, over the bytes and the file name): a repeat returns the same PDF. Without a key, the same bytes under the same file name (no business key, no password) answer the PDF the account already has (`reused: true`): uploads are stored once.
         */
        post: operations["uploadPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a managed PDF says about itself
         * @description Pages (count, size in points, rotation), metadata (the information dictionary, else the XMP packet), language, whether it is tagged, the PDF/A and PDF/UA identification it claims (XMP `pdfaid`, `pdfuaid`; claims, not validation), AcroForm fields (name, type, value, options), embedded files (name, size) and signatures (count, the signer names written in them; not verified). Read in the sandbox within Folio's PDF limits. A password-protected managed PDF answers 400 (Folio does not keep its password).
         */
        get: operations["getPdfInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/attachments/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One embedded file of a managed PDF
         * @description The bytes of the file the PDF embeds under `name` (as `GET /v1/pdfs/{pdfId}/info` lists it: /UF, else /F, else its key in the /EmbeddedFiles name tree), decoded in the sandbox, at most 50 MB (more is 422 `pdf_invalid`). Served as `application/octet-stream` with `Content-Disposition: attachment` (the PDF's own media type, which the PDF's author chose, is in `X-Folio-Attachment-Type`). A name the PDF does not embed is 404 `pdf_attachment_not_found`; a password-protected managed PDF is 400.
         */
        get: operations["getPdfAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge PDFs into a new managed PDF
         * @description Joins pages of managed PDFs (`pdfId`) and of succeeded render jobs' outputs (`jobId`: transient while it exists, or managed) of the account, in the order given, into a new managed PDF. Each source may pick its pages with `pageRanges` (`"1-3,5"`). The text, fonts and images of the pages are kept, and outline items that point at a kept page; tags (the structure tree), form fields and attachments are not. The new PDF counts in the account's managed-PDF storage (429 `storage_limit_exceeded` past the plan's `storageLimitBytes`, nothing stored) and lives until deleted. It was rendered by no job: its `deployId`, `deployVersionId` and `renderJobId` are empty strings. Limits: 50 sources, 5000 pages, and the sources' total bytes and the result's bytes each at most the plan's `maxRenderOutputBytes` (and never more than 100 MiB). A source of another account answers 404, as an unknown id does. Optional `Idempotency-Key` (24 h): a repeat returns the same PDF.
         */
        post: operations["mergePdfs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a managed PDF
         * @description `state` is `available`, or `deleting` between a delete and the purge of its bytes (then 404).
         */
        get: operations["getPdf"];
        put?: never;
        post?: never;
        /**
         * Delete a managed PDF
         * @description The PDF goes to `deleting` at once (permanent links stop resolving) and its bytes are purged in the background; then GET gives 404. Not reversible.
         */
        delete: operations["deletePdf"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Signed download URL of a managed PDF
         * @description A signed URL of the PDF, served by Folio with no API key (`Content-Disposition: attachment`). Optional JSON body `{expiresInSeconds}` (1–604800, default 600).
         */
        post: operations["createPdfDownloadLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Signed preview URL of a managed PDF (inline)
         * @description A signed URL of the PDF, served by Folio with no API key (`Content-Disposition: inline`). Optional JSON body `{expiresInSeconds}` (1–604800, default 600).
         */
        post: operations["createPdfPreviewLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/permanent-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List permanent links of a PDF
         * @description Every permanent link of the PDF, newest first, in one answer.
         */
        get: operations["listPermanentLinks"];
        put?: never;
        /**
         * Create a permanent public link
         * @description `url` is `<public URL>/p/<32 random characters>`: it serves the PDF inline to anyone who has it, needs no key and does not expire; it answers 404 once the link or the PDF is deleted. A PDF may have several links. No request body.
         */
        post: operations["createPermanentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/permanent-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a permanent link
         * @description The link stops resolving at once; the PDF and its other links stay.
         */
        delete: operations["deletePermanentLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/e-invoices/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate an e-invoice
         * @description Checks an e-invoice against the official schema and business rules of its syntax and profile (the e-invoice guide): CII (Factur-X 1.09 / ZUGFeRD 2.5 profiles MINIMUM to EXTENDED, XRechnung 3.0) or UBL 2.1 (EN 16931, XRechnung). Send the XML (`Content-Type: application/xml` or `text/xml`) or a hybrid PDF (`application/pdf`), whose embedded `factur-x.xml`, `xrechnung.xml` or `zugferd-invoice.xml` is read. The profile is `profile`, else the one the XML's guideline id names (400 when they differ, or when neither names one). Answers 200 with the verdict whether the invoice is valid or not: `valid`, and each finding with its rule, severity, message and location. Nothing is stored. At most `FOLIO_EINVOICE_MAX_BYTES` (20 MiB by default; 413). An XML with a DOCTYPE is refused (400): no CII or UBL invoice has one, and entities are how XML attacks work.
         */
        post: operations["validateEInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/e-invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make an e-invoice XML from invoice data
         * @description The XML alone, for buyers that take XML rather than a PDF (German public buyers: XRechnung; Peppol: UBL): Folio generates it from invoice data (the internal format of @e-invoice-eu/core, EN 16931's business terms as JSON; the e-invoice guide has an example), checks it against the official rule sets of its profile and answers it (`application/xml`, or with `Accept: application/json` the XML and the verdict). Only an XML the rule sets pass is answered: an error-level finding is 400 `einvoice_invalid` with every finding. The profile is `profile`, else the one the data names in `cbc:CustomizationID` (Peppol BIS Billing 3.0's id checks as EN 16931). Nothing is stored. To embed the same invoice in a printed PDF, give the data to a render job's `eInvoice.data`.
         */
        post: operations["createEInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run PDF steps (stamp, watermark, rotate, select, fill, flatten, split…)
         * @description Joins the sources (managed PDFs, uploaded ones included, and succeeded render outputs of the account), applies `steps` in order and keeps the result as a new managed PDF. The work is a **job**: a render job that prints no page, with its states, the render-job and render-time allowances of the plan, the `render.job.terminated` webhook of the account's inline deploy (`_inline`), diagnostics, and `GET /v1/pdf-jobs/{jobId}` (it is listed by `GET /v1/render-jobs` too, with `document.pdfSources`). The request waits for it up to `waitSeconds` (default 60): **201** `{job, pdfs}` when it succeeded, **202** `{job}` when it still runs (poll `GET /v1/pdf-jobs/{jobId}?waitSeconds=30`), **422** when it failed: `pdf_step_failed` naming the step (`details.field`, `details.jobId`), else `render_job_failed` with `details.jobErrorCode`. Steps that need the server beside the sandbox — `split` (several PDFs), `merge`, a stamp of a PDF page, `encrypt` (its passwords are never stored), `sign`, `timestamp` — make the job run **in the request** instead (at most 120 s): 201 `{pdfs}`, one per part of a split, all stored or none. Steps (the PDF guide, "PDF jobs"): `select {pages}`, `rotate {angle: 90|180|270, pages?}`, `stamp` with exactly one of `text` (`fontSize?, color?`), `image {contentBase64}` (PNG or JPEG, at most 2 MB) or `pdf {pdfId, page?}` (a page of a managed PDF, embedded as a form XObject), and `width?, height?` (image, page), `opacity?, rotation?, position?, pages?, layer?` (over the content by default); `watermark` (a stamp under the content by default); `merge {pdfIds}` (appends managed PDFs); `fillForm {fields: {name: value}}` (text: a string; checkbox: true/false; radio, dropdown: an option; list box: options); `flatten`; `metadata {title?, author?, subject?, keywords?}`; `attachments {add: [{name, contentBase64, mimeType, description?}]}` (embedded files; GET /v1/pdfs/{id}/info lists them); `outline {entries: [{title, page, children?}]}` (replaces the bookmarks); `split {every} | {ranges} | {outline: true}` (one part per top-level bookmark); `optimize {images?}` (qpdf --linearize --object-streams=generate; `images: true` also recompresses images as JPEG where smaller, lossy); `encrypt {ownerPassword, userPassword?, permissions?}` (AES-256 as a render job's `protection`; passwords held in memory only); `sign {certificateId, reason?, location?, contactInfo?, timestamp?}` (PAdES B-B with a stored signing certificate; `timestamp: true` adds a signature time-stamp, PAdES B-T); `timestamp` (a document timestamp, /DocTimeStamp). Timestamps come from the account's RFC 3161 authority (`PUT /v1/account/timestamp-authority`), else the operator's (FOLIO_TIMESTAMP_AUTHORITY_URL); 400 when none is set, 502 `timestamp_authority_failed` when it fails. `redact {areas?: [{page, x, y, width, height}], text?, patterns?, ignoreCase?, pages?, fill?}` removes what lies under the areas (points from the top-left of the page as shown) and the strings or regular expressions found, from the content itself (text, images, paths), draws a box of `fill` (default black, `null` none) and fails rather than return a page where the text can still be read; `nUp {columns, rows, sheet?, landscape?, order?, margin?, gap?, border?}` puts several pages on each sheet; `conform {standard?: pdf/a-2b|pdf/a-3b, accessibility?: pdf/ua-1}` makes the document PDF/A or PDF/UA-1 or fails naming why; `extractText {format?: text|markdown, pages?}` and `validate {standards: [pdf/a-1b|pdf/a-2b|pdf/a-3b|pdf/ua-1], failOnFindings?}` read the document where they stand and report in `reports` (a job with them runs in the request; with only such steps no PDF is made; `Accept: text/markdown` or `text/plain` answers the extracted text itself). Order rules, checked before anything is read (400 naming the step): content steps first, then at most one each of `split`, `optimize`, `encrypt`, `sign` in this order, then `timestamp`s; nothing that rewrites the file after `sign` or `timestamp`; no `timestamp` with `encrypt`, no `sign`/`timestamp` with `optimize`; no `fillForm` after `flatten`. After `split`, the later steps apply to each part. Sources, stamp pages, merged PDFs and certificates of another account are 404 at once; a source deleted before an asynchronous job runs fails it with `pdf_source_unavailable`. Limits as for a merge (50 sources, the plan's `maxRenderOutputBytes` for the sources and each result); images and attachments at most 8 MB together. Optional `Idempotency-Key` (`waitSeconds` is not compared). **One request, nothing kept**: with `Accept: application/pdf` (or `application/zip`) the steps run in the request on the sources' bytes (uploads are not stored) and the answer is **200** with the PDF, or a zip of the parts of a split (`outputMode: transient`, the default then; `outputMode: managed` keeps it as usual). Results are named after `fileName`, else the first source.
         */
        post: operations["runPdfSteps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf-jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a PDF job (with its PDF after success)
         * @description A PDF job is a render job that prints no page (it also appears in `GET /v1/render-jobs`, with `document.pdfSources`): `waitSeconds` (0–30) long-polls until it ends. After success `pdfs` holds the managed PDF it made. A failed job has `errorCode` (`pdf_step_failed` naming the step, `pdf_source_unavailable`, `pdf_limit_exceeded`, `storage_limit_exceeded`…) and `errorMessage`. Another account's job, or a render job that is not a PDF job, is 404.
         */
        get: operations["getPdfJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Download managed PDFs as one zip
         * @description Streams the PDFs as one zip (`application/zip`, stored entries named by each PDF's `fileName`; a name that repeats gets `-2`, `-3`…), e.g. the parts of a `split` PDF job. Every id is checked before a byte is sent: another account's or an unknown id is 404 `pdf_not_found` naming it (`details.field: "pdfIds[3]"`), one being deleted 409 `pdf_deleting`. At most 500 PDFs and 2 GiB.
         */
        post: operations["zipPdfs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/render-jobs/{jobId}/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page images of a job, with signed links
         * @description The images a succeeded job made of its printed pages (`images` or an image `outputFormat` on the job), in page order, each with a fresh signed URL served with no API key (`inline` by default; `disposition=attachment` for a download). The images live as long as the job's output: 10 minutes after a transient job finished (then 404 `render_output_not_found`), or until a managed job's PDF is deleted. A job that asked for no images answers an empty list; a job that has not succeeded, 409 `render_output_not_ready`.
         */
        get: operations["listPageImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdfs/{pdfId}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * First-page thumbnail of a managed PDF (PNG)
         * @description Page 1 of the PDF as a PNG 240 pixels wide, drawn by poppler on the first request and kept with the PDF (deleted with it; its bytes count toward the account's storage as a render output). A PDF that needs a password to open has none: 409 `thumbnail_unavailable`.
         */
        get: operations["getPdfThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download or preview through a signed URL (no API key)
         * @description Where the signed, expiring URLs of the download and preview operations lead (`access.url`): no API key, the token carries what to serve, the disposition and the expiry under an HMAC signature. 403 `link_invalid` for a bad signature, 410 `link_expired` past `expiresAt`, 404 once the file is deleted. A `Range` that starts past the end answers 416 with `Content-Range: bytes *\/<size>` and no body; any other `Range` Folio does not serve (another unit, several ranges, a malformed one) is ignored: 200 with the whole file.
         */
        get: operations["getSignedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Download or preview through a signed URL (no API key)
         * @description Where the signed, expiring URLs of the download and preview operations lead (`access.url`): no API key, the token carries what to serve, the disposition and the expiry under an HMAC signature. 403 `link_invalid` for a bad signature, 410 `link_expired` past `expiresAt`, 404 once the file is deleted. A `Range` that starts past the end answers 416 with `Content-Range: bytes *\/<size>` and no body; any other `Range` Folio does not serve (another unit, several ranges, a malformed one) is ignored: 200 with the whole file.
         */
        head: operations["headSignedFile"];
        patch?: never;
        trace?: never;
    };
    "/p/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A permanent public link to a managed PDF (inline)
         * @description The `url` of a permanent link: serves the managed PDF inline to anyone, with no API key, until the link or the PDF is deleted (then 404). A `Range` that starts past the end answers 416 with `Content-Range: bytes *\/<size>` and no body; any other `Range` Folio does not serve (another unit, several ranges, a malformed one) is ignored: 200 with the whole file.
         */
        get: operations["getPermanentLinkFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * A permanent public link to a managed PDF (inline)
         * @description The `url` of a permanent link: serves the managed PDF inline to anyone, with no API key, until the link or the PDF is deleted (then 404). A `Range` that starts past the end answers 416 with `Content-Range: bytes *\/<size>` and no body; any other `Range` Folio does not serve (another unit, several ranges, a malformed one) is ignored: 200 with the whole file.
         */
        head: operations["headPermanentLinkFile"];
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API keys of the account (newest first, revoked ones included)
         * @description Every key of the account in one page. Needs a key of scope `all` or a dashboard session.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Answers the key once, in `key`; Folio keeps only its SHA-256. `scopes` defaults to `["all"]`.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Immediate in every process: with PostgreSQL the revocation is broadcast to the other api and worker processes (LISTEN/NOTIFY). Revoking a revoked key is a no-op (204).
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signing-certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signing certificates (newest first)
         * @description One page of the signing certificates of the account, newest first. Needs the scope `certificates:read`.
         */
        get: operations["listSigningCertificates"];
        put?: never;
        /**
         * Store a signing certificate (PKCS#12)
         * @description Stores a PKCS#12 file and its passphrase, encrypted at rest; the answer describes the certificate (subject, issuer, validity, SHA-256 fingerprint, key) and never contains the file or the passphrase. Refused with 400 `invalid_request` (`details.field` = `pkcs12` or `passphrase`): a body that is not base64, a file larger than 65536 bytes, a passphrase that does not open the file, a file without exactly one private key and its certificate, a key that is not RSA 2048–8192 bits, an expired certificate. An account keeps at most 20 (409 `signing_certificate_limit_reached`). Optional `Idempotency-Key` (24 h): a repeat answers the same certificate. Needs the scope `certificates:write`.
         */
        post: operations["createSigningCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signing-certificates/{signingCertificateId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a signing certificate
         * @description `expired` and `notYetValid` are computed at the time of the answer. The file and the passphrase are never answered. Needs the scope `certificates:read`.
         */
        get: operations["getSigningCertificate"];
        put?: never;
        post?: never;
        /**
         * Delete a signing certificate
         * @description Removes the certificate, its encrypted file and passphrase at once (not reversible); then GET answers 404. Needs the scope `certificates:write`.
         */
        delete: operations["deleteSigningCertificate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "render.job.terminated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A render job succeeded or failed
         * @description Folio POSTs this event to the webhook URL of the job's deploy (`PATCH /v1/deploys/{deployId}/settings`, `webhook: {enabled: true, url}`) when a render job reaches `succeeded` or `failed`, if at that moment the deploy's webhook is enabled with a URL. Canceled jobs send nothing. Delivery is **at least once**: deduplicate on `Service-Webhook-Id` (= the body's `id`), never on the body's bytes, which change between attempts (fresh download URL).
         *
         *     **Attempts.** The first at once, the next ones 15 s, 1 min, 5 min, 15 min and 30 min after the previous one (6 in all, about 51 minutes). Each attempt has a 10 s timeout. `GET /v1/render-jobs/{jobId}/webhook-deliveries` lists them; `POST /v1/render-jobs/{jobId}/webhook-deliveries/redeliver` sends the event again now.
         *
         *     **Signature.** Every request carries `Service-Webhook-Timestamp` (Unix **seconds**) and `Service-Webhook-Signature`: one or more comma-separated `v1=<64 lowercase hex>` entries, each
         *
         *     `hex(HMAC-SHA256(key = signing secret, message = <Service-Webhook-Timestamp> + "." + <raw body bytes>))`
         *
         *     A request is authentic when **any** `v1=` entry matches the HMAC computed with your secret (compare in constant time) and the timestamp is within 5 minutes of your clock. Compute the HMAC over the raw bytes received, before parsing the JSON. After a rotation of a deploy's secret, for 24 hours two entries are sent (`v1=<new>,v1=<previous>`). The secret is the deploy's own when it has one (`PATCH /v1/deploys/{deployId}/settings` with `webhook.signingSecretAction`), otherwise the account's (`whsec_…`); the API shows only whether it exists and a masked preview. Stripe's webhook libraries verify the same scheme when given `t=<timestamp>,<signature entries>`.
         *
         *     **URL policy.** `https://` only (plain `http://` only on a server started with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`); hosts that are or resolve to loopback, private, link-local or other non-public addresses are refused, when the settings are saved and again before every attempt.
         */
        post: operations["renderJobTerminatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "render_batch.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A render batch completed
         * @description One event per render batch (`POST /v1/render-batches`), sent when every item is terminal (succeeded, failed or canceled) and, for `combine` `merge` or `zip`, once the product is built or has failed. The body carries the batch as `GET /v1/render-batches/{batchId}` answers it, with fresh signed links to the product on every attempt. Items send their own `render.job.terminated` events only when the batch was created with `itemWebhooks: true`. The deploy's webhook URL, secret, schedule, URL policy and at-least-once delivery are those of `render.job.terminated`: deduplicate on `Service-Webhook-Id` (`evt_render_batch_completed_<batchId>`).
         */
        post: operations["renderBatchCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * RenderJobTerminatedEvent
         * @description The body of the `render.job.terminated` webhook, sent as compact JSON. It is rebuilt for every attempt (fresh download URL), so its bytes differ between attempts.
         */
        RenderJobTerminatedEvent: {
            /** @description `evt_render_job_terminated_<jobId>`: the same on every attempt (= Service-Webhook-Id). Deduplicate on it. */
            id: string;
            /** @enum {string} */
            type: "render.job.terminated";
            /** @description Unix epoch milliseconds: the job's `finishedAt`. */
            occurredAt: number;
            /** @description `output` is present only when the job succeeded. */
            data: {
                job: {
                    /** @description Render job id (`job_…`). */
                    id: string;
                    status: "succeeded" | "failed";
                    /**
                     * @description What the job makes its document from: `page` (an HTML entry printed by Chromium, deployed or inline), `template` (a Handlebars, Liquid, Nunjucks or Mustache entry), `markdown` (a Markdown entry), `url` (a web page, `source.url`), `office` (an Office document converted by LibreOffice), `word-template` (a Word template filled from the payload, then converted) or `pdf-job` (existing PDFs joined by `POST /v1/pdf-jobs`). On every view of a job (reads, lists, the answers of creation and cancellation, batch items) and in webhook bodies; absent when it depends on a version that no longer exists.
                     * @example page
                     */
                    kind?: "page" | "template" | "markdown" | "url" | "office" | "word-template" | "pdf-job";
                    deployId: string;
                    /** @description The concrete version the job rendered. */
                    deployVersionId: string;
                    businessKey: string;
                    /** @description sha256 hex of the payload bytes the page received. */
                    payloadHash: string;
                    outputMode: "transient" | "managed";
                    /** @description Automatic retries the job needed (0 when the first attempt finished it). */
                    attempt: number;
                    /** @description Unix epoch milliseconds. */
                    requestedAt: number;
                    /** @description Unix epoch milliseconds. */
                    finishedAt: number;
                    /** @description What went wrong in a job that still produced its PDF, one entry per code (the templates guide, "Warnings and failOn"). Empty when nothing did. A code listed in the version's or job's `failOn` fails the job instead (`render_failed_on_warning`). */
                    warnings: {
                        /** @description A warning code: `page_exception`: The page threw an uncaught exception or left a promise rejection unhandled. `console_error`: The page wrote to console.error (or a console.assert failed). `request_failed`: A request of the page to the internet failed (network error or timeout, or Folio's fetches of all jobs held their limit at that moment); what it loads is missing from the PDF. `request_blocked`: Folio's network policy refused a request of the page (an address it may not reach, the internet on a plan without it, or a resource over the server's byte budgets: one resource, or all of a job's fetched resources together; the message names the limit); what it loads is missing from the PDF. `http_error_status`: A request of the page was answered with an HTTP error: a file not in the bundle (404), or an internet response of 400 or more. `font_fallback`: A web font of the page failed to load; the text was printed with a fallback font. `ready_by_timeout`: The default ready protocol printed after waiting 3 s for work that did not end (an endless animation, a DOM that kept changing); the page may be incomplete. Call folio.ready() to say when it is done. `margin_boxes_clipped`: The CSS puts content in @page margin boxes (@top-center, @bottom-right, …) on a side whose page margin is 0: Chromium drops those boxes. Give the page a margin on that side. `pdfua_violation`: The job asked for PDF/UA-1 and its PDF fails machine-checkable conditions of the Matterhorn Protocol (a Figure without alternative text, no document language, no title, untagged content…); the message names each failed condition by its Matterhorn id. Checked conditions: the PDF guide, "PDF/UA-1". `einvoice_rule_warning`: The job's e-invoice XML breaks rules of its profile's official rule sets at warning level (no errors: those refuse the job with 400 `einvoice_invalid`); the message names the rules. `POST /v1/e-invoices/validate` lists every finding with its location. `einvoice_not_validated`: The job's e-invoice XML was embedded without the check of the official rule sets: Java or Saxon-HE is not installed on the server (the e-invoice guide). Its well-formedness and root were checked; a buyer's validator may still refuse it. `payload_schema_missing`: The job's version has no payload.schema.json, so a payload of the wrong shape is not refused and may print a wrong document (e.g. an invoice of 0.00). */
                        code: "page_exception" | "console_error" | "request_failed" | "request_blocked" | "http_error_status" | "font_fallback" | "ready_by_timeout" | "margin_boxes_clipped" | "pdfua_violation" | "einvoice_rule_warning" | "einvoice_not_validated" | "payload_schema_missing";
                        /** @description How many times it happened in the job. */
                        count: number;
                        /** @description The first occurrence, in words (at most 300 characters; URLs without query string). */
                        message: string;
                    }[];
                    /** @description A PDF job (`POST /v1/pdf-jobs`) only: the sources it joined, in order. */
                    pdfSources?: {
                        pdfId?: string;
                        jobId?: string;
                    }[];
                    /** @description Succeeded jobs only. */
                    deployVersionNo?: number;
                    /** @description Succeeded jobs only. */
                    deployVersionRoute?: string;
                    /** @description Succeeded jobs only. */
                    deployVersionTitle?: string;
                    /** @description Succeeded jobs only. Unix epoch milliseconds. */
                    startedAt?: number;
                    /** @description Failed jobs only: navigation_timeout, render_crashed, template_render_failed, render_timeout_exceeded, render_failed, render_retry_limit_exceeded, render_output_too_large, storage_limit_exceeded, page_references_unstable, pdf_postprocess_failed, pdf_step_failed, pdf_source_unavailable, pdf_limit_exceeded, render_failed_on_warning, render_request_failed, url_source_blocked, url_source_not_found, url_source_unreachable, office_conversion_failed, office_timeout, office_password_required, office_input_invalid, office_unavailable, office_output_too_large (the render job error codes). */
                    errorCode?: string;
                    /** @description Failed jobs only. */
                    errorMessage?: string;
                };
                output?: {
                    /** @description Render output id (`out_…`). */
                    id: string;
                    renderJobId: string;
                    /** @enum {string} */
                    contentType: "application/pdf";
                    fileName: string;
                    /** @description Lowercase hex SHA-256 of the content. */
                    sha256: string;
                    bytes: number;
                    pageCount: number;
                    download: {
                        /**
                         * Format: uri
                         * @description Signed download URL (no API key needed), fresh for every attempt.
                         */
                        url: string;
                        /** @description Unix epoch milliseconds: 10 minutes after this attempt was built. */
                        expiresAt: number;
                    };
                    /** @description Transient outputs only: `finishedAt` + the transient-output lifetime (10 minutes). The file is deleted after it, so a later attempt carries a URL that answers 404. Absent for managed outputs. */
                    accessGuaranteedUntil?: number;
                };
            };
        };
        /**
         * RenderBatchCompletedEvent
         * @description The body of the `render_batch.completed` webhook: the batch as `GET /v1/render-batches/{batchId}` shows it, rebuilt for every attempt (fresh product links).
         */
        RenderBatchCompletedEvent: {
            /** @description `evt_render_batch_completed_<batchId>`: the same on every attempt (= Service-Webhook-Id). */
            id: string;
            /** @enum {string} */
            type: "render_batch.completed";
            /** @description Unix epoch milliseconds: when the batch completed (its product, if any, built or failed). */
            occurredAt: number;
            data: {
                /** RenderBatch */
                batch: {
                    /** @description Batch id (`bat_…`). */
                    id: string;
                    deployId: string;
                    /** @description The concrete version every item is bound to, even when `latest` or an alias was requested. */
                    deployVersionId: string;
                    deployVersionNo: number;
                    businessKey?: string;
                    /** @description What the batch makes of its items once they are all terminal: `none`, `merge` or `zip`; `check` for the prints of a version check (`POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks`), whose result is read as the check. */
                    combine: "none" | "merge" | "zip" | "check";
                    /** @description Whether every item sends its own `render.job.terminated` webhook. */
                    itemWebhooks: boolean;
                    /** @description `running` while any item is unfinished; `combining` while the merged PDF or the zip is built; `completed` once every item is terminal (succeeded, failed or canceled) and the product, if any, is ready or failed. */
                    status: "running" | "combining" | "completed";
                    itemCount: number;
                    /** @description How many items are in each job state. */
                    counts: {
                        queued: number;
                        rendering: number;
                        retry_scheduled: number;
                        succeeded: number;
                        failed: number;
                        canceled: number;
                    };
                    /**
                     * RenderBatchProduct
                     * @description The combined product (`combine` `merge` or `zip`), present once every item is terminal.
                     */
                    product?: {
                        kind: "merge" | "zip";
                        /** @description `pending` while it is built; `ready` with `pdf` or `zip`; `failed` with `error` (nothing to combine, too large, over the storage limit); `deleted` once the merged PDF was deleted or the zip expired. */
                        state: "pending" | "ready" | "failed" | "deleted";
                        /** @description How many item PDFs it holds (the succeeded items, in item order). */
                        items?: number;
                        /** @description `merge`: the merged PDF. */
                        pdf?: {
                            /** @description The managed PDF (`pdf_…`): see `/v1/pdfs/{pdfId}`. */
                            id: string;
                            fileName: string;
                            bytes: number;
                            /** @description The sum of the page counts of the included items. */
                            pageCount: number;
                            sha256: string;
                            /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                            access?: {
                                /** @description Signed download URL (10 minutes, refreshed on every read). */
                                url: string;
                                /** @description Unix epoch milliseconds. */
                                expiresAt: number;
                            };
                        };
                        /** @description `zip`: the zip of the item PDFs, each named by its file name (a business-key file name template applies). */
                        zip?: {
                            fileName: string;
                            bytes: number;
                            /** @description PDFs in the zip. */
                            files: number;
                            sha256: string;
                            /** @description When the zip is deleted (like a transient output). */
                            expiresAt: number | null;
                            /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                            access?: {
                                /** @description Signed download URL (10 minutes, refreshed on every read). */
                                url: string;
                                /** @description Unix epoch milliseconds. */
                                expiresAt: number;
                            };
                        };
                        error?: {
                            /** @description `batch_nothing_to_combine`: No item of the batch succeeded (or every succeeded output was deleted first): there is nothing to merge or zip. `batch_product_too_large`: The merged PDF would pass 5,000 pages or read more than the merge byte limit (the plan's maxRenderOutputBytes, at most 100 MiB), or the zip would pass 2 GiB. `storage_limit_exceeded`: Storing the merged PDF would exceed the plan's storageLimitBytes. `batch_combine_failed`: An item PDF could not be read or merged (the message says which and why), or the server itself failed (its storage or database): then the message says only that an internal error stopped the product and names the batch id, under which the server's log has the error. */
                            code: "batch_nothing_to_combine" | "batch_product_too_large" | "storage_limit_exceeded" | "batch_combine_failed";
                            message: string;
                        };
                    };
                    /** @description Unix epoch milliseconds. */
                    createdAt: number;
                    /** @description Unix epoch milliseconds. */
                    updatedAt: number;
                    /** @description When the last item reached a terminal state (once completed). */
                    finishedAt?: number;
                };
            };
        };
        /**
         * Error
         * @description The uniform error body of every non-2xx response.
         */
        Error: {
            /** @description Machine-readable error code. Each error response of an operation lists the codes it can carry. */
            error: "invalid_request" | "invalid_path" | "deploy_id_mismatch" | "upload_session_too_large" | "upload_session_policy_limit_exceeded" | "upload_blob_too_large" | "blob_hash_mismatch" | "blob_missing" | "deploy_commit_policy_limit_exceeded" | "template_syntax_error" | "einvoice_invalid" | "payload_too_large" | "payload_invalid" | "office_input_invalid" | "office_password_required" | "unauthorized" | "invalid_credentials" | "upload_token_invalid" | "forbidden" | "csrf_token_invalid" | "link_invalid" | "url_source_not_allowed" | "route_not_found" | "account_not_found" | "deploy_not_found" | "deploy_version_not_found" | "upload_session_not_found" | "render_job_not_found" | "render_batch_not_found" | "version_check_not_found" | "render_output_not_found" | "pdf_not_found" | "pdf_attachment_not_found" | "permanent_link_not_found" | "api_key_not_found" | "signing_certificate_not_found" | "method_not_allowed" | "request_timeout" | "deploy_slug_conflict" | "deploy_has_no_versions" | "deploy_version_in_use" | "version_has_no_fixtures" | "upload_session_committed" | "upload_session_expired" | "blob_not_in_session" | "render_job_not_cancelable" | "render_output_not_ready" | "webhook_not_available" | "pdf_deleting" | "thumbnail_unavailable" | "signing_certificate_limit_reached" | "idempotency_key_conflict" | "idempotency_key_in_use" | "render_job_failed" | "pdf_invalid" | "pdf_password_required" | "pdf_password_incorrect" | "pdf_step_failed" | "conversion_failed" | "upload_session_gone" | "link_expired" | "body_too_large" | "unsupported_media_type" | "deploy_commit_quota_exceeded" | "render_job_quota_exceeded" | "render_time_quota_exceeded" | "storage_limit_exceeded" | "rate_limited" | "auth_throttled" | "headers_too_large" | "internal_error" | "not_implemented" | "timestamp_authority_failed" | "render_provider_unavailable" | "einvoice_validator_unavailable" | "office_unavailable" | "conversion_timeout" | "service_unavailable" | "insufficient_storage";
            /** @description Human-readable explanation. */
            message: string;
            /** @description Extra information, e.g. `field` for validation errors. */
            details?: {
                [key: string]: unknown;
            };
        };
        /** Deploy */
        Deploy: {
            id: string;
            accountId: string;
            slug: string;
            name: string;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
        };
        /** DeployListItem */
        DeployListItem: {
            id: string;
            slug: string;
            name: string;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
        };
        /** DeployVersion */
        DeployVersion: {
            id: string;
            /** @description `v<versionNo>-<first 7 hex of treeHash>` */
            displayId: string;
            deployId: string;
            versionNo: number;
            /** @description sha256 over the sorted entries, one line `path\0sha256\0size\n` each. */
            treeHash: string;
            renderIndexKey: string;
            renderPackKey: string;
            route: string;
            title: string;
            renderTimeoutMs?: number;
            metadataJson?: string;
            /** @description The bundle's `payload.schema.json` (JSON Schema 2020-12), checked at commit: every job's JSON payload must match it (400 `payload_invalid`). Absent without one. */
            payloadSchema?: unknown;
            /** @description The bundle's `sample-payload.json` (it matches the schema); absent without one. */
            samplePayload?: unknown;
            /**
             * @description The print defaults this version prints with where its document says nothing (page margin, prefers-reduced-motion): `1` for versions committed before 2026-11-27 (no page margin), `2` after (Chromium's 1 cm, reduced motion). Fixed at commit, so a later change of defaults never changes a live version's PDFs (the templates guide, "Print defaults").
             * @example 2
             */
            printDefaults: number;
            /** @description The warning codes that fail this version's jobs (`render.failOn` at commit); empty: none. */
            failOn: ("page_exception" | "console_error" | "request_failed" | "request_blocked" | "http_error_status" | "font_fallback" | "ready_by_timeout" | "margin_boxes_clipped" | "pdfua_violation" | "einvoice_rule_warning" | "einvoice_not_validated" | "payload_schema_missing")[];
            /** @description The template language of the entry (`render.engine` at commit, or its extension); `html` for none; `docx` for a Word template filled from the payload and converted to PDF. */
            engine: "html" | "handlebars" | "liquid" | "nunjucks" | "mustache" | "markdown" | "docx";
            /** @description `ready` after commit. */
            status: string;
            fileCount: number;
            totalBytes: number;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
        };
        /** Alias */
        Alias: {
            deployId: string;
            alias: string;
            /** @description A concrete version id or `latest`. */
            deployVersionId: string;
            /** @description Unix epoch milliseconds. */
            updatedAt: number;
        };
        /** DeploySettings */
        DeploySettings: {
            deployId: string;
            webhook: {
                enabled: boolean;
                url?: string;
                /** @description Whether a deploy-level signing secret exists (otherwise the account secret signs). */
                signingSecretConfigured: boolean;
                /** @description Masked preview; the full secret is never returned. */
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
                    /** @description Unix epoch milliseconds. */
                    createdAt: number;
                    /** @description Unix epoch milliseconds. */
                    updatedAt: number;
                }[];
            };
            secrets: {
                /** @description Secret values are write-only. */
                items: {
                    deployId: string;
                    name: string;
                    /** @description Unix epoch milliseconds. */
                    createdAt: number;
                    /** @description Unix epoch milliseconds. */
                    updatedAt: number;
                }[];
            };
        };
        /** FileDescriptor */
        FileDescriptor: {
            /** @description Path inside the bundle, e.g. `css/site.css` (a leading `/` is optional). */
            path: string;
            /** @description Lowercase hex SHA-256 of the content. */
            sha256: string;
            /** @description Bytes; at most 10485760. */
            size: number;
            mime?: string;
        };
        /** UploadSession */
        UploadSession: {
            id: string;
            deployId: string;
            /** @description `open`, `committed` or `expired`. */
            status: string;
            requestedFileCount: number;
            requestedBytes: number;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
            /** @description Unix epoch milliseconds. */
            expiresAt: number;
        };
        /** Blob */
        Blob: {
            sha256: string;
            size: number;
            mime?: string;
            /** @description Key of the blob in content-addressed storage. */
            storeKey: string;
        };
        /** UsageOverview */
        UsageOverview: {
            period: {
                kind: string;
                /** @description Unix epoch milliseconds. */
                start: number;
                /** @description Unix epoch milliseconds. */
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
            /** @description Plan limits; null means unlimited (for inlineVersionRetentionDays: inline versions are kept). */
            policy: {
                allowExternalNetwork: boolean;
                maxAttachmentsPerJob: number | null;
                maxAttachmentBytesPerJob: number | null;
                maxBytesPerDeployCommit: number | null;
                maxConcurrentRenderJobs: number | null;
                maxDeployCommitsPerBillPeriod: number | null;
                maxFilesPerDeployCommit: number | null;
                maxRenderJobsPerBillPeriod: number | null;
                maxRenderOutputBytes: number | null;
                maxRenderTimeMsPerBillPeriod: number | null;
                maxRenderTimeoutMs: number | null;
                storageLimitBytes: number | null;
                maxInlineHtmlBytes: number | null;
                maxInlineFilesPerJob: number | null;
                maxInlineBytesPerJob: number | null;
                inlineVersionRetentionDays: number | null;
                maxDocumentPages: number | null;
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
                /** @description Unix epoch milliseconds. */
                periodStart: number;
                /** @description Unix epoch milliseconds. */
                periodEnd: number;
            };
            /** @description Unix epoch milliseconds. */
            generatedAt: number;
        };
        /** RenderJob */
        RenderJob: {
            id: string;
            deployId: string;
            /** @description The concrete version the job is bound to, even when `latest` or an alias was requested. */
            deployVersionId: string;
            deployVersionNo?: number;
            deployVersionRoute?: string;
            deployVersionTitle?: string;
            /** @description Defaults to the job id. */
            businessKey: string;
            /** @description sha256 hex of the exact payload bytes the page receives (canonical JSON for JSON MIME types). */
            payloadHash: string;
            payloadMime: string;
            status: "queued" | "rendering" | "succeeded" | "retry_scheduled" | "failed" | "canceled";
            /** @description Starts at 0; increases with each automatic retry. */
            attempt: number;
            outputMode: "transient" | "managed";
            queue: string;
            /** @description Unix epoch milliseconds. */
            requestedAt: number;
            /** @description Unix epoch milliseconds. */
            startedAt?: number;
            /** @description Unix epoch milliseconds. */
            finishedAt?: number;
            /** @description When a job in retry_scheduled is tried again. */
            nextAttemptAt?: number;
            /** @description On failure: navigation_timeout, render_crashed, template_render_failed, render_timeout_exceeded, render_failed, render_retry_limit_exceeded, render_output_too_large, storage_limit_exceeded, page_references_unstable, pdf_postprocess_failed, pdf_step_failed, pdf_source_unavailable, pdf_limit_exceeded, render_failed_on_warning, render_request_failed, url_source_blocked, url_source_not_found, url_source_unreachable, office_conversion_failed, office_timeout, office_password_required, office_input_invalid, office_unavailable, office_output_too_large (the render job error codes). */
            errorCode?: string;
            errorMessage?: string;
            /** @description Set on the items of a render batch: the batch (`bat_…`). */
            batchId?: string;
            /** @description The item's position in its batch, from 0. */
            batchIndex?: number;
            /** @description What went wrong in a job that still produced its PDF, one entry per code (the templates guide, "Warnings and failOn"). Empty when nothing did. A code listed in the version's or job's `failOn` fails the job instead (`render_failed_on_warning`). */
            warnings: {
                /** @description A warning code: `page_exception`: The page threw an uncaught exception or left a promise rejection unhandled. `console_error`: The page wrote to console.error (or a console.assert failed). `request_failed`: A request of the page to the internet failed (network error or timeout, or Folio's fetches of all jobs held their limit at that moment); what it loads is missing from the PDF. `request_blocked`: Folio's network policy refused a request of the page (an address it may not reach, the internet on a plan without it, or a resource over the server's byte budgets: one resource, or all of a job's fetched resources together; the message names the limit); what it loads is missing from the PDF. `http_error_status`: A request of the page was answered with an HTTP error: a file not in the bundle (404), or an internet response of 400 or more. `font_fallback`: A web font of the page failed to load; the text was printed with a fallback font. `ready_by_timeout`: The default ready protocol printed after waiting 3 s for work that did not end (an endless animation, a DOM that kept changing); the page may be incomplete. Call folio.ready() to say when it is done. `margin_boxes_clipped`: The CSS puts content in @page margin boxes (@top-center, @bottom-right, …) on a side whose page margin is 0: Chromium drops those boxes. Give the page a margin on that side. `pdfua_violation`: The job asked for PDF/UA-1 and its PDF fails machine-checkable conditions of the Matterhorn Protocol (a Figure without alternative text, no document language, no title, untagged content…); the message names each failed condition by its Matterhorn id. Checked conditions: the PDF guide, "PDF/UA-1". `einvoice_rule_warning`: The job's e-invoice XML breaks rules of its profile's official rule sets at warning level (no errors: those refuse the job with 400 `einvoice_invalid`); the message names the rules. `POST /v1/e-invoices/validate` lists every finding with its location. `einvoice_not_validated`: The job's e-invoice XML was embedded without the check of the official rule sets: Java or Saxon-HE is not installed on the server (the e-invoice guide). Its well-formedness and root were checked; a buyer's validator may still refuse it. `payload_schema_missing`: The job's version has no payload.schema.json, so a payload of the wrong shape is not refused and may print a wrong document (e.g. an invoice of 0.00). */
                code: "page_exception" | "console_error" | "request_failed" | "request_blocked" | "http_error_status" | "font_fallback" | "ready_by_timeout" | "margin_boxes_clipped" | "pdfua_violation" | "einvoice_rule_warning" | "einvoice_not_validated" | "payload_schema_missing";
                /** @description How many times it happened in the job. */
                count: number;
                /** @description The first occurrence, in words (at most 300 characters; URLs without query string). */
                message: string;
            }[];
            /** @description The job's own failOn, when it gave one (it replaces the version's). */
            failOn?: ("page_exception" | "console_error" | "request_failed" | "request_blocked" | "http_error_status" | "font_fallback" | "ready_by_timeout" | "margin_boxes_clipped" | "pdfua_violation" | "einvoice_rule_warning" | "einvoice_not_validated" | "payload_schema_missing")[];
            /**
             * @description Long documents only (`pdf.parts`, the long-documents guide): pages printed so far with their final page numbers, across all parts; the joined document's page count once every part printed. Absent for every other job.
             * @example 4200
             */
            pagesDone?: number;
            /**
             * @description The W3C trace the job's work belongs to: the trace of the `traceparent` header its creating request sent, or the trace Folio started for that request when it exports traces (OTEL_* variables, the operations guide). The job's spans, log lines (`traceId`) and webhook requests (`traceparent`) carry it. Absent when the job was created without a traceparent and Folio does not trace.
             * @example 4bf92f3577b34da6a3ce929d0e0e4736
             */
            traceId?: string;
            /**
             * @description What the job makes its document from: `page` (an HTML entry printed by Chromium, deployed or inline), `template` (a Handlebars, Liquid, Nunjucks or Mustache entry), `markdown` (a Markdown entry), `url` (a web page, `source.url`), `office` (an Office document converted by LibreOffice), `word-template` (a Word template filled from the payload, then converted) or `pdf-job` (existing PDFs joined by `POST /v1/pdf-jobs`). On every view of a job (reads, lists, the answers of creation and cancellation, batch items) and in webhook bodies; absent when it depends on a version that no longer exists.
             * @example page
             */
            kind?: "page" | "template" | "markdown" | "url" | "office" | "word-template" | "pdf-job";
            /** @description Set when the job prints a web page (`source.url`) rather than a deploy or inline HTML. */
            source?: {
                /** @enum {string} */
                type: "url";
                /** @description The page's origin and path; its query, fragment, cookies and headers are never shown. */
                url: string;
            };
            /** @description What the job asked of its output with `pdf`, `attachments`, `eInvoice`, `protection`, `signature`, `images`, `outputFormat` and `steps` (never their content or passwords: names, sizes, the profile). Absent for a job that asked none of them; the version's own `render.metadata.pdf` options apply either way and are not repeated here. */
            document?: {
                /** @description Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`. */
                standard?: "none" | "pdf/a-2b" | "pdf/a-3b";
                /**
                 * @description Accessibility level of the output: `none`, or `pdf/ua-1` (ISO 14289-1): Chromium's tagged PDF with the PDF/UA identification, title, language and tab order added, then checked against the machine-checkable Matterhorn Protocol conditions listed in the PDF guide ("PDF/UA-1"); each failure is a `pdfua_violation` warning of the job (`failOn` can make it fatal). Combines with every `standard`.
                 * @example pdf/ua-1
                 */
                accessibility?: "none" | "pdf/ua-1";
                metadata?: {
                    /** @description dc:title and Info /Title (shown as the window title). */
                    title?: string;
                    /** @description dc:creator and Info /Author. */
                    author?: string;
                    /** @description dc:description and Info /Subject. */
                    subject?: string;
                    /** @description pdf:Keywords and Info /Keywords. */
                    keywords?: string[];
                    /** @description xmp:CreatorTool and Info /Creator. */
                    creator?: string;
                    /** @description BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`). */
                    lang?: string;
                };
                attachments?: {
                    name: string;
                    mimeType: string;
                    relationship: string;
                    description?: string;
                    /** @description Size of the attached file. */
                    bytes: number;
                    /** @description Set when the file came from the version. */
                    bundlePath?: string;
                }[];
                eInvoice?: {
                    /** @enum {string} */
                    standard: "factur-x";
                    profile: string;
                    /** @description Size of the XML. */
                    bytes: number;
                };
                /** @description The PDF is signed with this certificate (PAdES B-B). */
                signature?: {
                    certificateId: string;
                    /** @description The certificate's subject when the job was created. */
                    subject: string;
                    fingerprintSha256: string;
                    reason?: string;
                    location?: string;
                    contactInfo?: string;
                    /**
                     * @description Draws the signature on a page: a box at `rect` (points, 1/72 inch — a CSS pixel is 0.75 pt — measured from the page's top-left corner) saying who signed (the certificate's common name), when (UTC), and the reason and location. The letters are drawn as outlines, so a PDF/A stays PDF/A. A page past the end, or a box reaching past the page, fails the job with `pdf_postprocess_failed`. Default: an invisible signature.
                     * @example {
                     *       "page": 1,
                     *       "rect": {
                     *         "x": 380,
                     *         "y": 700,
                     *         "width": 180,
                     *         "height": 50
                     *       }
                     *     }
                     */
                    visible?: {
                        /** @description The page (1-based). */
                        page: number;
                        rect: {
                            /** @description Points from the page's left edge. */
                            x: number;
                            /** @description Points from the page's top edge. */
                            y: number;
                            width: number;
                            height: number;
                        };
                    };
                };
                /** @description The PDF is encrypted (AES-256). The passwords are never shown, stored past the job, or sent in webhooks. */
                protection?: {
                    /** @description Whether a password is needed to open the PDF. */
                    userPassword: boolean;
                    /** @description What a reader allows without the owner password. */
                    permissions: {
                        /** @description Print (at low resolution unless `printHighQuality`). */
                        print: boolean;
                        /** @description Print at full resolution (needs `print`). */
                        printHighQuality: boolean;
                        /** @description Copy or extract text and images. */
                        copy: boolean;
                        /** @description Change the content (other than annotations, forms and assembly). */
                        modify: boolean;
                        /** @description Add or change comments and annotations. */
                        annotate: boolean;
                        /** @description Fill in form fields. */
                        fillForms: boolean;
                        /** @description Extract text for accessibility (screen readers). */
                        accessibility: boolean;
                        /** @description Insert, rotate or delete pages. */
                        assemble: boolean;
                    };
                };
                /** @description The page images the job asked for (`images`, with the format filled in). */
                images?: {
                    format: string;
                    pages: string;
                    width?: number;
                    dpi?: number;
                    quality?: number;
                };
                /** @description Present when the job keeps only page images (`png`, `jpeg` or `webp`): it has no PDF output. */
                outputFormat?: string;
                /**
                 * @description The types of the job's PDF `steps`, in order (never their values).
                 * @example [
                 *       "stamp",
                 *       "flatten"
                 *     ]
                 */
                steps?: string[];
                /** @description A PDF job (`POST /v1/pdf-jobs`): the sources it joins, in order, instead of printing a page. */
                pdfSources?: {
                    pdfId?: string;
                    jobId?: string;
                }[];
                /**
                 * @description How the Office entry was converted (`office`): the options as asked; of a password only that one was sent.
                 * @example {
                 *       "pageRanges": "1-2",
                 *       "pdfa": "PDF/A-2b",
                 *       "password": true
                 *     }
                 */
                office?: {
                    /**
                     * @description Pages to keep, LibreOffice's page ranges: numbers and ranges separated by commas (`"1-3,5"`). Default: every page.
                     * @example 1-3,5
                     */
                    pageRanges?: string;
                    /** @description Landscape paper: every page style of the document is turned (spreadsheets and text files mostly). Default false. */
                    landscape?: boolean;
                    /** @description LibreOffice's own PDF/A export. `pdf.standard` of the job also asks for it (and Folio's PDF/A step then runs on the result). */
                    pdfa?: "PDF/A-1b" | "PDF/A-2b" | "PDF/A-3b";
                    /** @description Tagged PDF (the structure assistive technology reads). `pdf.accessibility: "pdf/ua-1"` turns it on. */
                    tagged?: boolean;
                    /** @description Keep the document's form fields as PDF form fields. LibreOffice's default: true. */
                    exportFormFields?: boolean;
                    /** @description Headings become PDF bookmarks. Default true. */
                    exportBookmarks?: boolean;
                    /** @description Comments become PDF annotations. Default false. */
                    exportNotes?: boolean;
                    /** @description Hidden slides of a presentation are exported too. Default false. */
                    exportHiddenSlides?: boolean;
                    /** @description One page per sheet of a spreadsheet, as large as the sheet's used area. Default false. */
                    singlePageSheets?: boolean;
                    /** @description JPEG quality of images, 1-100. Default 90. */
                    quality?: number;
                    /** @description Images are downsampled to at most this many DPI. Default: kept as they are. */
                    maxImageResolution?: 75 | 150 | 300 | 600 | 1200;
                    /**
                     * @description A password was sent to open the document (never shown).
                     * @enum {boolean}
                     */
                    password?: true;
                };
            };
        };
        /** RenderOutput */
        RenderOutput: {
            id: string;
            bytes: number;
            pageCount: number;
            state: string;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
            /** @description Transient outputs: when the cleanup deletes it. */
            expiresAt?: number;
            /**
             * @description The browser that printed the PDF, as Chromium names itself. After a Chromium upgrade, compare with the version's fixtures (`folio test`) to see which documents print differently. Absent for outputs made before it was recorded.
             * @example HeadlessChrome/156.0.8078.73
             */
            browserVersion?: string;
        };
        /** ManagedPdf */
        ManagedPdf: {
            id: string;
            /** @description `available` or `deleting`. */
            state: string;
            fileName: string;
            bytes: number;
            pageCount: number;
            deployId: string;
            deployVersionId: string;
            renderJobId: string;
            businessKey: string;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
            /**
             * @description Present when the PDF is encrypted (its job asked for `protection`). Folio keeps no password: a protected PDF cannot be a merge source.
             * @enum {boolean}
             */
            protected?: true;
        };
        /** PageImage */
        PageImage: {
            /** @description The page of the document (1-based). */
            page: number;
            /** @description `png`, `jpeg` or `webp`. */
            format: string;
            /** @description Pixels. */
            width: number;
            /** @description Pixels. */
            height: number;
            bytes: number;
            access: {
                /**
                 * Format: uri
                 * @description Signed URL served by Folio; no API key needed.
                 */
                url: string;
                /** @description Epoch milliseconds. */
                expiresAt: number;
            };
        };
        /** EmbeddedPdf */
        EmbeddedPdf: {
            id: string;
            state: string;
            fileName: string;
            bytes: number;
            pageCount: number;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
        };
        /** PermanentLink */
        PermanentLink: {
            id: string;
            pdfId: string;
            /** @description Public URL; valid until the link or the PDF is deleted. */
            url: string;
            /** @description Unix epoch milliseconds. */
            createdAt: number;
        };
        /** Access */
        Access: {
            access: {
                /**
                 * Format: uri
                 * @description Signed URL served by Folio; no API key needed.
                 */
                url: string;
                /** @description Unix epoch milliseconds. */
                expiresAt: number;
            };
        };
    };
    responses: {
        /** @description The uniform error body of every non-2xx response. */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type RenderJobTerminatedEvent = components['schemas']['RenderJobTerminatedEvent'];
export type RenderBatchCompletedEvent = components['schemas']['RenderBatchCompletedEvent'];
export type Error = components['schemas']['Error'];
export type Deploy = components['schemas']['Deploy'];
export type DeployListItem = components['schemas']['DeployListItem'];
export type DeployVersion = components['schemas']['DeployVersion'];
export type Alias = components['schemas']['Alias'];
export type DeploySettings = components['schemas']['DeploySettings'];
export type FileDescriptor = components['schemas']['FileDescriptor'];
export type UploadSession = components['schemas']['UploadSession'];
export type Blob = components['schemas']['Blob'];
export type UsageOverview = components['schemas']['UsageOverview'];
export type RenderJob = components['schemas']['RenderJob'];
export type RenderOutput = components['schemas']['RenderOutput'];
export type ManagedPdf = components['schemas']['ManagedPdf'];
export type PageImage = components['schemas']['PageImage'];
export type EmbeddedPdf = components['schemas']['EmbeddedPdf'];
export type PermanentLink = components['schemas']['PermanentLink'];
export type Access = components['schemas']['Access'];
export type ResponseError = components['responses']['Error'];
export type $defs = Record<string, never>;
export interface operations {
    listDeploys: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deploys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["DeployListItem"][];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per account: lowercase letters, digits and dashes. */
                    slug: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description The created deploy */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deploy: components["schemas"]["Deploy"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_slug_conflict. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deploy, its aliases and its latest version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deploy: components["schemas"]["Deploy"];
                        aliases: components["schemas"]["Alias"][];
                        latestVersion: components["schemas"]["DeployVersion"] | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    deleteDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    updateDeploy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Unique per account: lowercase letters, digits and dashes. */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description The updated deploy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deploy: components["schemas"]["Deploy"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: deploy_slug_conflict. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    listDeployVersions: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["DeployVersion"][];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    getDeployVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Version id (`ver_…`). */
                deployVersionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deployVersion: components["schemas"]["DeployVersion"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    deleteDeployVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Version id (`ver_…`). */
                deployVersionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: deploy_version_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    listDeployVersionFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Version id (`ver_…`). */
                deployVersionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files of the version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            path: string;
                            /** @description Lowercase hex SHA-256 of the content. */
                            sha256: string;
                            size: number;
                            mime: string;
                        }[];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    setAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Alias name: ^[a-z][a-z0-9-]{0,62}$ (`preview`, `production`, …). */
                alias: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A concrete version id of this deploy or `latest`. */
                    deployVersionId: string;
                };
            };
        };
        responses: {
            /** @description The alias */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alias"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    setAliasByPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Alias name: ^[a-z][a-z0-9-]{0,62}$ (`preview`, `production`, …). */
                alias: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A concrete version id of this deploy or `latest`. */
                    deployVersionId: string;
                };
            };
        };
        responses: {
            /** @description The alias */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alias"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getDeploySettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deploy's settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: components["schemas"]["DeploySettings"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    updateDeploySettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    webhook?: {
                        enabled: boolean;
                        /** Format: uri */
                        url?: string;
                        /** @description `rotate` creates or replaces the deploy-level secret (the previous one keeps signing for 24 h); `disable` removes it (the account secret signs). */
                        signingSecretAction?: "rotate" | "disable";
                    };
                    versionLifecycle?: {
                        enabled: boolean;
                        retainLatestVersions: number;
                    };
                    environment?: {
                        /** @description The whole set: variables not listed are removed. */
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
            };
        };
        responses: {
            /** @description The settings after the update */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: components["schemas"]["DeploySettings"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    createUploadSession: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An existing deploy: its id or its slug. */
                    deployId?: string;
                    createDeploy?: {
                        /** @description Unique per account: lowercase letters, digits and dashes. */
                        slug: string;
                        name: string;
                    };
                    files: components["schemas"]["FileDescriptor"][];
                };
            };
        };
        responses: {
            /** @description The open session and its upload token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uploadSession: components["schemas"]["UploadSession"];
                        uploadToken: string;
                    };
                };
            };
            /** @description Error codes: invalid_request, invalid_path, upload_blob_too_large, upload_session_too_large, upload_session_policy_limit_exceeded. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, deploy_slug_conflict. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    findMissingBlobs: {
        parameters: {
            query?: never;
            header?: {
                /** @description The token returned once when the session was created. */
                "x-upload-token"?: string;
            };
            path: {
                /** @description Upload session id (`ups_…`). */
                uploadSessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    files: components["schemas"]["FileDescriptor"][];
                };
            };
        };
        responses: {
            /** @description The hashes to upload */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uploadSessionId: string;
                        missingBlobs: {
                            sha256: string;
                        }[];
                    };
                };
            };
            /** @description Error codes: invalid_request, invalid_path, upload_blob_too_large. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized, upload_token_invalid. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: upload_session_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: upload_session_committed, upload_session_expired. */
            409: components["responses"]["Error"];
            /** @description Error codes: upload_session_gone. */
            410: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    uploadBlob: {
        parameters: {
            query?: never;
            header?: {
                /** @description The token returned once when the session was created. */
                "x-upload-token"?: string;
            };
            path: {
                /** @description Upload session id. */
                uploadSessionId: string;
                /** @description Lowercase hex SHA-256 of the content. */
                sha256: string;
            };
            cookie?: never;
        };
        /** @description The raw bytes of the file (not JSON, not base64). */
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The stored blob */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uploadSessionId: string;
                        alreadyPresent: boolean;
                        blob: components["schemas"]["Blob"];
                    };
                };
            };
            /** @description Error codes: invalid_request, upload_blob_too_large, blob_hash_mismatch. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized, upload_token_invalid. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: upload_session_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: upload_session_committed, upload_session_expired, blob_not_in_session. */
            409: components["responses"]["Error"];
            /** @description Error codes: upload_session_gone. */
            410: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    commitUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The token returned once when the session was created. */
                "x-upload-token"?: string;
            };
            path: {
                /** @description Upload session id (`ups_…`). */
                uploadSessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Accepted and ignored: every commit makes a new version. (Earlier releases answered an identical commit with the latest version unless this was `true`; clients now decide that before uploading.) */
                    newVersion?: boolean;
                    entries: {
                        path: string;
                        /** @description Lowercase hex SHA-256 of the content. */
                        blobHash: string;
                        size: number;
                        mime?: string;
                    }[];
                    render: {
                        /** @description Entry point; begins with `/`. `/` and `/dir/` resolve to index.html; `/invoice` also tries `/invoice.html`. */
                        route: string;
                        title: string;
                        /** @description Default 30000; at most the plan's maxRenderTimeoutMs. */
                        renderTimeoutMs?: number;
                        /** @description Any keys; `pdf` (PDF option overrides) and `fileName` are read by the renderer. */
                        metadata?: {
                            [key: string]: unknown;
                        };
                        /** @description Warning codes that fail this version's jobs instead of letting them succeed with the warning (`render_failed_on_warning`; `render_request_failed` for `request_failed`, which is retried). A job may give its own list. Default: none (the templates guide, "Warnings and failOn", says why). */
                        failOn?: string[];
                        /** @description The template language of the entry: `html` (none), `handlebars`, `liquid`, `nunjucks` (Jinja2 syntax), `mustache` or `markdown`. Default: from the entry's extension (`index.hbs`, `index.liquid`, `index.njk`, `index.mustache`, `index.md`; anything else is HTML). The template runs in the rendering page with the payload as its data (the templates guide, "Template languages"). Every template file is parsed at commit: a syntax error is 400 `template_syntax_error` naming the file, line and column. `docx`: the entry (a `.docx` the route names, e.g. `/invoice.docx`) is a Word template whose `+++` commands (`+++INS customer.name+++`, `+++FOR line IN lines+++`…`+++END-FOR line+++`, `+++IF paid+++`…`+++END-IF+++`, `+++IMAGE image("logo.png", 3)+++`) are filled from the payload with Folio's helpers, then converted to PDF by LibreOffice (the Office guide, "Word templates"); a broken tag is 400 `template_syntax_error` with `details.tag`, a command that fails at run time fails the job with `template_render_failed`. A `.docx` entry without `docx` is converted as it is. */
                        engine?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The new version */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deployVersion: components["schemas"]["DeployVersion"];
                    };
                };
            };
            /** @description Error codes: invalid_request, invalid_path, deploy_commit_policy_limit_exceeded, template_syntax_error, office_input_invalid, blob_missing. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized, upload_token_invalid. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: upload_session_not_found, deploy_not_found, signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: upload_session_committed, upload_session_expired. */
            409: components["responses"]["Error"];
            /** @description Error codes: upload_session_gone. */
            410: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, deploy_commit_quota_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account: {
                            id: string;
                            name: string;
                            plan: string;
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            webhook: {
                                signingSecretConfigured: boolean;
                                signingSecretPreview?: string;
                            };
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageOverview"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    getTimestampAuthority: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The timestamp authority */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timestampAuthority: {
                            /** @description The account's own RFC 3161 authority, or null. */
                            url: string | null;
                            /** @description What the account's PDF jobs use: its own, else the deployment's (FOLIO_TIMESTAMP_AUTHORITY_URL); null: none. */
                            effectiveUrl: string | null;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    setTimestampAuthority: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string | null;
                };
            };
        };
        responses: {
            /** @description The timestamp authority */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timestampAuthority: {
                            /** @description The account's own RFC 3161 authority, or null. */
                            url: string | null;
                            /** @description What the account's PDF jobs use: its own, else the deployment's (FOLIO_TIMESTAMP_AUTHORITY_URL); null: none. */
                            effectiveUrl: string | null;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    listRenderBatches: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of render batches */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Batch id (`bat_…`). */
                            id: string;
                            deployId: string;
                            /** @description The concrete version every item is bound to, even when `latest` or an alias was requested. */
                            deployVersionId: string;
                            deployVersionNo: number;
                            businessKey?: string;
                            /** @description What the batch makes of its items once they are all terminal: `none`, `merge` or `zip`; `check` for the prints of a version check (`POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks`), whose result is read as the check. */
                            combine: "none" | "merge" | "zip" | "check";
                            /** @description Whether every item sends its own `render.job.terminated` webhook. */
                            itemWebhooks: boolean;
                            /** @description `running` while any item is unfinished; `combining` while the merged PDF or the zip is built; `completed` once every item is terminal (succeeded, failed or canceled) and the product, if any, is ready or failed. */
                            status: "running" | "combining" | "completed";
                            itemCount: number;
                            /** @description How many items are in each job state. */
                            counts: {
                                queued: number;
                                rendering: number;
                                retry_scheduled: number;
                                succeeded: number;
                                failed: number;
                                canceled: number;
                            };
                            /**
                             * RenderBatchProduct
                             * @description The combined product (`combine` `merge` or `zip`), present once every item is terminal.
                             */
                            product?: {
                                kind: "merge" | "zip";
                                /** @description `pending` while it is built; `ready` with `pdf` or `zip`; `failed` with `error` (nothing to combine, too large, over the storage limit); `deleted` once the merged PDF was deleted or the zip expired. */
                                state: "pending" | "ready" | "failed" | "deleted";
                                /** @description How many item PDFs it holds (the succeeded items, in item order). */
                                items?: number;
                                /** @description `merge`: the merged PDF. */
                                pdf?: {
                                    /** @description The managed PDF (`pdf_…`): see `/v1/pdfs/{pdfId}`. */
                                    id: string;
                                    fileName: string;
                                    bytes: number;
                                    /** @description The sum of the page counts of the included items. */
                                    pageCount: number;
                                    sha256: string;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                /** @description `zip`: the zip of the item PDFs, each named by its file name (a business-key file name template applies). */
                                zip?: {
                                    fileName: string;
                                    bytes: number;
                                    /** @description PDFs in the zip. */
                                    files: number;
                                    sha256: string;
                                    /** @description When the zip is deleted (like a transient output). */
                                    expiresAt: number | null;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                error?: {
                                    /** @description `batch_nothing_to_combine`: No item of the batch succeeded (or every succeeded output was deleted first): there is nothing to merge or zip. `batch_product_too_large`: The merged PDF would pass 5,000 pages or read more than the merge byte limit (the plan's maxRenderOutputBytes, at most 100 MiB), or the zip would pass 2 GiB. `storage_limit_exceeded`: Storing the merged PDF would exceed the plan's storageLimitBytes. `batch_combine_failed`: An item PDF could not be read or merged (the message says which and why), or the server itself failed (its storage or database): then the message says only that an internal error stopped the product and names the batch id, under which the server's log has the error. */
                                    code: "batch_nothing_to_combine" | "batch_product_too_large" | "storage_limit_exceeded" | "batch_combine_failed";
                                    message: string;
                                };
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description Unix epoch milliseconds. */
                            updatedAt: number;
                            /** @description When the last item reached a terminal state (once completed). */
                            finishedAt?: number;
                        }[];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createRenderBatch: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The deploy every item renders: its id or its slug. */
                    deployId: string;
                    /** @description A concrete version id, `latest`, or an alias name: bound once, at creation, for every item of the batch. */
                    deployVersionId: string;
                    /** @description Your reference for the whole batch. */
                    businessKey?: string;
                    /** @description Default `none`: each item is its own PDF. `merge`: once every item is terminal, the PDFs of the succeeded items are joined in item order into one managed PDF (`product.pdf`). `zip`: one zip file of the PDFs of the succeeded items, named by their file names (`product.zip`, kept like a transient output). */
                    combine?: "none" | "merge" | "zip";
                    /** @description Default `false`: the batch sends one `render_batch.completed` webhook and its items none. `true`: every item also sends its own `render.job.terminated` (the deploy's webhook settings apply to both). */
                    itemWebhooks?: boolean;
                    /** @description 1 to 1000 items, each one render job. Every item is checked before anything is created: one bad item refuses the whole request, naming it (`items[17].payload`). */
                    items: {
                        /** @description Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string. */
                        payload?: unknown;
                        /** @description Raw payload bytes in base64, instead of payload. */
                        payloadBase64?: string;
                        /** @description Default `application/json; charset=utf-8`. */
                        payloadMime?: string;
                        /** @description Your reference for this item (invoice number…); defaults to the item's job id. */
                        businessKey?: string;
                        /** @description Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted. */
                        outputMode?: "transient" | "managed";
                        /** @description Document options of this job, over the version's `render.metadata.pdf`: `standard` and `accessibility` replace the version's, each `metadata` field replaces the version's field of the same name. PDF/A-2b + PDF/UA-1: `{standard: "pdf/a-2b", accessibility: "pdf/ua-1"}`. */
                        pdf?: {
                            /** @description Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`. */
                            standard?: "none" | "pdf/a-2b" | "pdf/a-3b";
                            /** @description Accessibility level of the output: `none`, or `pdf/ua-1` (ISO 14289-1): Chromium's tagged PDF with the PDF/UA identification, title, language and tab order added, then checked against the machine-checkable Matterhorn Protocol conditions listed in the PDF guide ("PDF/UA-1"); each failure is a `pdfua_violation` warning of the job (`failOn` can make it fatal). Combines with every `standard`. */
                            accessibility?: "none" | "pdf/ua-1";
                            metadata?: {
                                /** @description dc:title and Info /Title (shown as the window title). */
                                title?: string;
                                /** @description dc:creator and Info /Author. */
                                author?: string;
                                /** @description dc:description and Info /Subject. */
                                subject?: string;
                                /** @description pdf:Keywords and Info /Keywords. */
                                keywords?: string[];
                                /** @description xmp:CreatorTool and Info /Creator. */
                                creator?: string;
                                /** @description BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`). */
                                lang?: string;
                            };
                        };
                        /** @description Files embedded as PDF/A-3 associated files (needs `pdf/a-3b`, or no standard). The plan's `maxAttachmentsPerJob` and `maxAttachmentBytesPerJob` apply (400 naming the attachment). */
                        attachments?: {
                            /** @description File name shown by PDF viewers; unique in the job. */
                            name: string;
                            /** @description Media type without parameters, e.g. `text/csv`. */
                            mimeType: string;
                            /** @description How the file relates to the document (PDF/A-3 `/AFRelationship`). */
                            relationship: "Data" | "Source" | "Alternative" | "Supplement" | "Unspecified";
                            /** @description Shown by PDF viewers beside the name. */
                            description?: string;
                            /** @description The file bytes in base64. Exactly one of `content` and `bundlePath`. Bounded by the plan's `maxAttachmentBytesPerJob` (decoded bytes), not by a length here. */
                            content?: string;
                            /** @description A file of the job's version to attach, e.g. `/terms.pdf`. */
                            bundlePath?: string;
                        }[];
                        /** @description Makes the output a Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the XML embedded and the Factur-X XMP schema. */
                        eInvoice?: {
                            /**
                             * @description Factur-X 1.09 / ZUGFeRD 2.5 (which includes XRechnung as the profile XRECHNUNG).
                             * @enum {string}
                             */
                            standard: "factur-x";
                            /** @description Factur-X 1.09 / ZUGFeRD 2.5 profile of the XML. Optional: by default the profile the XML's guideline id (`GuidelineSpecifiedDocumentContextParameter/ID`) names; when given and the XML names another, 400. */
                            profile?: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                            /** @description The CrossIndustryInvoice XML (UTF-8), embedded byte for byte as `factur-x.xml` (`xrechnung.xml` for XRECHNUNG); its bytes count toward the plan's `maxAttachmentBytesPerJob`. Validated before anything is printed against the official schema and business rules of its profile (the e-invoice guide): a rule broken at error level answers 400 `einvoice_invalid` with every finding; warning-level findings become the job warning `einvoice_rule_warning`. Exactly one of `xml` and `data`. */
                            xml?: string;
                            /** @description The invoice as data instead of XML: EN 16931's business terms as JSON in the internal format of the maintained generator @e-invoice-eu/core (`{"ubl:Invoice": {"cbc:ID": …, "cac:LegalMonetaryTotal": {…}, "cac:InvoiceLine": […]}}`, UBL's element names; the e-invoice guide has a full example). Folio generates the profile's CII XML from it, validates and embeds that XML like `xml`, and, when the job sends no `payload`, gives the same data to the template as its payload: the printed invoice and the XML come from one source. A profile is needed unless the data names one in `cbc:CustomizationID`. Data the generator refuses answers 400 naming `eInvoice.data`. */
                            data?: {
                                [key: string]: unknown;
                            };
                        };
                        /** @description Encrypts the PDF with AES-256 (PDF 2.0, security handler revision 6) after every other document option. The passwords are secrets: kept sealed only until the job ends, never logged, returned or sent in webhooks. Cannot be combined with PDF/A (`pdf.standard`, the version's standard, or `eInvoice`): 400. */
                        protection?: {
                            /** @description Needed to open the PDF. Leave it out for a PDF anyone can open, with the permissions below enforced by readers. At most 127 bytes of UTF-8. */
                            userPassword?: string;
                            /** @description Lifts the restrictions (and opens the PDF). Must differ from `userPassword`. At most 127 bytes of UTF-8. */
                            ownerPassword: string;
                            /** @description What a reader allows without the owner password. Each defaults to `true`: set the ones to refuse to `false`. */
                            permissions?: {
                                /** @description Print (at low resolution unless `printHighQuality`). */
                                print?: boolean;
                                /** @description Print at full resolution (needs `print`). */
                                printHighQuality?: boolean;
                                /** @description Copy or extract text and images. */
                                copy?: boolean;
                                /** @description Change the content (other than annotations, forms and assembly). */
                                modify?: boolean;
                                /** @description Add or change comments and annotations. */
                                annotate?: boolean;
                                /** @description Fill in form fields. */
                                fillForms?: boolean;
                                /** @description Extract text for accessibility (screen readers). */
                                accessibility?: boolean;
                                /** @description Insert, rotate or delete pages. */
                                assemble?: boolean;
                            };
                        };
                        /** @description Signs the PDF (PAdES baseline B-B: a detached CMS, SHA-256 and RSA, SubFilter `ETSI.CAdES.detached`) as the very last step, so the signature covers the final bytes (after PDF/A, attachments and joined PDFs). The certificate must be valid when the job is created (400) and when it renders (else the job fails with `pdf_postprocess_failed`). Another account's id is 404 `signing_certificate_not_found`. With `protection` the signature field is encrypted with the document and the signature computed over the encrypted bytes (open it with a password to verify). */
                        signature?: {
                            /** @description One of the account's signing certificates (`scert_…`). */
                            certificateId: string;
                            /** @description Shown by readers, e.g. "Invoice issued". */
                            reason?: string;
                            /** @description Where it was signed, e.g. "Dublin, IE". */
                            location?: string;
                            /** @description How to reach the signer. */
                            contactInfo?: string;
                            /** @description Draws the signature on a page: a box at `rect` (points, 1/72 inch — a CSS pixel is 0.75 pt — measured from the page's top-left corner) saying who signed (the certificate's common name), when (UTC), and the reason and location. The letters are drawn as outlines, so a PDF/A stays PDF/A. A page past the end, or a box reaching past the page, fails the job with `pdf_postprocess_failed`. Default: an invisible signature. */
                            visible?: {
                                /** @description The page (1-based). */
                                page: number;
                                rect: {
                                    /** @description Points from the page's left edge. */
                                    x: number;
                                    /** @description Points from the page's top edge. */
                                    y: number;
                                    width: number;
                                    height: number;
                                };
                            };
                        };
                        /** @description Pictures of the printed pages, drawn from the finished PDF by poppler (the same layout, not a screenshot), stored beside the PDF and listed with signed links by `GET /v1/render-jobs/{jobId}/images`. They are drawn before encryption and signing (which change no page), count toward the account's storage as render outputs, and are deleted with the job's output (or, for a managed job, with its PDF). */
                        images?: {
                            /** @description `png` (lossless, sharp text), `jpeg` or `webp` (smaller; see `quality`). Defaults to an image `outputFormat`. */
                            format?: "png" | "jpeg" | "webp";
                            /** @description Which pages: `all`, one page (`1`), a range (`1-3`) or a page onwards (`2-`). Default `all`; `1` with an image `outputFormat` (its product is one picture). At most 200 pages per job; a page past the end of the document fails the job with `pdf_postprocess_failed`. */
                            pages?: string;
                            /** @description Width of every image in pixels; the height follows the page. Not with `dpi`. */
                            width?: number;
                            /** @description Resolution (pixels per inch of paper); default 96, one pixel per CSS pixel. Not with `width`. */
                            dpi?: number;
                            /** @description JPEG and WebP quality (default 85). Not for PNG, which is lossless. */
                            quality?: number;
                        };
                        /** @description `pdf` (default) keeps the PDF. An image format keeps only page images (social cards, certificates as pictures): `images` defaults to page 1 in that format, no PDF is stored, and options that only change the PDF (`pdf`, `attachments`, `eInvoice`, `protection`, `signature`) and `outputMode: "managed"` are refused (400). */
                        outputFormat?: "pdf" | "png" | "jpeg" | "webp";
                        /** @description Conditions to wait for after the page is ready by the ready protocol (load, fonts and a quiet page, or `folio.ready()`; the templates guide, "The ready protocol") and before it is printed, in this order: `selector` matches, `expression` is truthy, then `delayMs` passes. For pages you cannot change (a Gotenberg client's HTML, a web page); a template of your own should call `folio.ready()` instead. All of it counts in the render timeout: a condition still unmet when it runs out fails the job with `render_timeout_exceeded` naming it (`waitFor.selector "#done" never matched`). The job's diagnostics say how long each one took (`ready.detail`). */
                        waitFor?: {
                            /** @description A CSS selector: Folio waits until `document.querySelector(selector)` matches an element. A selector the browser cannot parse fails the job with `render_failed` (unbalanced brackets or quotes are refused at once: 400). */
                            selector?: string;
                            /** @description JavaScript evaluated in the page, in the template's own realm (never on the server), every 50 ms until its value is truthy (a promise counts by what it resolves to). An exception it throws fails the job with `render_failed` naming it. */
                            expression?: string;
                            /** @description A fixed wait, in milliseconds, after the other conditions: less than the job's render timeout (the version's `render.renderTimeoutMs`, default 30000, at most the plan's `maxRenderTimeoutMs`), else 400. */
                            delayMs?: number;
                        };
                        /** @description PDF steps applied to the printed PDF, in order, before the document options (`pdf`, `attachments`, `eInvoice`), the encryption and the signature: the steps of `POST /v1/pdf-jobs` (stamp, watermark, rotate, select, fillForm, flatten, metadata, optimize…) with their rules, except `split` (a render job makes one PDF). A text stamp cannot be combined with a PDF/A standard (its font is not embedded), nor `optimize` with `protection` or `signature`: 400 naming `steps[i]`. A step that does not fit the printed PDF fails the job with `pdf_step_failed`. */
                        steps?: ({
                            type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    }[];
                };
            };
        };
        responses: {
            /** @description The created batch, every item queued */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** RenderBatch */
                        batch: {
                            /** @description Batch id (`bat_…`). */
                            id: string;
                            deployId: string;
                            /** @description The concrete version every item is bound to, even when `latest` or an alias was requested. */
                            deployVersionId: string;
                            deployVersionNo: number;
                            businessKey?: string;
                            /** @description What the batch makes of its items once they are all terminal: `none`, `merge` or `zip`; `check` for the prints of a version check (`POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks`), whose result is read as the check. */
                            combine: "none" | "merge" | "zip" | "check";
                            /** @description Whether every item sends its own `render.job.terminated` webhook. */
                            itemWebhooks: boolean;
                            /** @description `running` while any item is unfinished; `combining` while the merged PDF or the zip is built; `completed` once every item is terminal (succeeded, failed or canceled) and the product, if any, is ready or failed. */
                            status: "running" | "combining" | "completed";
                            itemCount: number;
                            /** @description How many items are in each job state. */
                            counts: {
                                queued: number;
                                rendering: number;
                                retry_scheduled: number;
                                succeeded: number;
                                failed: number;
                                canceled: number;
                            };
                            /**
                             * RenderBatchProduct
                             * @description The combined product (`combine` `merge` or `zip`), present once every item is terminal.
                             */
                            product?: {
                                kind: "merge" | "zip";
                                /** @description `pending` while it is built; `ready` with `pdf` or `zip`; `failed` with `error` (nothing to combine, too large, over the storage limit); `deleted` once the merged PDF was deleted or the zip expired. */
                                state: "pending" | "ready" | "failed" | "deleted";
                                /** @description How many item PDFs it holds (the succeeded items, in item order). */
                                items?: number;
                                /** @description `merge`: the merged PDF. */
                                pdf?: {
                                    /** @description The managed PDF (`pdf_…`): see `/v1/pdfs/{pdfId}`. */
                                    id: string;
                                    fileName: string;
                                    bytes: number;
                                    /** @description The sum of the page counts of the included items. */
                                    pageCount: number;
                                    sha256: string;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                /** @description `zip`: the zip of the item PDFs, each named by its file name (a business-key file name template applies). */
                                zip?: {
                                    fileName: string;
                                    bytes: number;
                                    /** @description PDFs in the zip. */
                                    files: number;
                                    sha256: string;
                                    /** @description When the zip is deleted (like a transient output). */
                                    expiresAt: number | null;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                error?: {
                                    /** @description `batch_nothing_to_combine`: No item of the batch succeeded (or every succeeded output was deleted first): there is nothing to merge or zip. `batch_product_too_large`: The merged PDF would pass 5,000 pages or read more than the merge byte limit (the plan's maxRenderOutputBytes, at most 100 MiB), or the zip would pass 2 GiB. `storage_limit_exceeded`: Storing the merged PDF would exceed the plan's storageLimitBytes. `batch_combine_failed`: An item PDF could not be read or merged (the message says which and why), or the server itself failed (its storage or database): then the message says only that an internal error stopped the product and names the batch id, under which the server's log has the error. */
                                    code: "batch_nothing_to_combine" | "batch_product_too_large" | "storage_limit_exceeded" | "batch_combine_failed";
                                    message: string;
                                };
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description Unix epoch milliseconds. */
                            updatedAt: number;
                            /** @description When the last item reached a terminal state (once completed). */
                            finishedAt?: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request, payload_too_large, payload_invalid, einvoice_invalid. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found, signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, deploy_has_no_versions. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getRenderBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render batch id (`bat_…`). */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch and its counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** RenderBatch */
                        batch: {
                            /** @description Batch id (`bat_…`). */
                            id: string;
                            deployId: string;
                            /** @description The concrete version every item is bound to, even when `latest` or an alias was requested. */
                            deployVersionId: string;
                            deployVersionNo: number;
                            businessKey?: string;
                            /** @description What the batch makes of its items once they are all terminal: `none`, `merge` or `zip`; `check` for the prints of a version check (`POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks`), whose result is read as the check. */
                            combine: "none" | "merge" | "zip" | "check";
                            /** @description Whether every item sends its own `render.job.terminated` webhook. */
                            itemWebhooks: boolean;
                            /** @description `running` while any item is unfinished; `combining` while the merged PDF or the zip is built; `completed` once every item is terminal (succeeded, failed or canceled) and the product, if any, is ready or failed. */
                            status: "running" | "combining" | "completed";
                            itemCount: number;
                            /** @description How many items are in each job state. */
                            counts: {
                                queued: number;
                                rendering: number;
                                retry_scheduled: number;
                                succeeded: number;
                                failed: number;
                                canceled: number;
                            };
                            /**
                             * RenderBatchProduct
                             * @description The combined product (`combine` `merge` or `zip`), present once every item is terminal.
                             */
                            product?: {
                                kind: "merge" | "zip";
                                /** @description `pending` while it is built; `ready` with `pdf` or `zip`; `failed` with `error` (nothing to combine, too large, over the storage limit); `deleted` once the merged PDF was deleted or the zip expired. */
                                state: "pending" | "ready" | "failed" | "deleted";
                                /** @description How many item PDFs it holds (the succeeded items, in item order). */
                                items?: number;
                                /** @description `merge`: the merged PDF. */
                                pdf?: {
                                    /** @description The managed PDF (`pdf_…`): see `/v1/pdfs/{pdfId}`. */
                                    id: string;
                                    fileName: string;
                                    bytes: number;
                                    /** @description The sum of the page counts of the included items. */
                                    pageCount: number;
                                    sha256: string;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                /** @description `zip`: the zip of the item PDFs, each named by its file name (a business-key file name template applies). */
                                zip?: {
                                    fileName: string;
                                    bytes: number;
                                    /** @description PDFs in the zip. */
                                    files: number;
                                    sha256: string;
                                    /** @description When the zip is deleted (like a transient output). */
                                    expiresAt: number | null;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                error?: {
                                    /** @description `batch_nothing_to_combine`: No item of the batch succeeded (or every succeeded output was deleted first): there is nothing to merge or zip. `batch_product_too_large`: The merged PDF would pass 5,000 pages or read more than the merge byte limit (the plan's maxRenderOutputBytes, at most 100 MiB), or the zip would pass 2 GiB. `storage_limit_exceeded`: Storing the merged PDF would exceed the plan's storageLimitBytes. `batch_combine_failed`: An item PDF could not be read or merged (the message says which and why), or the server itself failed (its storage or database): then the message says only that an internal error stopped the product and names the batch id, under which the server's log has the error. */
                                    code: "batch_nothing_to_combine" | "batch_product_too_large" | "storage_limit_exceeded" | "batch_combine_failed";
                                    message: string;
                                };
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description Unix epoch milliseconds. */
                            updatedAt: number;
                            /** @description When the last item reached a terminal state (once completed). */
                            finishedAt?: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_batch_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    cancelRenderBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render batch id (`bat_…`). */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch after the cancel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** RenderBatch */
                        batch: {
                            /** @description Batch id (`bat_…`). */
                            id: string;
                            deployId: string;
                            /** @description The concrete version every item is bound to, even when `latest` or an alias was requested. */
                            deployVersionId: string;
                            deployVersionNo: number;
                            businessKey?: string;
                            /** @description What the batch makes of its items once they are all terminal: `none`, `merge` or `zip`; `check` for the prints of a version check (`POST /v1/deploys/{deployId}/versions/{deployVersionId}/checks`), whose result is read as the check. */
                            combine: "none" | "merge" | "zip" | "check";
                            /** @description Whether every item sends its own `render.job.terminated` webhook. */
                            itemWebhooks: boolean;
                            /** @description `running` while any item is unfinished; `combining` while the merged PDF or the zip is built; `completed` once every item is terminal (succeeded, failed or canceled) and the product, if any, is ready or failed. */
                            status: "running" | "combining" | "completed";
                            itemCount: number;
                            /** @description How many items are in each job state. */
                            counts: {
                                queued: number;
                                rendering: number;
                                retry_scheduled: number;
                                succeeded: number;
                                failed: number;
                                canceled: number;
                            };
                            /**
                             * RenderBatchProduct
                             * @description The combined product (`combine` `merge` or `zip`), present once every item is terminal.
                             */
                            product?: {
                                kind: "merge" | "zip";
                                /** @description `pending` while it is built; `ready` with `pdf` or `zip`; `failed` with `error` (nothing to combine, too large, over the storage limit); `deleted` once the merged PDF was deleted or the zip expired. */
                                state: "pending" | "ready" | "failed" | "deleted";
                                /** @description How many item PDFs it holds (the succeeded items, in item order). */
                                items?: number;
                                /** @description `merge`: the merged PDF. */
                                pdf?: {
                                    /** @description The managed PDF (`pdf_…`): see `/v1/pdfs/{pdfId}`. */
                                    id: string;
                                    fileName: string;
                                    bytes: number;
                                    /** @description The sum of the page counts of the included items. */
                                    pageCount: number;
                                    sha256: string;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                /** @description `zip`: the zip of the item PDFs, each named by its file name (a business-key file name template applies). */
                                zip?: {
                                    fileName: string;
                                    bytes: number;
                                    /** @description PDFs in the zip. */
                                    files: number;
                                    sha256: string;
                                    /** @description When the zip is deleted (like a transient output). */
                                    expiresAt: number | null;
                                    /** @description A signed download link; absent only on a server without a signing key (FOLIO_SIGNING_KEY). */
                                    access?: {
                                        /** @description Signed download URL (10 minutes, refreshed on every read). */
                                        url: string;
                                        /** @description Unix epoch milliseconds. */
                                        expiresAt: number;
                                    };
                                };
                                error?: {
                                    /** @description `batch_nothing_to_combine`: No item of the batch succeeded (or every succeeded output was deleted first): there is nothing to merge or zip. `batch_product_too_large`: The merged PDF would pass 5,000 pages or read more than the merge byte limit (the plan's maxRenderOutputBytes, at most 100 MiB), or the zip would pass 2 GiB. `storage_limit_exceeded`: Storing the merged PDF would exceed the plan's storageLimitBytes. `batch_combine_failed`: An item PDF could not be read or merged (the message says which and why), or the server itself failed (its storage or database): then the message says only that an internal error stopped the product and names the batch id, under which the server's log has the error. */
                                    code: "batch_nothing_to_combine" | "batch_product_too_large" | "storage_limit_exceeded" | "batch_combine_failed";
                                    message: string;
                                };
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description Unix epoch milliseconds. */
                            updatedAt: number;
                            /** @description When the last item reached a terminal state (once completed). */
                            finishedAt?: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_batch_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    listRenderBatchItems: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
                /** @description Only the items in this job state. */
                status?: "queued" | "rendering" | "retry_scheduled" | "succeeded" | "failed" | "canceled";
            };
            header?: never;
            path: {
                /** @description Render batch id (`bat_…`). */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description The item's 0-based position in the creating request. */
                            index: number;
                            job: components["schemas"]["RenderJob"];
                        }[];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_batch_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    listVersionChecks: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Version id (`ver_…`). */
                deployVersionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of checks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Check id (`chk_…`). */
                            id: string;
                            deployId: string;
                            deployVersionId: string;
                            /** @description The render batch (combine `check`) whose items print the fixtures; null when none could be printed. */
                            batchId: string | null;
                            /** @description `running` until every fixture is judged; then the worst fixture status: `failed`, `drifted`, `no_snapshot`, `passed`. */
                            status: "running" | "passed" | "drifted" | "no_snapshot" | "failed";
                            /** @description Share of a page's pixels that may differ before it drifts (0.001 = 0.1 %). */
                            tolerance: number;
                            counts: {
                                pending: number;
                                passed: number;
                                drifted: number;
                                noSnapshot: number;
                                failed: number;
                            };
                            fixtures: {
                                /** @description The fixture: `tests/<name>.json`. */
                                name: string;
                                file: string;
                                /** @description `pending` while it prints; `passed` (page count, text and every page within the tolerance), `drifted` (the message says what), `no_snapshot` (printed, but the version carries no `__snapshots__/<name>/`), `failed` (not valid JSON, the print failed, or a damaged snapshot: `error`). */
                                status: "pending" | "passed" | "drifted" | "no_snapshot" | "failed";
                                /** @description The render job that printed it (`job_…`). */
                                jobId?: string;
                                pages?: number | null;
                                expectedPages?: number | null;
                                /** @description One line: what drifted ("page 2 differs (1.3% of pixels)"), or why it failed. */
                                message?: string;
                                textDiffers?: boolean;
                                /** @description The changed text lines with 2 lines of context: `- ` recorded, `+ ` printed now, `  ` unchanged, `…` lines left out (at most 60). */
                                textDiff?: string[];
                                pageResults?: {
                                    page: number;
                                    /** @description `compared` (on both sides), `missing` (in the snapshot only) or `new` (printed now only). */
                                    kind: "compared" | "missing" | "new";
                                    drifts: boolean;
                                    /** @description Share of the page's pixels that differ (compared pages). */
                                    ratio?: number;
                                    /** @description The page is drawn at another size than recorded. */
                                    sizeMismatch?: boolean;
                                }[];
                                /** @description The browser that printed it now. */
                                browser?: string | null;
                                /** @description The snapshot's browser (its meta.json). */
                                recordedBrowser?: string | null;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                            }[];
                            error?: {
                                code: string;
                                message: string;
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description When the judgement was recorded. */
                            finishedAt?: number;
                        }[];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createVersionCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Version id (`ver_…`). */
                deployVersionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Share of a page's pixels that may differ before the page drifts (default 0.001 = 0.1 %, as `folio test`). */
                    tolerance?: number;
                };
            };
        };
        responses: {
            /** @description The check, running */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** VersionCheck */
                        check: {
                            /** @description Check id (`chk_…`). */
                            id: string;
                            deployId: string;
                            deployVersionId: string;
                            /** @description The render batch (combine `check`) whose items print the fixtures; null when none could be printed. */
                            batchId: string | null;
                            /** @description `running` until every fixture is judged; then the worst fixture status: `failed`, `drifted`, `no_snapshot`, `passed`. */
                            status: "running" | "passed" | "drifted" | "no_snapshot" | "failed";
                            /** @description Share of a page's pixels that may differ before it drifts (0.001 = 0.1 %). */
                            tolerance: number;
                            counts: {
                                pending: number;
                                passed: number;
                                drifted: number;
                                noSnapshot: number;
                                failed: number;
                            };
                            fixtures: {
                                /** @description The fixture: `tests/<name>.json`. */
                                name: string;
                                file: string;
                                /** @description `pending` while it prints; `passed` (page count, text and every page within the tolerance), `drifted` (the message says what), `no_snapshot` (printed, but the version carries no `__snapshots__/<name>/`), `failed` (not valid JSON, the print failed, or a damaged snapshot: `error`). */
                                status: "pending" | "passed" | "drifted" | "no_snapshot" | "failed";
                                /** @description The render job that printed it (`job_…`). */
                                jobId?: string;
                                pages?: number | null;
                                expectedPages?: number | null;
                                /** @description One line: what drifted ("page 2 differs (1.3% of pixels)"), or why it failed. */
                                message?: string;
                                textDiffers?: boolean;
                                /** @description The changed text lines with 2 lines of context: `- ` recorded, `+ ` printed now, `  ` unchanged, `…` lines left out (at most 60). */
                                textDiff?: string[];
                                pageResults?: {
                                    page: number;
                                    /** @description `compared` (on both sides), `missing` (in the snapshot only) or `new` (printed now only). */
                                    kind: "compared" | "missing" | "new";
                                    drifts: boolean;
                                    /** @description Share of the page's pixels that differ (compared pages). */
                                    ratio?: number;
                                    /** @description The page is drawn at another size than recorded. */
                                    sizeMismatch?: boolean;
                                }[];
                                /** @description The browser that printed it now. */
                                browser?: string | null;
                                /** @description The snapshot's browser (its meta.json). */
                                recordedBrowser?: string | null;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                            }[];
                            error?: {
                                code: string;
                                message: string;
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description When the judgement was recorded. */
                            finishedAt?: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request, payload_invalid. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: version_has_no_fixtures. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    getVersionCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
                /** @description Version id (`ver_…`). */
                deployVersionId: string;
                /** @description Check id (`chk_…`). */
                checkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** VersionCheck */
                        check: {
                            /** @description Check id (`chk_…`). */
                            id: string;
                            deployId: string;
                            deployVersionId: string;
                            /** @description The render batch (combine `check`) whose items print the fixtures; null when none could be printed. */
                            batchId: string | null;
                            /** @description `running` until every fixture is judged; then the worst fixture status: `failed`, `drifted`, `no_snapshot`, `passed`. */
                            status: "running" | "passed" | "drifted" | "no_snapshot" | "failed";
                            /** @description Share of a page's pixels that may differ before it drifts (0.001 = 0.1 %). */
                            tolerance: number;
                            counts: {
                                pending: number;
                                passed: number;
                                drifted: number;
                                noSnapshot: number;
                                failed: number;
                            };
                            fixtures: {
                                /** @description The fixture: `tests/<name>.json`. */
                                name: string;
                                file: string;
                                /** @description `pending` while it prints; `passed` (page count, text and every page within the tolerance), `drifted` (the message says what), `no_snapshot` (printed, but the version carries no `__snapshots__/<name>/`), `failed` (not valid JSON, the print failed, or a damaged snapshot: `error`). */
                                status: "pending" | "passed" | "drifted" | "no_snapshot" | "failed";
                                /** @description The render job that printed it (`job_…`). */
                                jobId?: string;
                                pages?: number | null;
                                expectedPages?: number | null;
                                /** @description One line: what drifted ("page 2 differs (1.3% of pixels)"), or why it failed. */
                                message?: string;
                                textDiffers?: boolean;
                                /** @description The changed text lines with 2 lines of context: `- ` recorded, `+ ` printed now, `  ` unchanged, `…` lines left out (at most 60). */
                                textDiff?: string[];
                                pageResults?: {
                                    page: number;
                                    /** @description `compared` (on both sides), `missing` (in the snapshot only) or `new` (printed now only). */
                                    kind: "compared" | "missing" | "new";
                                    drifts: boolean;
                                    /** @description Share of the page's pixels that differ (compared pages). */
                                    ratio?: number;
                                    /** @description The page is drawn at another size than recorded. */
                                    sizeMismatch?: boolean;
                                }[];
                                /** @description The browser that printed it now. */
                                browser?: string | null;
                                /** @description The snapshot's browser (its meta.json). */
                                recordedBrowser?: string | null;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                            }[];
                            error?: {
                                code: string;
                                message: string;
                            };
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description When the judgement was recorded. */
                            finishedAt?: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found, version_check_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    listRenderJobs: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
                status?: "queued" | "rendering" | "succeeded" | "retry_scheduled" | "failed" | "canceled";
                deployId?: string;
                businessKey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of render jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["RenderJob"][];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createRenderJob: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The deploy: its id (`dep_…`) or its slug. Required on POST /v1/render-jobs unless the job brings inline sources (`html`, `markdown`) or a `source`; optional on the deploy-scoped route (must name the same deploy as the path). */
                    deployId?: string;
                    /** @description A concrete version id, `latest`, or an alias name. Required unless the job brings inline sources (`html`). */
                    deployVersionId?: string;
                    /** @description Inline sources instead of a deploy: the entry document (stored as `index.html` of a version of the account's inline deploy, slug `_inline`; the same sources sent again reuse that version). Not with `deployId`/`deployVersionId` (400). At most the plan's `maxInlineHtmlBytes` (UTF-8; 413 `body_too_large`, `details.field: "html"`). */
                    html?: string;
                    /** @description Inline sources instead of a deploy: a Markdown document (CommonMark with GFM tables, rendered in the page by the Markdown engine: the templates guide, section Template languages), stored as `index.md` of a version of the inline deploy. YAML front matter (`title`, `lang`, `css`) is its data; `style.css` among `files` (or the files front matter `css` lists) is linked after the default print stylesheet. Not with `html` (400). The plan's `maxInlineHtmlBytes` applies (413 `body_too_large`, `details.field: "markdown"`). */
                    markdown?: string;
                    /** @description Inline sources whose entry is an Office document instead of `html`/`markdown`: the path of one of `files` (`.docx`, `.xlsx`, `.pptx`, `.odt`, `.ods`, `.odp`, `.doc`, `.xls`, `.ppt`, `.rtf`, `.txt`, `.csv`), converted to PDF with LibreOffice (the Office guide). A file that is not what its extension says or a zip bomb is a 400 `office_input_invalid`, a protected one without `office.password` a 400 `office_password_required`; nothing is stored. */
                    entry?: string;
                    /** @description How LibreOffice converts the job's Office document (an entry ending in .docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv), before the PDF goes through the rest of the job (steps, `pdf`, protection, signature, images). Only for a version or inline sources whose entry is an Office document (400 otherwise). The Office guide lists what each option does. */
                    office?: {
                        /** @description Pages to keep, LibreOffice's page ranges: numbers and ranges separated by commas (`"1-3,5"`). Default: every page. */
                        pageRanges?: string;
                        /** @description Landscape paper: every page style of the document is turned (spreadsheets and text files mostly). Default false. */
                        landscape?: boolean;
                        /** @description LibreOffice's own PDF/A export. `pdf.standard` of the job also asks for it (and Folio's PDF/A step then runs on the result). */
                        pdfa?: "PDF/A-1b" | "PDF/A-2b" | "PDF/A-3b";
                        /** @description Tagged PDF (the structure assistive technology reads). `pdf.accessibility: "pdf/ua-1"` turns it on. */
                        tagged?: boolean;
                        /** @description Keep the document's form fields as PDF form fields. LibreOffice's default: true. */
                        exportFormFields?: boolean;
                        /** @description Headings become PDF bookmarks. Default true. */
                        exportBookmarks?: boolean;
                        /** @description Comments become PDF annotations. Default false. */
                        exportNotes?: boolean;
                        /** @description Hidden slides of a presentation are exported too. Default false. */
                        exportHiddenSlides?: boolean;
                        /** @description One page per sheet of a spreadsheet, as large as the sheet's used area. Default false. */
                        singlePageSheets?: boolean;
                        /** @description JPEG quality of images, 1-100. Default 90. */
                        quality?: number;
                        /** @description Images are downsampled to at most this many DPI. Default: kept as they are. */
                        maxImageResolution?: 75 | 150 | 300 | 600 | 1200;
                        /** @description Opens a password-protected document. Sealed while the job waits, deleted with its payload, never shown or logged. Without it a protected document is refused (400 `office_password_required`). */
                        password?: string;
                    };
                    /** @description With `html`: the template language it is written in (as `render.engine` of a version: `handlebars`, `liquid`, `nunjucks`, `mustache`), rendered in the page with the job's payload as its data and Folio's helpers (the templates guide, section Template languages); `markdown` makes `html` a page that places Markdown files of `files` with `{{ toHTML "name.md" }}` (Gotenberg's convention). Default `html`: a plain page. A syntax error is a 400 `template_syntax_error` with file, line and column; a runtime error fails the job with `template_render_failed`. */
                    engine?: "html" | "handlebars" | "liquid" | "nunjucks" | "mustache" | "markdown";
                    /** @description With `html` or `markdown`: its CSS, images, fonts (and partials of a template), by path relative to the document (bundle path rules) → the bytes in base64. The plan's `maxInlineFilesPerJob` and `maxInlineBytesPerJob` (html included, decoded) apply; a bad path or base64 is a 400 and a limit a 413, naming the file (`details.field: 'files["img/logo.png"]'`). */
                    files?: {
                        [key: string]: string;
                    };
                    /** @description Print a web page instead of a deploy or inline HTML: needs a plan with `allowExternalNetwork` (403 `url_source_not_allowed` otherwise). Not with `deployId`, `deployVersionId`, `html`, `files` or a payload. The job shows `source: {type: 'url', url}` with the URL's origin and path only. */
                    source?: {
                        /** @description The page to print: an `http:` or `https:` URL of at most 2048 characters, without user name or password. Folio fetches it (and every request of the page) itself: DNS resolved once and pinned, public addresses only unless the operator allow-listed the host (`FOLIO_URL_SOURCE_ALLOWED_HOSTS`), every redirect checked again. */
                        url: string;
                        /** @description At most 50 cookies, sent in a `Cookie` header with every request to the URL's origin (scheme, host and port) only. Secrets of the job: never logged or shown, deleted when the job ends. */
                        cookies?: {
                            name: string;
                            value: string;
                            /** @description The URL's host or a parent domain of it. */
                            domain?: string;
                            /** @description Sent only to paths under it (default `/`). */
                            path?: string;
                            /** @description Sent only over https. */
                            secure?: boolean;
                            /** @description Accepted for compatibility: the cookie is never visible to the page anyway. */
                            httpOnly?: boolean;
                        }[];
                        /** @description At most 50 extra request headers (name → value) sent with every request to the URL's origin only; never `Host`, `Cookie` (use `cookies`) or a hop-by-hop header. Secrets of the job: never logged or shown, deleted when the job ends. */
                        headers?: {
                            [key: string]: string;
                        };
                    };
                    /** @description Your reference (invoice number…); defaults to the job id. */
                    businessKey?: string;
                    /** @description Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string. */
                    payload?: unknown;
                    /** @description Default `application/json; charset=utf-8`. */
                    payloadMime?: string;
                    /** @description Raw payload bytes in base64, instead of payload. */
                    payloadBase64?: string;
                    /** @description Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted. */
                    outputMode?: "transient" | "managed";
                    /** @description Document options of this job, over the version's `render.metadata.pdf`: `standard` and `accessibility` replace the version's, each `metadata` field replaces the version's field of the same name. PDF/A-2b + PDF/UA-1: `{standard: "pdf/a-2b", accessibility: "pdf/ua-1"}`. */
                    pdf?: {
                        /** @description Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`. */
                        standard?: "none" | "pdf/a-2b" | "pdf/a-3b";
                        /** @description Accessibility level of the output: `none`, or `pdf/ua-1` (ISO 14289-1): Chromium's tagged PDF with the PDF/UA identification, title, language and tab order added, then checked against the machine-checkable Matterhorn Protocol conditions listed in the PDF guide ("PDF/UA-1"); each failure is a `pdfua_violation` warning of the job (`failOn` can make it fatal). Combines with every `standard`. */
                        accessibility?: "none" | "pdf/ua-1";
                        metadata?: {
                            /** @description dc:title and Info /Title (shown as the window title). */
                            title?: string;
                            /** @description dc:creator and Info /Author. */
                            author?: string;
                            /** @description dc:description and Info /Subject. */
                            subject?: string;
                            /** @description pdf:Keywords and Info /Keywords. */
                            keywords?: string[];
                            /** @description xmp:CreatorTool and Info /Creator. */
                            creator?: string;
                            /** @description BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`). */
                            lang?: string;
                        };
                    };
                    /** @description Files embedded as PDF/A-3 associated files (needs `pdf/a-3b`, or no standard). The plan's `maxAttachmentsPerJob` and `maxAttachmentBytesPerJob` apply (400 naming the attachment). */
                    attachments?: {
                        /** @description File name shown by PDF viewers; unique in the job. */
                        name: string;
                        /** @description Media type without parameters, e.g. `text/csv`. */
                        mimeType: string;
                        /** @description How the file relates to the document (PDF/A-3 `/AFRelationship`). */
                        relationship: "Data" | "Source" | "Alternative" | "Supplement" | "Unspecified";
                        /** @description Shown by PDF viewers beside the name. */
                        description?: string;
                        /** @description The file bytes in base64. Exactly one of `content` and `bundlePath`. Bounded by the plan's `maxAttachmentBytesPerJob` (decoded bytes), not by a length here. */
                        content?: string;
                        /** @description A file of the job's version to attach, e.g. `/terms.pdf`. */
                        bundlePath?: string;
                    }[];
                    /** @description Encrypts the PDF with AES-256 (PDF 2.0, security handler revision 6) after every other document option. The passwords are secrets: kept sealed only until the job ends, never logged, returned or sent in webhooks. Cannot be combined with PDF/A (`pdf.standard`, the version's standard, or `eInvoice`): 400. */
                    protection?: {
                        /** @description Needed to open the PDF. Leave it out for a PDF anyone can open, with the permissions below enforced by readers. At most 127 bytes of UTF-8. */
                        userPassword?: string;
                        /** @description Lifts the restrictions (and opens the PDF). Must differ from `userPassword`. At most 127 bytes of UTF-8. */
                        ownerPassword: string;
                        /** @description What a reader allows without the owner password. Each defaults to `true`: set the ones to refuse to `false`. */
                        permissions?: {
                            /** @description Print (at low resolution unless `printHighQuality`). */
                            print?: boolean;
                            /** @description Print at full resolution (needs `print`). */
                            printHighQuality?: boolean;
                            /** @description Copy or extract text and images. */
                            copy?: boolean;
                            /** @description Change the content (other than annotations, forms and assembly). */
                            modify?: boolean;
                            /** @description Add or change comments and annotations. */
                            annotate?: boolean;
                            /** @description Fill in form fields. */
                            fillForms?: boolean;
                            /** @description Extract text for accessibility (screen readers). */
                            accessibility?: boolean;
                            /** @description Insert, rotate or delete pages. */
                            assemble?: boolean;
                        };
                    };
                    /** @description Signs the PDF (PAdES baseline B-B: a detached CMS, SHA-256 and RSA, SubFilter `ETSI.CAdES.detached`) as the very last step, so the signature covers the final bytes (after PDF/A, attachments and joined PDFs). The certificate must be valid when the job is created (400) and when it renders (else the job fails with `pdf_postprocess_failed`). Another account's id is 404 `signing_certificate_not_found`. With `protection` the signature field is encrypted with the document and the signature computed over the encrypted bytes (open it with a password to verify). */
                    signature?: {
                        /** @description One of the account's signing certificates (`scert_…`). */
                        certificateId: string;
                        /** @description Shown by readers, e.g. "Invoice issued". */
                        reason?: string;
                        /** @description Where it was signed, e.g. "Dublin, IE". */
                        location?: string;
                        /** @description How to reach the signer. */
                        contactInfo?: string;
                        /** @description Draws the signature on a page: a box at `rect` (points, 1/72 inch — a CSS pixel is 0.75 pt — measured from the page's top-left corner) saying who signed (the certificate's common name), when (UTC), and the reason and location. The letters are drawn as outlines, so a PDF/A stays PDF/A. A page past the end, or a box reaching past the page, fails the job with `pdf_postprocess_failed`. Default: an invisible signature. */
                        visible?: {
                            /** @description The page (1-based). */
                            page: number;
                            rect: {
                                /** @description Points from the page's left edge. */
                                x: number;
                                /** @description Points from the page's top edge. */
                                y: number;
                                width: number;
                                height: number;
                            };
                        };
                    };
                    /** @description Pictures of the printed pages, drawn from the finished PDF by poppler (the same layout, not a screenshot), stored beside the PDF and listed with signed links by `GET /v1/render-jobs/{jobId}/images`. They are drawn before encryption and signing (which change no page), count toward the account's storage as render outputs, and are deleted with the job's output (or, for a managed job, with its PDF). */
                    images?: {
                        /** @description `png` (lossless, sharp text), `jpeg` or `webp` (smaller; see `quality`). Defaults to an image `outputFormat`. */
                        format?: "png" | "jpeg" | "webp";
                        /** @description Which pages: `all`, one page (`1`), a range (`1-3`) or a page onwards (`2-`). Default `all`; `1` with an image `outputFormat` (its product is one picture). At most 200 pages per job; a page past the end of the document fails the job with `pdf_postprocess_failed`. */
                        pages?: string;
                        /** @description Width of every image in pixels; the height follows the page. Not with `dpi`. */
                        width?: number;
                        /** @description Resolution (pixels per inch of paper); default 96, one pixel per CSS pixel. Not with `width`. */
                        dpi?: number;
                        /** @description JPEG and WebP quality (default 85). Not for PNG, which is lossless. */
                        quality?: number;
                    };
                    /** @description `pdf` (default) keeps the PDF. An image format keeps only page images (social cards, certificates as pictures): `images` defaults to page 1 in that format, no PDF is stored, and options that only change the PDF (`pdf`, `attachments`, `eInvoice`, `protection`, `signature`) and `outputMode: "managed"` are refused (400). */
                    outputFormat?: "pdf" | "png" | "jpeg" | "webp";
                    /** @description Makes the output a Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the XML embedded and the Factur-X XMP schema. */
                    eInvoice?: {
                        /**
                         * @description Factur-X 1.09 / ZUGFeRD 2.5 (which includes XRechnung as the profile XRECHNUNG).
                         * @enum {string}
                         */
                        standard: "factur-x";
                        /** @description Factur-X 1.09 / ZUGFeRD 2.5 profile of the XML. Optional: by default the profile the XML's guideline id (`GuidelineSpecifiedDocumentContextParameter/ID`) names; when given and the XML names another, 400. */
                        profile?: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                        /** @description The CrossIndustryInvoice XML (UTF-8), embedded byte for byte as `factur-x.xml` (`xrechnung.xml` for XRECHNUNG); its bytes count toward the plan's `maxAttachmentBytesPerJob`. Validated before anything is printed against the official schema and business rules of its profile (the e-invoice guide): a rule broken at error level answers 400 `einvoice_invalid` with every finding; warning-level findings become the job warning `einvoice_rule_warning`. Exactly one of `xml` and `data`. */
                        xml?: string;
                        /** @description The invoice as data instead of XML: EN 16931's business terms as JSON in the internal format of the maintained generator @e-invoice-eu/core (`{"ubl:Invoice": {"cbc:ID": …, "cac:LegalMonetaryTotal": {…}, "cac:InvoiceLine": […]}}`, UBL's element names; the e-invoice guide has a full example). Folio generates the profile's CII XML from it, validates and embeds that XML like `xml`, and, when the job sends no `payload`, gives the same data to the template as its payload: the printed invoice and the XML come from one source. A profile is needed unless the data names one in `cbc:CustomizationID`. Data the generator refuses answers 400 naming `eInvoice.data`. */
                        data?: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Print options of this job (one-shot renders, inline sources): the same options and rules as a version's `render.metadata.pdf` print overrides — `format`, `width`, `height`, `landscape`, `margin`, `scale`, `printBackground`, `displayHeaderFooter`, `headerTemplate`, `footerTemplate`, `pageRanges`, `tagged`, `outline`, `pageReferences`, `reducedMotion`, `mediaType`, `parts` — each replacing the version's (`margin` side by side). Lengths are a number of CSS px or a string with `px`, `in`, `cm`, `mm`, `pt` or `pc`; `mediaType` is `print` (default) or `screen`; `parts` (`{items: "rows", size: 1000}` or `{marks: true, size: 1}`) prints a long document in parts of the payload's array or of the page's marked elements and joins them, numbered as one (the long-documents guide). CSS `@page` rules still win over the paper size and margins. An unknown option or a bad value is a 400 naming `print.<option>`. */
                    print?: {
                        [key: string]: unknown;
                    };
                    /** @description Conditions to wait for after the page is ready by the ready protocol (load, fonts and a quiet page, or `folio.ready()`; the templates guide, "The ready protocol") and before it is printed, in this order: `selector` matches, `expression` is truthy, then `delayMs` passes. For pages you cannot change (a Gotenberg client's HTML, a web page); a template of your own should call `folio.ready()` instead. All of it counts in the render timeout: a condition still unmet when it runs out fails the job with `render_timeout_exceeded` naming it (`waitFor.selector "#done" never matched`). The job's diagnostics say how long each one took (`ready.detail`). */
                    waitFor?: {
                        /** @description A CSS selector: Folio waits until `document.querySelector(selector)` matches an element. A selector the browser cannot parse fails the job with `render_failed` (unbalanced brackets or quotes are refused at once: 400). */
                        selector?: string;
                        /** @description JavaScript evaluated in the page, in the template's own realm (never on the server), every 50 ms until its value is truthy (a promise counts by what it resolves to). An exception it throws fails the job with `render_failed` naming it. */
                        expression?: string;
                        /** @description A fixed wait, in milliseconds, after the other conditions: less than the job's render timeout (the version's `render.renderTimeoutMs`, default 30000, at most the plan's `maxRenderTimeoutMs`), else 400. */
                        delayMs?: number;
                    };
                    /** @description PDF steps applied to the printed PDF, in order, before the document options (`pdf`, `attachments`, `eInvoice`), the encryption and the signature: the steps of `POST /v1/pdf-jobs` (stamp, watermark, rotate, select, fillForm, flatten, metadata, optimize…) with their rules, except `split` (a render job makes one PDF). A text stamp cannot be combined with a PDF/A standard (its font is not embedded), nor `optimize` with `protection` or `signature`: 400 naming `steps[i]`. A step that does not fit the printed PDF fails the job with `pdf_step_failed`. */
                    steps?: ({
                        type: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description Warning codes that fail this job instead of letting it succeed with the warning; replaces the version's `failOn` (an empty list: none). Unknown codes are refused (400 naming `failOn[i]`). The job then fails with `render_failed_on_warning` naming the first offence (`render_request_failed`, retried, for `request_failed`). */
                    failOn?: string[];
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The entry document (UTF-8); a template with `engine` in the job part.
                     */
                    "index.html"?: string;
                    /**
                     * Format: binary
                     * @description Without index.html: a Markdown entry document (UTF-8), as `markdown`.
                     */
                    "index.md"?: string;
                    /** @description The rest of the job as a JSON object. */
                    job?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The queued job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: boolean;
                        queue: string;
                        job: components["schemas"]["RenderJob"];
                    };
                };
            };
            /** @description Error codes: invalid_request, payload_too_large, payload_invalid, einvoice_invalid, invalid_path, template_syntax_error, office_input_invalid, office_password_required. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid, url_source_not_allowed. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found, signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, deploy_has_no_versions. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable, office_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    listDeployRenderJobs: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
                status?: "queued" | "rendering" | "succeeded" | "retry_scheduled" | "failed" | "canceled";
                deployId?: string;
                businessKey?: string;
            };
            header?: never;
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of render jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["RenderJob"][];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createDeployRenderJob: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path: {
                /** @description Deploy id (`dep_…`) or its slug (`invoice`): a slug never looks like an id, so neither can shadow the other. */
                deployId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The deploy: its id (`dep_…`) or its slug. Required on POST /v1/render-jobs unless the job brings inline sources (`html`, `markdown`) or a `source`; optional on the deploy-scoped route (must name the same deploy as the path). */
                    deployId?: string;
                    /** @description A concrete version id, `latest`, or an alias name. Required unless the job brings inline sources (`html`). */
                    deployVersionId?: string;
                    /** @description Inline sources instead of a deploy: the entry document (stored as `index.html` of a version of the account's inline deploy, slug `_inline`; the same sources sent again reuse that version). Not with `deployId`/`deployVersionId` (400). At most the plan's `maxInlineHtmlBytes` (UTF-8; 413 `body_too_large`, `details.field: "html"`). */
                    html?: string;
                    /** @description Inline sources instead of a deploy: a Markdown document (CommonMark with GFM tables, rendered in the page by the Markdown engine: the templates guide, section Template languages), stored as `index.md` of a version of the inline deploy. YAML front matter (`title`, `lang`, `css`) is its data; `style.css` among `files` (or the files front matter `css` lists) is linked after the default print stylesheet. Not with `html` (400). The plan's `maxInlineHtmlBytes` applies (413 `body_too_large`, `details.field: "markdown"`). */
                    markdown?: string;
                    /** @description Inline sources whose entry is an Office document instead of `html`/`markdown`: the path of one of `files` (`.docx`, `.xlsx`, `.pptx`, `.odt`, `.ods`, `.odp`, `.doc`, `.xls`, `.ppt`, `.rtf`, `.txt`, `.csv`), converted to PDF with LibreOffice (the Office guide). A file that is not what its extension says or a zip bomb is a 400 `office_input_invalid`, a protected one without `office.password` a 400 `office_password_required`; nothing is stored. */
                    entry?: string;
                    /** @description How LibreOffice converts the job's Office document (an entry ending in .docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv), before the PDF goes through the rest of the job (steps, `pdf`, protection, signature, images). Only for a version or inline sources whose entry is an Office document (400 otherwise). The Office guide lists what each option does. */
                    office?: {
                        /** @description Pages to keep, LibreOffice's page ranges: numbers and ranges separated by commas (`"1-3,5"`). Default: every page. */
                        pageRanges?: string;
                        /** @description Landscape paper: every page style of the document is turned (spreadsheets and text files mostly). Default false. */
                        landscape?: boolean;
                        /** @description LibreOffice's own PDF/A export. `pdf.standard` of the job also asks for it (and Folio's PDF/A step then runs on the result). */
                        pdfa?: "PDF/A-1b" | "PDF/A-2b" | "PDF/A-3b";
                        /** @description Tagged PDF (the structure assistive technology reads). `pdf.accessibility: "pdf/ua-1"` turns it on. */
                        tagged?: boolean;
                        /** @description Keep the document's form fields as PDF form fields. LibreOffice's default: true. */
                        exportFormFields?: boolean;
                        /** @description Headings become PDF bookmarks. Default true. */
                        exportBookmarks?: boolean;
                        /** @description Comments become PDF annotations. Default false. */
                        exportNotes?: boolean;
                        /** @description Hidden slides of a presentation are exported too. Default false. */
                        exportHiddenSlides?: boolean;
                        /** @description One page per sheet of a spreadsheet, as large as the sheet's used area. Default false. */
                        singlePageSheets?: boolean;
                        /** @description JPEG quality of images, 1-100. Default 90. */
                        quality?: number;
                        /** @description Images are downsampled to at most this many DPI. Default: kept as they are. */
                        maxImageResolution?: 75 | 150 | 300 | 600 | 1200;
                        /** @description Opens a password-protected document. Sealed while the job waits, deleted with its payload, never shown or logged. Without it a protected document is refused (400 `office_password_required`). */
                        password?: string;
                    };
                    /** @description With `html`: the template language it is written in (as `render.engine` of a version: `handlebars`, `liquid`, `nunjucks`, `mustache`), rendered in the page with the job's payload as its data and Folio's helpers (the templates guide, section Template languages); `markdown` makes `html` a page that places Markdown files of `files` with `{{ toHTML "name.md" }}` (Gotenberg's convention). Default `html`: a plain page. A syntax error is a 400 `template_syntax_error` with file, line and column; a runtime error fails the job with `template_render_failed`. */
                    engine?: "html" | "handlebars" | "liquid" | "nunjucks" | "mustache" | "markdown";
                    /** @description With `html` or `markdown`: its CSS, images, fonts (and partials of a template), by path relative to the document (bundle path rules) → the bytes in base64. The plan's `maxInlineFilesPerJob` and `maxInlineBytesPerJob` (html included, decoded) apply; a bad path or base64 is a 400 and a limit a 413, naming the file (`details.field: 'files["img/logo.png"]'`). */
                    files?: {
                        [key: string]: string;
                    };
                    /** @description Print a web page instead of a deploy or inline HTML: needs a plan with `allowExternalNetwork` (403 `url_source_not_allowed` otherwise). Not with `deployId`, `deployVersionId`, `html`, `files` or a payload. The job shows `source: {type: 'url', url}` with the URL's origin and path only. */
                    source?: {
                        /** @description The page to print: an `http:` or `https:` URL of at most 2048 characters, without user name or password. Folio fetches it (and every request of the page) itself: DNS resolved once and pinned, public addresses only unless the operator allow-listed the host (`FOLIO_URL_SOURCE_ALLOWED_HOSTS`), every redirect checked again. */
                        url: string;
                        /** @description At most 50 cookies, sent in a `Cookie` header with every request to the URL's origin (scheme, host and port) only. Secrets of the job: never logged or shown, deleted when the job ends. */
                        cookies?: {
                            name: string;
                            value: string;
                            /** @description The URL's host or a parent domain of it. */
                            domain?: string;
                            /** @description Sent only to paths under it (default `/`). */
                            path?: string;
                            /** @description Sent only over https. */
                            secure?: boolean;
                            /** @description Accepted for compatibility: the cookie is never visible to the page anyway. */
                            httpOnly?: boolean;
                        }[];
                        /** @description At most 50 extra request headers (name → value) sent with every request to the URL's origin only; never `Host`, `Cookie` (use `cookies`) or a hop-by-hop header. Secrets of the job: never logged or shown, deleted when the job ends. */
                        headers?: {
                            [key: string]: string;
                        };
                    };
                    /** @description Your reference (invoice number…); defaults to the job id. */
                    businessKey?: string;
                    /** @description Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string. */
                    payload?: unknown;
                    /** @description Default `application/json; charset=utf-8`. */
                    payloadMime?: string;
                    /** @description Raw payload bytes in base64, instead of payload. */
                    payloadBase64?: string;
                    /** @description Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted. */
                    outputMode?: "transient" | "managed";
                    /** @description Document options of this job, over the version's `render.metadata.pdf`: `standard` and `accessibility` replace the version's, each `metadata` field replaces the version's field of the same name. PDF/A-2b + PDF/UA-1: `{standard: "pdf/a-2b", accessibility: "pdf/ua-1"}`. */
                    pdf?: {
                        /** @description Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`. */
                        standard?: "none" | "pdf/a-2b" | "pdf/a-3b";
                        /** @description Accessibility level of the output: `none`, or `pdf/ua-1` (ISO 14289-1): Chromium's tagged PDF with the PDF/UA identification, title, language and tab order added, then checked against the machine-checkable Matterhorn Protocol conditions listed in the PDF guide ("PDF/UA-1"); each failure is a `pdfua_violation` warning of the job (`failOn` can make it fatal). Combines with every `standard`. */
                        accessibility?: "none" | "pdf/ua-1";
                        metadata?: {
                            /** @description dc:title and Info /Title (shown as the window title). */
                            title?: string;
                            /** @description dc:creator and Info /Author. */
                            author?: string;
                            /** @description dc:description and Info /Subject. */
                            subject?: string;
                            /** @description pdf:Keywords and Info /Keywords. */
                            keywords?: string[];
                            /** @description xmp:CreatorTool and Info /Creator. */
                            creator?: string;
                            /** @description BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`). */
                            lang?: string;
                        };
                    };
                    /** @description Files embedded as PDF/A-3 associated files (needs `pdf/a-3b`, or no standard). The plan's `maxAttachmentsPerJob` and `maxAttachmentBytesPerJob` apply (400 naming the attachment). */
                    attachments?: {
                        /** @description File name shown by PDF viewers; unique in the job. */
                        name: string;
                        /** @description Media type without parameters, e.g. `text/csv`. */
                        mimeType: string;
                        /** @description How the file relates to the document (PDF/A-3 `/AFRelationship`). */
                        relationship: "Data" | "Source" | "Alternative" | "Supplement" | "Unspecified";
                        /** @description Shown by PDF viewers beside the name. */
                        description?: string;
                        /** @description The file bytes in base64. Exactly one of `content` and `bundlePath`. Bounded by the plan's `maxAttachmentBytesPerJob` (decoded bytes), not by a length here. */
                        content?: string;
                        /** @description A file of the job's version to attach, e.g. `/terms.pdf`. */
                        bundlePath?: string;
                    }[];
                    /** @description Encrypts the PDF with AES-256 (PDF 2.0, security handler revision 6) after every other document option. The passwords are secrets: kept sealed only until the job ends, never logged, returned or sent in webhooks. Cannot be combined with PDF/A (`pdf.standard`, the version's standard, or `eInvoice`): 400. */
                    protection?: {
                        /** @description Needed to open the PDF. Leave it out for a PDF anyone can open, with the permissions below enforced by readers. At most 127 bytes of UTF-8. */
                        userPassword?: string;
                        /** @description Lifts the restrictions (and opens the PDF). Must differ from `userPassword`. At most 127 bytes of UTF-8. */
                        ownerPassword: string;
                        /** @description What a reader allows without the owner password. Each defaults to `true`: set the ones to refuse to `false`. */
                        permissions?: {
                            /** @description Print (at low resolution unless `printHighQuality`). */
                            print?: boolean;
                            /** @description Print at full resolution (needs `print`). */
                            printHighQuality?: boolean;
                            /** @description Copy or extract text and images. */
                            copy?: boolean;
                            /** @description Change the content (other than annotations, forms and assembly). */
                            modify?: boolean;
                            /** @description Add or change comments and annotations. */
                            annotate?: boolean;
                            /** @description Fill in form fields. */
                            fillForms?: boolean;
                            /** @description Extract text for accessibility (screen readers). */
                            accessibility?: boolean;
                            /** @description Insert, rotate or delete pages. */
                            assemble?: boolean;
                        };
                    };
                    /** @description Signs the PDF (PAdES baseline B-B: a detached CMS, SHA-256 and RSA, SubFilter `ETSI.CAdES.detached`) as the very last step, so the signature covers the final bytes (after PDF/A, attachments and joined PDFs). The certificate must be valid when the job is created (400) and when it renders (else the job fails with `pdf_postprocess_failed`). Another account's id is 404 `signing_certificate_not_found`. With `protection` the signature field is encrypted with the document and the signature computed over the encrypted bytes (open it with a password to verify). */
                    signature?: {
                        /** @description One of the account's signing certificates (`scert_…`). */
                        certificateId: string;
                        /** @description Shown by readers, e.g. "Invoice issued". */
                        reason?: string;
                        /** @description Where it was signed, e.g. "Dublin, IE". */
                        location?: string;
                        /** @description How to reach the signer. */
                        contactInfo?: string;
                        /** @description Draws the signature on a page: a box at `rect` (points, 1/72 inch — a CSS pixel is 0.75 pt — measured from the page's top-left corner) saying who signed (the certificate's common name), when (UTC), and the reason and location. The letters are drawn as outlines, so a PDF/A stays PDF/A. A page past the end, or a box reaching past the page, fails the job with `pdf_postprocess_failed`. Default: an invisible signature. */
                        visible?: {
                            /** @description The page (1-based). */
                            page: number;
                            rect: {
                                /** @description Points from the page's left edge. */
                                x: number;
                                /** @description Points from the page's top edge. */
                                y: number;
                                width: number;
                                height: number;
                            };
                        };
                    };
                    /** @description Pictures of the printed pages, drawn from the finished PDF by poppler (the same layout, not a screenshot), stored beside the PDF and listed with signed links by `GET /v1/render-jobs/{jobId}/images`. They are drawn before encryption and signing (which change no page), count toward the account's storage as render outputs, and are deleted with the job's output (or, for a managed job, with its PDF). */
                    images?: {
                        /** @description `png` (lossless, sharp text), `jpeg` or `webp` (smaller; see `quality`). Defaults to an image `outputFormat`. */
                        format?: "png" | "jpeg" | "webp";
                        /** @description Which pages: `all`, one page (`1`), a range (`1-3`) or a page onwards (`2-`). Default `all`; `1` with an image `outputFormat` (its product is one picture). At most 200 pages per job; a page past the end of the document fails the job with `pdf_postprocess_failed`. */
                        pages?: string;
                        /** @description Width of every image in pixels; the height follows the page. Not with `dpi`. */
                        width?: number;
                        /** @description Resolution (pixels per inch of paper); default 96, one pixel per CSS pixel. Not with `width`. */
                        dpi?: number;
                        /** @description JPEG and WebP quality (default 85). Not for PNG, which is lossless. */
                        quality?: number;
                    };
                    /** @description `pdf` (default) keeps the PDF. An image format keeps only page images (social cards, certificates as pictures): `images` defaults to page 1 in that format, no PDF is stored, and options that only change the PDF (`pdf`, `attachments`, `eInvoice`, `protection`, `signature`) and `outputMode: "managed"` are refused (400). */
                    outputFormat?: "pdf" | "png" | "jpeg" | "webp";
                    /** @description Makes the output a Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the XML embedded and the Factur-X XMP schema. */
                    eInvoice?: {
                        /**
                         * @description Factur-X 1.09 / ZUGFeRD 2.5 (which includes XRechnung as the profile XRECHNUNG).
                         * @enum {string}
                         */
                        standard: "factur-x";
                        /** @description Factur-X 1.09 / ZUGFeRD 2.5 profile of the XML. Optional: by default the profile the XML's guideline id (`GuidelineSpecifiedDocumentContextParameter/ID`) names; when given and the XML names another, 400. */
                        profile?: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                        /** @description The CrossIndustryInvoice XML (UTF-8), embedded byte for byte as `factur-x.xml` (`xrechnung.xml` for XRECHNUNG); its bytes count toward the plan's `maxAttachmentBytesPerJob`. Validated before anything is printed against the official schema and business rules of its profile (the e-invoice guide): a rule broken at error level answers 400 `einvoice_invalid` with every finding; warning-level findings become the job warning `einvoice_rule_warning`. Exactly one of `xml` and `data`. */
                        xml?: string;
                        /** @description The invoice as data instead of XML: EN 16931's business terms as JSON in the internal format of the maintained generator @e-invoice-eu/core (`{"ubl:Invoice": {"cbc:ID": …, "cac:LegalMonetaryTotal": {…}, "cac:InvoiceLine": […]}}`, UBL's element names; the e-invoice guide has a full example). Folio generates the profile's CII XML from it, validates and embeds that XML like `xml`, and, when the job sends no `payload`, gives the same data to the template as its payload: the printed invoice and the XML come from one source. A profile is needed unless the data names one in `cbc:CustomizationID`. Data the generator refuses answers 400 naming `eInvoice.data`. */
                        data?: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Print options of this job (one-shot renders, inline sources): the same options and rules as a version's `render.metadata.pdf` print overrides — `format`, `width`, `height`, `landscape`, `margin`, `scale`, `printBackground`, `displayHeaderFooter`, `headerTemplate`, `footerTemplate`, `pageRanges`, `tagged`, `outline`, `pageReferences`, `reducedMotion`, `mediaType`, `parts` — each replacing the version's (`margin` side by side). Lengths are a number of CSS px or a string with `px`, `in`, `cm`, `mm`, `pt` or `pc`; `mediaType` is `print` (default) or `screen`; `parts` (`{items: "rows", size: 1000}` or `{marks: true, size: 1}`) prints a long document in parts of the payload's array or of the page's marked elements and joins them, numbered as one (the long-documents guide). CSS `@page` rules still win over the paper size and margins. An unknown option or a bad value is a 400 naming `print.<option>`. */
                    print?: {
                        [key: string]: unknown;
                    };
                    /** @description Conditions to wait for after the page is ready by the ready protocol (load, fonts and a quiet page, or `folio.ready()`; the templates guide, "The ready protocol") and before it is printed, in this order: `selector` matches, `expression` is truthy, then `delayMs` passes. For pages you cannot change (a Gotenberg client's HTML, a web page); a template of your own should call `folio.ready()` instead. All of it counts in the render timeout: a condition still unmet when it runs out fails the job with `render_timeout_exceeded` naming it (`waitFor.selector "#done" never matched`). The job's diagnostics say how long each one took (`ready.detail`). */
                    waitFor?: {
                        /** @description A CSS selector: Folio waits until `document.querySelector(selector)` matches an element. A selector the browser cannot parse fails the job with `render_failed` (unbalanced brackets or quotes are refused at once: 400). */
                        selector?: string;
                        /** @description JavaScript evaluated in the page, in the template's own realm (never on the server), every 50 ms until its value is truthy (a promise counts by what it resolves to). An exception it throws fails the job with `render_failed` naming it. */
                        expression?: string;
                        /** @description A fixed wait, in milliseconds, after the other conditions: less than the job's render timeout (the version's `render.renderTimeoutMs`, default 30000, at most the plan's `maxRenderTimeoutMs`), else 400. */
                        delayMs?: number;
                    };
                    /** @description PDF steps applied to the printed PDF, in order, before the document options (`pdf`, `attachments`, `eInvoice`), the encryption and the signature: the steps of `POST /v1/pdf-jobs` (stamp, watermark, rotate, select, fillForm, flatten, metadata, optimize…) with their rules, except `split` (a render job makes one PDF). A text stamp cannot be combined with a PDF/A standard (its font is not embedded), nor `optimize` with `protection` or `signature`: 400 naming `steps[i]`. A step that does not fit the printed PDF fails the job with `pdf_step_failed`. */
                    steps?: ({
                        type: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description Warning codes that fail this job instead of letting it succeed with the warning; replaces the version's `failOn` (an empty list: none). Unknown codes are refused (400 naming `failOn[i]`). The job then fails with `render_failed_on_warning` naming the first offence (`render_request_failed`, retried, for `request_failed`). */
                    failOn?: string[];
                };
            };
        };
        responses: {
            /** @description The queued job */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: boolean;
                        queue: string;
                        job: components["schemas"]["RenderJob"];
                    };
                };
            };
            /** @description Error codes: invalid_request, deploy_id_mismatch, payload_too_large, payload_invalid, einvoice_invalid. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid, url_source_not_allowed. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found, signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, deploy_has_no_versions. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getRenderJob: {
        parameters: {
            query?: {
                waitSeconds?: number;
            };
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, and its output after success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: components["schemas"]["RenderJob"];
                        output?: components["schemas"]["RenderOutput"];
                        pdf?: components["schemas"]["EmbeddedPdf"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    cancelRenderJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: components["schemas"]["RenderJob"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: render_job_not_cancelable. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    createOutputDownloadLink: {
        parameters: {
            query?: {
                expiresInSeconds?: number;
            };
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Lifetime of the signed URL; default 600. */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The signed URL and when it expires */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Access"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found, render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: render_output_not_ready. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    createOutputPreviewLink: {
        parameters: {
            query?: {
                expiresInSeconds?: number;
            };
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Lifetime of the signed URL; default 600. */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The signed URL and when it expires */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Access"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found, render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: render_output_not_ready. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    deleteOutput: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found, render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: render_output_not_ready. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getRenderDiagnostics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The diagnostics (or null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        diagnostics: {
                            /** @description The attempt these diagnostics are of (the last one). */
                            attempt: number;
                            /** @description In the order they happened; at most 200 entries and about 64 kB. */
                            entries: ({
                                /** @enum {string} */
                                kind: "console";
                                /** @description Milliseconds since the attempt started. */
                                at: number;
                                level: "log" | "info" | "warning" | "error" | "debug";
                                /** @description The arguments, joined by spaces (at most 2,000 characters). */
                                text: string;
                                /** @description `URL:line` of the code (URL without query string). */
                                source?: string;
                            } | {
                                /** @enum {string} */
                                kind: "exception";
                                /** @description Milliseconds since the attempt started. */
                                at: number;
                                /** @description An uncaught exception or unhandled rejection, first line. */
                                text: string;
                                stack?: string;
                                /** @description `URL:line` of the code (URL without query string). */
                                source?: string;
                            } | {
                                /** @enum {string} */
                                kind: "request";
                                /** @description Milliseconds since the attempt started. */
                                at: number;
                                /** @description Scheme, host and path: no query string, fragment or credentials. */
                                url: string;
                                /** @description `blocked`: refused by the network policy; `not_found`: not in the bundle (404); `http_error`: an internet request answered with a status of 400 or more; `network_error` / `timed_out`: an internet request that failed. */
                                problem: "blocked" | "not_found" | "http_error" | "network_error" | "timed_out";
                                reason: string;
                            })[];
                            /** @description Entries left out once the bounds were reached. */
                            dropped: {
                                console: number;
                                exception: number;
                                request: number;
                            };
                            ready: {
                                /** @description `explicit`: the page called `folio.ready()`; `default`: Folio waited for load and a quiet network; `warm`: the `folio.onJob` handler ran; `timed_out`: the render timeout ended the wait. */
                                mode: "explicit" | "default" | "warm" | "timed_out";
                                /** @description What was waited for, or what was still pending. */
                                detail?: string;
                                /** @description Present (true) when the default protocol printed after 3 s of work that did not end: the page may be incomplete (warning `ready_by_timeout`). */
                                byTimeout?: boolean;
                            } | null;
                            /** @description Milliseconds per phase: `queued` (due to claimed), `load` (navigation to the load event), `readyWait` (load to print), `print` (printing and streaming the PDF), `postProcess` and `store` (jobs with document options), `images` (drawing and storing page images). A PDF job (`POST /v1/pdf-jobs`) has `load` (reading its sources) and `steps` (joining them and running its steps) instead of the page's phases. */
                            timings: {
                                queued?: number;
                                load?: number;
                                readyWait?: number;
                                print?: number;
                                steps?: number;
                                postProcess?: number;
                                images?: number;
                                store?: number;
                            };
                            /** @description What went wrong in a job that still produced its PDF, one entry per code (the templates guide, "Warnings and failOn"). Empty when nothing did. A code listed in the version's or job's `failOn` fails the job instead (`render_failed_on_warning`). */
                            warnings?: {
                                /** @description A warning code: `page_exception`: The page threw an uncaught exception or left a promise rejection unhandled. `console_error`: The page wrote to console.error (or a console.assert failed). `request_failed`: A request of the page to the internet failed (network error or timeout, or Folio's fetches of all jobs held their limit at that moment); what it loads is missing from the PDF. `request_blocked`: Folio's network policy refused a request of the page (an address it may not reach, the internet on a plan without it, or a resource over the server's byte budgets: one resource, or all of a job's fetched resources together; the message names the limit); what it loads is missing from the PDF. `http_error_status`: A request of the page was answered with an HTTP error: a file not in the bundle (404), or an internet response of 400 or more. `font_fallback`: A web font of the page failed to load; the text was printed with a fallback font. `ready_by_timeout`: The default ready protocol printed after waiting 3 s for work that did not end (an endless animation, a DOM that kept changing); the page may be incomplete. Call folio.ready() to say when it is done. `margin_boxes_clipped`: The CSS puts content in @page margin boxes (@top-center, @bottom-right, …) on a side whose page margin is 0: Chromium drops those boxes. Give the page a margin on that side. `pdfua_violation`: The job asked for PDF/UA-1 and its PDF fails machine-checkable conditions of the Matterhorn Protocol (a Figure without alternative text, no document language, no title, untagged content…); the message names each failed condition by its Matterhorn id. Checked conditions: the PDF guide, "PDF/UA-1". `einvoice_rule_warning`: The job's e-invoice XML breaks rules of its profile's official rule sets at warning level (no errors: those refuse the job with 400 `einvoice_invalid`); the message names the rules. `POST /v1/e-invoices/validate` lists every finding with its location. `einvoice_not_validated`: The job's e-invoice XML was embedded without the check of the official rule sets: Java or Saxon-HE is not installed on the server (the e-invoice guide). Its well-formedness and root were checked; a buyer's validator may still refuse it. `payload_schema_missing`: The job's version has no payload.schema.json, so a payload of the wrong shape is not refused and may print a wrong document (e.g. an invoice of 0.00). */
                                code: "page_exception" | "console_error" | "request_failed" | "request_blocked" | "http_error_status" | "font_fallback" | "ready_by_timeout" | "margin_boxes_clipped" | "pdfua_violation" | "einvoice_rule_warning" | "einvoice_not_validated" | "payload_schema_missing";
                                /** @description How many times it happened in the job. */
                                count: number;
                                /** @description The first occurrence, in words (at most 300 characters; URLs without query string). */
                                message: string;
                            }[];
                            pageCount?: number;
                            bytes?: number;
                            /** @description The W3C trace id of this attempt: the job's `traceId`, or the trace Folio started for the attempt when the job has none and Folio exports traces. Its spans and the worker's log lines about it (`traceId`) carry it. */
                            traceId?: string;
                            /** @description Present (true) when the job's page had been loaded ahead of the job, while the account's previous job of the same template printed (preloading; the templates guide, "Preloading", says what a template sees differently): `load` is then only the wait for what was left of that load. */
                            preloaded?: boolean;
                            /** @description Long documents only (`pdf.parts`, the long-documents guide): the parts the document was printed in and joined from. The other fields describe the first part. */
                            parts?: {
                                /** @description Parts the document was printed in. */
                                count: number;
                                /** @description Each part's pages, in order. */
                                pages: number[];
                                /** @description How many workers printed the parts (several share one document on PostgreSQL). */
                                workers: number;
                            };
                            /** @description Versions with `render.metadata.pdf.pageReferences` only: the two-pass render of page numbers (a table of contents, "see page N"). */
                            pageReferences?: {
                                /** @description Ids the page referred to (`folio.pageOf`, `data-folio-page-of`). */
                                references: number;
                                /** @description How many times the page was printed (2 when the numbers settled at once). */
                                prints: number;
                                /** @description Referenced ids that no printed element has (at most 20); their placeholders were left as written. */
                                unresolved: string[];
                            };
                        } | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event and its attempts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            id: string;
                            /** @description pending, delivered, failed */
                            status: string;
                            attempts: number;
                            nextAttemptAt?: number;
                            lastError?: string;
                        } | null;
                        items: {
                            /** @description Delivery id (`dlv_…`), new for every attempt. */
                            id: string;
                            /** @description `evt_render_job_terminated_<jobId>`, stable across attempts. */
                            eventId: string;
                            /** @description 1-based; the Service-Webhook-Attempt header. */
                            attempt: number;
                            /** @description Sent by a redeliver request rather than the schedule. */
                            manual: boolean;
                            url: string;
                            statusCode?: number;
                            durationMs: number;
                            error?: string;
                            createdAt: number;
                        }[];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recorded attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            /** @description Delivery id (`dlv_…`), new for every attempt. */
                            id: string;
                            /** @description `evt_render_job_terminated_<jobId>`, stable across attempts. */
                            eventId: string;
                            /** @description 1-based; the Service-Webhook-Attempt header. */
                            attempt: number;
                            /** @description Sent by a redeliver request rather than the schedule. */
                            manual: boolean;
                            url: string;
                            statusCode?: number;
                            durationMs: number;
                            error?: string;
                            createdAt: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: webhook_not_available. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    render: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
                /** @description `application/json` for the job and a signed link instead of the PDF. */
                accept?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The deploy: its id (`dep_…`) or its slug. Required on POST /v1/render-jobs unless the job brings inline sources (`html`, `markdown`) or a `source`; optional on the deploy-scoped route (must name the same deploy as the path). */
                    deployId?: string;
                    /** @description A concrete version id, `latest`, or an alias name. Required unless the job brings inline sources (`html`). */
                    deployVersionId?: string;
                    /** @description Inline sources instead of a deploy: the entry document (stored as `index.html` of a version of the account's inline deploy, slug `_inline`; the same sources sent again reuse that version). Not with `deployId`/`deployVersionId` (400). At most the plan's `maxInlineHtmlBytes` (UTF-8; 413 `body_too_large`, `details.field: "html"`). */
                    html?: string;
                    /** @description Inline sources instead of a deploy: a Markdown document (CommonMark with GFM tables, rendered in the page by the Markdown engine: the templates guide, section Template languages), stored as `index.md` of a version of the inline deploy. YAML front matter (`title`, `lang`, `css`) is its data; `style.css` among `files` (or the files front matter `css` lists) is linked after the default print stylesheet. Not with `html` (400). The plan's `maxInlineHtmlBytes` applies (413 `body_too_large`, `details.field: "markdown"`). */
                    markdown?: string;
                    /** @description Inline sources whose entry is an Office document instead of `html`/`markdown`: the path of one of `files` (`.docx`, `.xlsx`, `.pptx`, `.odt`, `.ods`, `.odp`, `.doc`, `.xls`, `.ppt`, `.rtf`, `.txt`, `.csv`), converted to PDF with LibreOffice (the Office guide). A file that is not what its extension says or a zip bomb is a 400 `office_input_invalid`, a protected one without `office.password` a 400 `office_password_required`; nothing is stored. */
                    entry?: string;
                    /** @description How LibreOffice converts the job's Office document (an entry ending in .docx, .xlsx, .pptx, .odt, .ods, .odp, .doc, .xls, .ppt, .rtf, .txt, .csv), before the PDF goes through the rest of the job (steps, `pdf`, protection, signature, images). Only for a version or inline sources whose entry is an Office document (400 otherwise). The Office guide lists what each option does. */
                    office?: {
                        /** @description Pages to keep, LibreOffice's page ranges: numbers and ranges separated by commas (`"1-3,5"`). Default: every page. */
                        pageRanges?: string;
                        /** @description Landscape paper: every page style of the document is turned (spreadsheets and text files mostly). Default false. */
                        landscape?: boolean;
                        /** @description LibreOffice's own PDF/A export. `pdf.standard` of the job also asks for it (and Folio's PDF/A step then runs on the result). */
                        pdfa?: "PDF/A-1b" | "PDF/A-2b" | "PDF/A-3b";
                        /** @description Tagged PDF (the structure assistive technology reads). `pdf.accessibility: "pdf/ua-1"` turns it on. */
                        tagged?: boolean;
                        /** @description Keep the document's form fields as PDF form fields. LibreOffice's default: true. */
                        exportFormFields?: boolean;
                        /** @description Headings become PDF bookmarks. Default true. */
                        exportBookmarks?: boolean;
                        /** @description Comments become PDF annotations. Default false. */
                        exportNotes?: boolean;
                        /** @description Hidden slides of a presentation are exported too. Default false. */
                        exportHiddenSlides?: boolean;
                        /** @description One page per sheet of a spreadsheet, as large as the sheet's used area. Default false. */
                        singlePageSheets?: boolean;
                        /** @description JPEG quality of images, 1-100. Default 90. */
                        quality?: number;
                        /** @description Images are downsampled to at most this many DPI. Default: kept as they are. */
                        maxImageResolution?: 75 | 150 | 300 | 600 | 1200;
                        /** @description Opens a password-protected document. Sealed while the job waits, deleted with its payload, never shown or logged. Without it a protected document is refused (400 `office_password_required`). */
                        password?: string;
                    };
                    /** @description With `html`: the template language it is written in (as `render.engine` of a version: `handlebars`, `liquid`, `nunjucks`, `mustache`), rendered in the page with the job's payload as its data and Folio's helpers (the templates guide, section Template languages); `markdown` makes `html` a page that places Markdown files of `files` with `{{ toHTML "name.md" }}` (Gotenberg's convention). Default `html`: a plain page. A syntax error is a 400 `template_syntax_error` with file, line and column; a runtime error fails the job with `template_render_failed`. */
                    engine?: "html" | "handlebars" | "liquid" | "nunjucks" | "mustache" | "markdown";
                    /** @description With `html` or `markdown`: its CSS, images, fonts (and partials of a template), by path relative to the document (bundle path rules) → the bytes in base64. The plan's `maxInlineFilesPerJob` and `maxInlineBytesPerJob` (html included, decoded) apply; a bad path or base64 is a 400 and a limit a 413, naming the file (`details.field: 'files["img/logo.png"]'`). */
                    files?: {
                        [key: string]: string;
                    };
                    /** @description Print a web page instead of a deploy or inline HTML: needs a plan with `allowExternalNetwork` (403 `url_source_not_allowed` otherwise). Not with `deployId`, `deployVersionId`, `html`, `files` or a payload. The job shows `source: {type: 'url', url}` with the URL's origin and path only. */
                    source?: {
                        /** @description The page to print: an `http:` or `https:` URL of at most 2048 characters, without user name or password. Folio fetches it (and every request of the page) itself: DNS resolved once and pinned, public addresses only unless the operator allow-listed the host (`FOLIO_URL_SOURCE_ALLOWED_HOSTS`), every redirect checked again. */
                        url: string;
                        /** @description At most 50 cookies, sent in a `Cookie` header with every request to the URL's origin (scheme, host and port) only. Secrets of the job: never logged or shown, deleted when the job ends. */
                        cookies?: {
                            name: string;
                            value: string;
                            /** @description The URL's host or a parent domain of it. */
                            domain?: string;
                            /** @description Sent only to paths under it (default `/`). */
                            path?: string;
                            /** @description Sent only over https. */
                            secure?: boolean;
                            /** @description Accepted for compatibility: the cookie is never visible to the page anyway. */
                            httpOnly?: boolean;
                        }[];
                        /** @description At most 50 extra request headers (name → value) sent with every request to the URL's origin only; never `Host`, `Cookie` (use `cookies`) or a hop-by-hop header. Secrets of the job: never logged or shown, deleted when the job ends. */
                        headers?: {
                            [key: string]: string;
                        };
                    };
                    /** @description Your reference (invoice number…); defaults to the job id. */
                    businessKey?: string;
                    /** @description Any JSON value (canonicalised, RFC 8785) or, with a non-JSON payloadMime, a UTF-8 string. */
                    payload?: unknown;
                    /** @description Default `application/json; charset=utf-8`. */
                    payloadMime?: string;
                    /** @description Raw payload bytes in base64, instead of payload. */
                    payloadBase64?: string;
                    /** @description Default `transient` (deleted 10 minutes after finishing); `managed` keeps a managed PDF until deleted. */
                    outputMode?: "transient" | "managed";
                    /** @description Document options of this job, over the version's `render.metadata.pdf`: `standard` and `accessibility` replace the version's, each `metadata` field replaces the version's field of the same name. PDF/A-2b + PDF/UA-1: `{standard: "pdf/a-2b", accessibility: "pdf/ua-1"}`. */
                    pdf?: {
                        /** @description Conformance level of the output: `none` (what Chromium prints), `pdf/a-2b` or `pdf/a-3b` (ISO 19005, as far as Folio checks it). An e-invoice is always `pdf/a-3b`. */
                        standard?: "none" | "pdf/a-2b" | "pdf/a-3b";
                        /** @description Accessibility level of the output: `none`, or `pdf/ua-1` (ISO 14289-1): Chromium's tagged PDF with the PDF/UA identification, title, language and tab order added, then checked against the machine-checkable Matterhorn Protocol conditions listed in the PDF guide ("PDF/UA-1"); each failure is a `pdfua_violation` warning of the job (`failOn` can make it fatal). Combines with every `standard`. */
                        accessibility?: "none" | "pdf/ua-1";
                        metadata?: {
                            /** @description dc:title and Info /Title (shown as the window title). */
                            title?: string;
                            /** @description dc:creator and Info /Author. */
                            author?: string;
                            /** @description dc:description and Info /Subject. */
                            subject?: string;
                            /** @description pdf:Keywords and Info /Keywords. */
                            keywords?: string[];
                            /** @description xmp:CreatorTool and Info /Creator. */
                            creator?: string;
                            /** @description BCP 47 tag for the catalog /Lang; default: what the page declared (`<html lang>`). */
                            lang?: string;
                        };
                    };
                    /** @description Files embedded as PDF/A-3 associated files (needs `pdf/a-3b`, or no standard). The plan's `maxAttachmentsPerJob` and `maxAttachmentBytesPerJob` apply (400 naming the attachment). */
                    attachments?: {
                        /** @description File name shown by PDF viewers; unique in the job. */
                        name: string;
                        /** @description Media type without parameters, e.g. `text/csv`. */
                        mimeType: string;
                        /** @description How the file relates to the document (PDF/A-3 `/AFRelationship`). */
                        relationship: "Data" | "Source" | "Alternative" | "Supplement" | "Unspecified";
                        /** @description Shown by PDF viewers beside the name. */
                        description?: string;
                        /** @description The file bytes in base64. Exactly one of `content` and `bundlePath`. Bounded by the plan's `maxAttachmentBytesPerJob` (decoded bytes), not by a length here. */
                        content?: string;
                        /** @description A file of the job's version to attach, e.g. `/terms.pdf`. */
                        bundlePath?: string;
                    }[];
                    /** @description Encrypts the PDF with AES-256 (PDF 2.0, security handler revision 6) after every other document option. The passwords are secrets: kept sealed only until the job ends, never logged, returned or sent in webhooks. Cannot be combined with PDF/A (`pdf.standard`, the version's standard, or `eInvoice`): 400. */
                    protection?: {
                        /** @description Needed to open the PDF. Leave it out for a PDF anyone can open, with the permissions below enforced by readers. At most 127 bytes of UTF-8. */
                        userPassword?: string;
                        /** @description Lifts the restrictions (and opens the PDF). Must differ from `userPassword`. At most 127 bytes of UTF-8. */
                        ownerPassword: string;
                        /** @description What a reader allows without the owner password. Each defaults to `true`: set the ones to refuse to `false`. */
                        permissions?: {
                            /** @description Print (at low resolution unless `printHighQuality`). */
                            print?: boolean;
                            /** @description Print at full resolution (needs `print`). */
                            printHighQuality?: boolean;
                            /** @description Copy or extract text and images. */
                            copy?: boolean;
                            /** @description Change the content (other than annotations, forms and assembly). */
                            modify?: boolean;
                            /** @description Add or change comments and annotations. */
                            annotate?: boolean;
                            /** @description Fill in form fields. */
                            fillForms?: boolean;
                            /** @description Extract text for accessibility (screen readers). */
                            accessibility?: boolean;
                            /** @description Insert, rotate or delete pages. */
                            assemble?: boolean;
                        };
                    };
                    /** @description Signs the PDF (PAdES baseline B-B: a detached CMS, SHA-256 and RSA, SubFilter `ETSI.CAdES.detached`) as the very last step, so the signature covers the final bytes (after PDF/A, attachments and joined PDFs). The certificate must be valid when the job is created (400) and when it renders (else the job fails with `pdf_postprocess_failed`). Another account's id is 404 `signing_certificate_not_found`. With `protection` the signature field is encrypted with the document and the signature computed over the encrypted bytes (open it with a password to verify). */
                    signature?: {
                        /** @description One of the account's signing certificates (`scert_…`). */
                        certificateId: string;
                        /** @description Shown by readers, e.g. "Invoice issued". */
                        reason?: string;
                        /** @description Where it was signed, e.g. "Dublin, IE". */
                        location?: string;
                        /** @description How to reach the signer. */
                        contactInfo?: string;
                        /** @description Draws the signature on a page: a box at `rect` (points, 1/72 inch — a CSS pixel is 0.75 pt — measured from the page's top-left corner) saying who signed (the certificate's common name), when (UTC), and the reason and location. The letters are drawn as outlines, so a PDF/A stays PDF/A. A page past the end, or a box reaching past the page, fails the job with `pdf_postprocess_failed`. Default: an invisible signature. */
                        visible?: {
                            /** @description The page (1-based). */
                            page: number;
                            rect: {
                                /** @description Points from the page's left edge. */
                                x: number;
                                /** @description Points from the page's top edge. */
                                y: number;
                                width: number;
                                height: number;
                            };
                        };
                    };
                    /** @description Pictures of the printed pages, drawn from the finished PDF by poppler (the same layout, not a screenshot), stored beside the PDF and listed with signed links by `GET /v1/render-jobs/{jobId}/images`. They are drawn before encryption and signing (which change no page), count toward the account's storage as render outputs, and are deleted with the job's output (or, for a managed job, with its PDF). */
                    images?: {
                        /** @description `png` (lossless, sharp text), `jpeg` or `webp` (smaller; see `quality`). Defaults to an image `outputFormat`. */
                        format?: "png" | "jpeg" | "webp";
                        /** @description Which pages: `all`, one page (`1`), a range (`1-3`) or a page onwards (`2-`). Default `all`; `1` with an image `outputFormat` (its product is one picture). At most 200 pages per job; a page past the end of the document fails the job with `pdf_postprocess_failed`. */
                        pages?: string;
                        /** @description Width of every image in pixels; the height follows the page. Not with `dpi`. */
                        width?: number;
                        /** @description Resolution (pixels per inch of paper); default 96, one pixel per CSS pixel. Not with `width`. */
                        dpi?: number;
                        /** @description JPEG and WebP quality (default 85). Not for PNG, which is lossless. */
                        quality?: number;
                    };
                    /** @description `pdf` (default) keeps the PDF. An image format keeps only page images (social cards, certificates as pictures): `images` defaults to page 1 in that format, no PDF is stored, and options that only change the PDF (`pdf`, `attachments`, `eInvoice`, `protection`, `signature`) and `outputMode: "managed"` are refused (400). */
                    outputFormat?: "pdf" | "png" | "jpeg" | "webp";
                    /** @description Makes the output a Factur-X / ZUGFeRD e-invoice: PDF/A-3b with the XML embedded and the Factur-X XMP schema. */
                    eInvoice?: {
                        /**
                         * @description Factur-X 1.09 / ZUGFeRD 2.5 (which includes XRechnung as the profile XRECHNUNG).
                         * @enum {string}
                         */
                        standard: "factur-x";
                        /** @description Factur-X 1.09 / ZUGFeRD 2.5 profile of the XML. Optional: by default the profile the XML's guideline id (`GuidelineSpecifiedDocumentContextParameter/ID`) names; when given and the XML names another, 400. */
                        profile?: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                        /** @description The CrossIndustryInvoice XML (UTF-8), embedded byte for byte as `factur-x.xml` (`xrechnung.xml` for XRECHNUNG); its bytes count toward the plan's `maxAttachmentBytesPerJob`. Validated before anything is printed against the official schema and business rules of its profile (the e-invoice guide): a rule broken at error level answers 400 `einvoice_invalid` with every finding; warning-level findings become the job warning `einvoice_rule_warning`. Exactly one of `xml` and `data`. */
                        xml?: string;
                        /** @description The invoice as data instead of XML: EN 16931's business terms as JSON in the internal format of the maintained generator @e-invoice-eu/core (`{"ubl:Invoice": {"cbc:ID": …, "cac:LegalMonetaryTotal": {…}, "cac:InvoiceLine": […]}}`, UBL's element names; the e-invoice guide has a full example). Folio generates the profile's CII XML from it, validates and embeds that XML like `xml`, and, when the job sends no `payload`, gives the same data to the template as its payload: the printed invoice and the XML come from one source. A profile is needed unless the data names one in `cbc:CustomizationID`. Data the generator refuses answers 400 naming `eInvoice.data`. */
                        data?: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Print options of this job (one-shot renders, inline sources): the same options and rules as a version's `render.metadata.pdf` print overrides — `format`, `width`, `height`, `landscape`, `margin`, `scale`, `printBackground`, `displayHeaderFooter`, `headerTemplate`, `footerTemplate`, `pageRanges`, `tagged`, `outline`, `pageReferences`, `reducedMotion`, `mediaType`, `parts` — each replacing the version's (`margin` side by side). Lengths are a number of CSS px or a string with `px`, `in`, `cm`, `mm`, `pt` or `pc`; `mediaType` is `print` (default) or `screen`; `parts` (`{items: "rows", size: 1000}` or `{marks: true, size: 1}`) prints a long document in parts of the payload's array or of the page's marked elements and joins them, numbered as one (the long-documents guide). CSS `@page` rules still win over the paper size and margins. An unknown option or a bad value is a 400 naming `print.<option>`. */
                    print?: {
                        [key: string]: unknown;
                    };
                    /** @description Conditions to wait for after the page is ready by the ready protocol (load, fonts and a quiet page, or `folio.ready()`; the templates guide, "The ready protocol") and before it is printed, in this order: `selector` matches, `expression` is truthy, then `delayMs` passes. For pages you cannot change (a Gotenberg client's HTML, a web page); a template of your own should call `folio.ready()` instead. All of it counts in the render timeout: a condition still unmet when it runs out fails the job with `render_timeout_exceeded` naming it (`waitFor.selector "#done" never matched`). The job's diagnostics say how long each one took (`ready.detail`). */
                    waitFor?: {
                        /** @description A CSS selector: Folio waits until `document.querySelector(selector)` matches an element. A selector the browser cannot parse fails the job with `render_failed` (unbalanced brackets or quotes are refused at once: 400). */
                        selector?: string;
                        /** @description JavaScript evaluated in the page, in the template's own realm (never on the server), every 50 ms until its value is truthy (a promise counts by what it resolves to). An exception it throws fails the job with `render_failed` naming it. */
                        expression?: string;
                        /** @description A fixed wait, in milliseconds, after the other conditions: less than the job's render timeout (the version's `render.renderTimeoutMs`, default 30000, at most the plan's `maxRenderTimeoutMs`), else 400. */
                        delayMs?: number;
                    };
                    /** @description PDF steps applied to the printed PDF, in order, before the document options (`pdf`, `attachments`, `eInvoice`), the encryption and the signature: the steps of `POST /v1/pdf-jobs` (stamp, watermark, rotate, select, fillForm, flatten, metadata, optimize…) with their rules, except `split` (a render job makes one PDF). A text stamp cannot be combined with a PDF/A standard (its font is not embedded), nor `optimize` with `protection` or `signature`: 400 naming `steps[i]`. A step that does not fit the printed PDF fails the job with `pdf_step_failed`. */
                    steps?: ({
                        type: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description Warning codes that fail this job instead of letting it succeed with the warning; replaces the version's `failOn` (an empty list: none). Unknown codes are refused (400 naming `failOn[i]`). The job then fails with `render_failed_on_warning` naming the first offence (`render_request_failed`, retried, for `request_failed`). */
                    failOn?: string[];
                    /** @description How long to wait for the PDF (default 60, or the maximum when that is lower); at most the version's render timeout plus 10 s. After it the answer is 202 with the job. */
                    waitSeconds?: number;
                };
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The entry document (UTF-8); a template with `engine` in the job part.
                     */
                    "index.html"?: string;
                    /**
                     * Format: binary
                     * @description Without index.html: a Markdown entry document (UTF-8), as `markdown`.
                     */
                    "index.md"?: string;
                    /** @description The rest of the job as a JSON object. */
                    job?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The job succeeded in time: the PDF (or, with `Accept: application/json`, the job, its output and a signed download link) */
            200: {
                headers: {
                    /** @description The render job (`job_…`). */
                    "Folio-Job-Id"?: string;
                    /** @description Pages of the PDF. */
                    "Folio-Page-Count"?: number;
                    /** @description sha256 hex of the PDF bytes. */
                    "Folio-Sha256"?: string;
                    /** @description Present when the job has warnings (the PDF was made, but something in the page went wrong): a list of `code;count=N`, e.g. `page_exception;count=2, http_error_status;count=1`. The messages are in the job (`GET /v1/render-jobs/{jobId}`, `warnings`). */
                    "Folio-Warnings"?: string;
                    /** @description The quoted sha256 of the PDF, as its signed URLs answer. */
                    ETag?: string;
                    /** @description `attachment`, with the file name of the output. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/png": string;
                    "application/json": {
                        job: components["schemas"]["RenderJob"];
                        output?: components["schemas"]["RenderOutput"];
                        pdf?: components["schemas"]["EmbeddedPdf"];
                        /** @description The page images of a job with `images` or an image `outputFormat`. */
                        images?: components["schemas"]["PageImage"][];
                        access?: {
                            url: string;
                            expiresAt: number;
                        };
                    };
                };
            };
            /** @description The wait is over and the job is not finished: the job, as `POST /v1/render-jobs` answers it */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: boolean;
                        queue: string;
                        job: components["schemas"]["RenderJob"];
                    };
                };
            };
            /** @description Error codes: invalid_request, payload_too_large, payload_invalid, einvoice_invalid, invalid_path, template_syntax_error, office_input_invalid, office_password_required. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid, url_source_not_allowed. */
            403: components["responses"]["Error"];
            /** @description Error codes: deploy_not_found, deploy_version_not_found, signing_certificate_not_found, render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, deploy_has_no_versions. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable, office_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergConvertHtml: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The files, each part named by its file name. */
                    files: string[];
                    paperWidth?: string;
                    paperHeight?: string;
                    marginTop?: string;
                    landscape?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Error codes: invalid_request, invalid_path. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, conversion_failed. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: conversion_timeout, render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergScreenshotHtml: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The files, each part named by its file name. */
                    files: string[];
                    /** @enum {string} */
                    format?: "png" | "jpeg" | "webp";
                    quality?: string;
                    width?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Error codes: invalid_request, invalid_path. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, conversion_failed. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: conversion_timeout, render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergConvertMarkdown: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The files, each part named by its file name. */
                    files: string[];
                    paperWidth?: string;
                    paperHeight?: string;
                    marginTop?: string;
                    landscape?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Error codes: invalid_request, invalid_path, template_syntax_error. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, conversion_failed. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: conversion_timeout, render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergScreenshotMarkdown: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The files, each part named by its file name. */
                    files: string[];
                    /** @enum {string} */
                    format?: "png" | "jpeg" | "webp";
                    quality?: string;
                    width?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Error codes: invalid_request, invalid_path, template_syntax_error. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, conversion_failed. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: conversion_timeout, render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergConvertUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    url: string;
                    extraHttpHeaders?: string;
                    cookies?: string;
                    paperWidth?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Error codes: invalid_request, invalid_path. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid, url_source_not_allowed. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, conversion_failed. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: conversion_timeout, render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergScreenshotUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    url: string;
                    extraHttpHeaders?: string;
                    cookies?: string;
                    /** @enum {string} */
                    format?: "png" | "jpeg" | "webp";
                    width?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Error codes: invalid_request, invalid_path. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid, url_source_not_allowed. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, conversion_failed. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: conversion_timeout, render_provider_unavailable. */
            503: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    gotenbergMerge: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergSplit: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                    splitMode?: string;
                    splitSpan?: string;
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergFlatten: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergOptimize: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergConvertPdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergWriteMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergWriteBookmarks: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergEncrypt: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergEmbed: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergWatermark: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergStamp: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                    stampSource?: string;
                    stampExpression?: string;
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergRotate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergAddPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                    userPassword?: string;
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergAddAttachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergBulkStamp: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                    stamps?: string;
                    stamp?: string[];
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergReadMetadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The metadata by file name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergReadBookmarks: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The bookmarks by file name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergConvertPdfToImages: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDFs, each named by its file name. */
                    files: string[];
                    format?: string;
                    dpi?: string;
                    firstPage?: string;
                    lastPage?: string;
                };
            };
        };
        responses: {
            /** @description The image, or a zip of the images when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/tiff": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    gotenbergConvertOffice: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file name of the answer (`Content-Disposition`); the extension is added. */
                "gotenberg-output-filename"?: string;
                /** @description Echoed as the `Gotenberg-Trace` response header (default: the request id). */
                "gotenberg-trace"?: string;
                /** @description As on `POST /v1/render` (24 h). */
                "idempotency-key"?: string;
                /** @description Webhook mode: the answer is 204 at once, and the result is sent to this URL (its host must be public unless the server runs with `FOLIO_ALLOW_INSECURE_WEBHOOKS=1`; signed like Folio's webhooks). Needs `Gotenberg-Webhook-Error-Url` or `-Events-Url` (the Gotenberg guide, "Webhook mode"). */
                "gotenberg-webhook-url"?: string;
                /** @description Webhook mode: where an error goes, as JSON `{status, message}`. */
                "gotenberg-webhook-error-url"?: string;
                /** @description Webhook mode: where `webhook.success` and `webhook.error` events go (`{event, correlationId, timestamp, error?}`). */
                "gotenberg-webhook-events-url"?: string;
                /** @description Webhook mode: the method of the result request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-method"?: string;
                /** @description Webhook mode: the method of the error request: POST (default), PATCH or PUT. */
                "gotenberg-webhook-error-method"?: string;
                /** @description Webhook mode: a JSON object of headers added to every webhook request (they win over Folio's `Content-Type` and `Content-Disposition`). */
                "gotenberg-webhook-extra-http-headers"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The Office documents, each named by its file name. */
                    files: string[];
                    landscape?: string;
                    nativePageRanges?: string;
                    pdfa?: string;
                    merge?: string;
                    metadata?: string;
                    splitMode?: string;
                    splitSpan?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The PDF, or a zip of the PDFs when there are several */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request, office_input_invalid, office_password_required, invalid_path. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: render_job_failed, pdf_step_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: office_unavailable, conversion_timeout. */
            503: components["responses"]["Error"];
        };
    };
    listPdfs: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
                deployId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of managed PDFs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ManagedPdf"][];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    uploadPdf: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The raw bytes of the PDF. */
        requestBody: {
            content: {
                "application/pdf": string;
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The PDF.
                     */
                    file: string;
                    /** @description The password that opens an encrypted PDF (user or owner password). */
                    password?: string;
                    /** @description The download file name (default: `upload-<id>.pdf`). */
                    fileName?: string;
                    /** @description Your own reference (default: the PDF id). */
                    businessKey?: string;
                };
            };
        };
        responses: {
            /** @description The new managed PDF */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pdf: components["schemas"]["ManagedPdf"];
                        /** @description The upload was encrypted; the stored PDF is its decrypted copy. */
                        decrypted: boolean;
                        /** @description The account already had these bytes under this file name (uploaded without a business key or password): that PDF is answered, nothing is stored again. */
                        reused: boolean;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: pdf_invalid, pdf_password_required, pdf_password_incorrect. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getPdfInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF's facts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pdfId: string;
                        /** @description What the PDF says about itself, read without validating anything. */
                        info: {
                            /** @description Pages of the PDF. */
                            pageCount: number;
                            /** @description Each page (at most 5,000 listed). */
                            pages: {
                                /** @description 1-based page number. */
                                number: number;
                                /** @description Width of the media box, points (1/72 in). */
                                width: number;
                                /** @description Height of the media box, points. */
                                height: number;
                                /** @description The page's /Rotate: 0, 90, 180 or 270. */
                                rotation: number;
                            }[];
                            /** @description The document information dictionary; an entry it lacks is read from the XMP packet (dc:title, dc:creator…). */
                            metadata: {
                                title: string | null;
                                author: string | null;
                                subject: string | null;
                                keywords: string | null;
                                creator: string | null;
                                producer: string | null;
                                creationDate: string | null;
                                modificationDate: string | null;
                            };
                            language: string | null;
                            /** @description Marked (`/MarkInfo /Marked true`) with a structure tree. */
                            tagged: boolean;
                            pdfA: string | null;
                            pdfUA: string | null;
                            /** @description AcroForm fields (at most 5,000 listed). */
                            formFields: {
                                /** @description Fully qualified field name (`address.city`). */
                                name: string;
                                type: "text" | "checkbox" | "radio" | "dropdown" | "listbox" | "signature" | "button";
                                /** @description Text, checked state, the selected option (radio) or options (dropdown, listbox); null when none. */
                                value: string | boolean | string[] | null;
                                /** @description The choices of a radio group, dropdown or list box. */
                                options?: string[];
                                readOnly: boolean;
                            }[];
                            /** @description Embedded files of the /EmbeddedFiles name tree. */
                            attachments: {
                                name: string;
                                /** @description The file's /Params /Size, when the PDF says it. */
                                bytes: number | null;
                                description: string | null;
                            }[];
                            signatures: {
                                /** @description Signature fields that hold a signature. */
                                count: number;
                                /** @description The signatures' /Name entries, where written (not verified). */
                                signers: string[];
                            };
                            /** @description A list stopped at its limit. */
                            truncated: boolean;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting. */
            409: components["responses"]["Error"];
            /** @description Error codes: pdf_invalid. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    getPdfAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
                /** @description The embedded file's name, URL-encoded. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes */
            200: {
                headers: {
                    /** @description The media type the PDF declares for it (/Subtype), when it declares one. */
                    "X-Folio-Attachment-Type"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found, pdf_attachment_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting. */
            409: components["responses"]["Error"];
            /** @description Error codes: pdf_invalid. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    mergePdfs: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The PDFs to join, in order (1–50). */
                    sources: {
                        /** @description A managed PDF of the account (`pdf_…`). */
                        pdfId?: string;
                        /** @description A succeeded render job of the account (`job_…`): its output, transient (while it exists) or managed. */
                        jobId?: string;
                        /** @description The pages to take, in the order written: 1-based pages and inclusive ranges separated by commas (`"1-3,5"`, `"8-"` = from 8 to the last page, `"2,1"` reverses two pages; a page may repeat). Default: every page. */
                        pageRanges?: string;
                    }[];
                    /** @description File name of the new PDF (made safe for downloads, `.pdf` appended when missing); default `merged-<businessKey>.pdf`. */
                    fileName?: string;
                    /** @description Your reference; defaults to the new PDF id. */
                    businessKey?: string;
                };
            };
        };
        responses: {
            /** @description The new managed PDF */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pdf: components["schemas"]["ManagedPdf"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found, render_job_not_found, render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, pdf_deleting, render_output_not_ready. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The managed PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pdf: components["schemas"]["ManagedPdf"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    deletePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (or already being deleted) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    createPdfDownloadLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Lifetime of the signed URL; default 600. */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The signed URL and when it expires */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Access"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    createPdfPreviewLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Lifetime of the signed URL; default 600. */
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The signed URL and when it expires */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Access"];
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    listPermanentLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The permanent links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["PermanentLink"][];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createPermanentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        link: components["schemas"]["PermanentLink"];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    deletePermanentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description PDF id. */
                pdfId: string;
                /** @description Link id (`lnk_…`). */
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found, permanent_link_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    validateEInvoice: {
        parameters: {
            query?: {
                /** @description The profile to check against (default: the one the XML's guideline id names). */
                profile?: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The invoice XML (CII or UBL), or with `Content-Type: application/pdf` a PDF that embeds it. */
        requestBody: {
            content: {
                "application/xml": string;
            };
        };
        responses: {
            /** @description The verdict */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: {
                            syntax: "CII" | "UBL";
                            /** @description The profile checked: the one asked for, else the one the guideline id names. */
                            profile: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                            /** @description The guideline id (CII `GuidelineSpecifiedDocumentContextParameter/ID`) or `CustomizationID` (UBL) the XML declares. */
                            guideline: string | null;
                            /** @description No finding is an error. */
                            valid: boolean;
                            /** @description The schema and rule sets run, in order (the rule sets only on a schema-valid XML). */
                            checked: string[];
                            counts: {
                                error: number;
                                warning: number;
                                information: number;
                            };
                            /** @description Errors first, at most 200 (`counts` has them all). */
                            findings: {
                                /** @description The business rule (`BR-CO-10`, `BR-DE-16`, `PEPPOL-EN16931-R008`, `CII-SR-039`; a Factur-X rule without one keeps its id, `FX-SCH-A-000023`), `XSD` for the schema, `XML` when the XML is not well-formed. */
                                rule: string;
                                severity: "error" | "warning" | "information";
                                /** @description The rule set's own message. */
                                message: string;
                                /** @description Where: an XPath for rules (`/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode`), `line L, column C` for the schema. */
                                location: string;
                                /** @description The published schema or rule set, with its release, that said it. */
                                ruleSet: string;
                            }[];
                        };
                        /** @description For a PDF: the embedded file the XML was read from. */
                        embeddedFile?: string;
                    };
                };
            };
            /** @description Error codes: invalid_request, einvoice_invalid. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: pdf_invalid. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: einvoice_validator_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    createEInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CII (UN/CEFACT Cross Industry Invoice) or UBL 2.1. XRechnung takes both; Peppol takes UBL. */
                    syntax: "CII" | "UBL";
                    /** @description The profile (default: the one the data names in `cbc:CustomizationID`). UBL is `EN 16931` or `XRECHNUNG`; the Factur-X profiles are CII's. */
                    profile?: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                    /** @description The invoice: EN 16931's business terms as JSON in the internal format of @e-invoice-eu/core (`{"ubl:Invoice": {…}}`, UBL's element names). */
                    data: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The XML (or, with `Accept: application/json`, `{xml, report}`) */
            200: {
                headers: {
                    /** @description The profile the XML was checked against. */
                    "Folio-EInvoice-Profile"?: string;
                    /** @description Warning-level findings of the rule sets (0 when none). */
                    "Folio-EInvoice-Warnings"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "application/json": {
                        xml?: string;
                        report?: {
                            syntax: "CII" | "UBL";
                            /** @description The profile checked: the one asked for, else the one the guideline id names. */
                            profile: "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG";
                            /** @description The guideline id (CII `GuidelineSpecifiedDocumentContextParameter/ID`) or `CustomizationID` (UBL) the XML declares. */
                            guideline: string | null;
                            /** @description No finding is an error. */
                            valid: boolean;
                            /** @description The schema and rule sets run, in order (the rule sets only on a schema-valid XML). */
                            checked: string[];
                            counts: {
                                error: number;
                                warning: number;
                                information: number;
                            };
                            /** @description Errors first, at most 200 (`counts` has them all). */
                            findings: {
                                /** @description The business rule (`BR-CO-10`, `BR-DE-16`, `PEPPOL-EN16931-R008`, `CII-SR-039`; a Factur-X rule without one keeps its id, `FX-SCH-A-000023`), `XSD` for the schema, `XML` when the XML is not well-formed. */
                                rule: string;
                                severity: "error" | "warning" | "information";
                                /** @description The rule set's own message. */
                                message: string;
                                /** @description Where: an XPath for rules (`/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode`), `line L, column C` for the schema. */
                                location: string;
                                /** @description The published schema or rule set, with its release, that said it. */
                                ruleSet: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request, einvoice_invalid. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: einvoice_validator_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    runPdfSteps: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Joined in this order before the first step. */
                    sources: {
                        /** @description A managed PDF of the account (`pdf_…`). */
                        pdfId?: string;
                        /** @description A succeeded render job of the account (`job_…`). */
                        jobId?: string;
                        /** @description multipart/form-data only: the name of a file part of the request, a PDF that becomes a managed PDF of the account (as `POST /v1/pdfs` makes one) before the job runs. */
                        upload?: string;
                    }[];
                    steps: ({
                        /**
                         * @description select, rotate, stamp, watermark, merge, fillForm, flatten, metadata, attachments, outline, redact, nUp, conform, extractText, validate, split, optimize, encrypt, sign or timestamp.
                         * @enum {string}
                         */
                        type: "select" | "rotate" | "stamp" | "watermark" | "merge" | "fillForm" | "flatten" | "metadata" | "attachments" | "outline" | "redact" | "nUp" | "conform" | "extractText" | "validate" | "split" | "optimize" | "encrypt" | "sign" | "timestamp";
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description File name of the result (split: `-1`, `-2`… appended). */
                    fileName?: string;
                    /** @description Your reference (split: `-1`, `-2`… appended). */
                    businessKey?: string;
                    /** @description `transient`: nothing is kept; the result is the answer (needs `Accept: application/pdf`, or `application/zip` for several), and uploads are not stored either. `managed` (the default for a JSON answer): the result is a managed PDF. With `Accept: application/pdf` the default is `transient`. */
                    outputMode?: "transient" | "managed";
                    /** @description How long the request waits for the job (default 60): 201 with its PDF when it finished, else 202 with the job to poll. 0: answer 202 at once. Not part of the body an `Idempotency-Key` compares. */
                    waitSeconds?: number;
                };
                "multipart/form-data": {
                    /** @description The JSON body. */
                    job: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description With `Accept: application/pdf` (or `application/zip`): the result itself, kept nowhere (`outputMode: transient`, the default then); several results (a split) as a zip. Named after `fileName`, else the first source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                    "text/markdown": string;
                };
            };
            /** @description The job and the managed PDF it made (a split: the PDFs) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job?: components["schemas"]["RenderJob"];
                        /** @description The managed PDFs made: one, or one per part of a split; none when every step only reads. */
                        pdfs?: components["schemas"]["ManagedPdf"][];
                        /** @description What the steps that read reported, in order: `extractText` → `{step, type, format, text, pages, structure: tags|layout|none, truncated}`; `validate` → `{step, type, passed, results: [{standard, passed, claimed, findings: [{clause, message, pages?, count}], checked}]}`. */
                        reports?: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description The job and the managed PDF it made (a split: the PDFs) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job?: components["schemas"]["RenderJob"];
                        /** @description The managed PDFs made: one, or one per part of a split; none when every step only reads. */
                        pdfs?: components["schemas"]["ManagedPdf"][];
                        /** @description What the steps that read reported, in order: `extractText` → `{step, type, format, text, pages, structure: tags|layout|none, truncated}`; `validate` → `{step, type, passed, results: [{standard, passed, claimed, findings: [{clause, message, pages?, count}], checked}]}`. */
                        reports?: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found, render_job_not_found, render_output_not_found, signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, pdf_deleting, render_output_not_ready. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: pdf_step_failed, render_job_failed. */
            422: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited, render_job_quota_exceeded, render_time_quota_exceeded, storage_limit_exceeded. */
            429: components["responses"]["Error"];
            /** @description Error codes: timestamp_authority_failed. */
            502: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getPdfJob: {
        parameters: {
            query?: {
                waitSeconds?: number;
            };
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, and its PDF after success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job?: components["schemas"]["RenderJob"];
                        /** @description The managed PDFs made: one, or one per part of a split; none when every step only reads. */
                        pdfs?: components["schemas"]["ManagedPdf"][];
                        /** @description What the steps that read reported, in order: `extractText` → `{step, type, format, text, pages, structure: tags|layout|none, truncated}`; `validate` → `{step, type, passed, results: [{standard, passed, claimed, findings: [{clause, message, pages?, count}], checked}]}`. */
                        reports?: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    zipPdfs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Managed PDFs of the account (`pdf_…`), in the order of the zip. */
                    pdfIds: string[];
                    /** @description Name of the zip (default `pdfs.zip`). */
                    fileName?: string;
                };
            };
        };
        responses: {
            /** @description The zip of the PDFs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    listPageImages: {
        parameters: {
            query?: {
                /** @description Lifetime of the signed URLs; default 600. */
                expiresInSeconds?: number;
                /** @description `inline` (default: shown by a browser) or `attachment` (downloaded). */
                disposition?: "inline" | "attachment";
            };
            header?: never;
            path: {
                /** @description Render job id (`job_…`). */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job's page images */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        images: components["schemas"]["PageImage"][];
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_job_not_found, render_output_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: render_output_not_ready. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    getPdfThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Managed PDF id (`pdf_…`). */
                pdfId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PNG (the same bytes on every request: `ETag` is their sha256) */
            200: {
                headers: {
                    /** @description The quoted sha256 of the PNG. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description `If-None-Match` names the current ETag: not modified, no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: pdf_deleting, thumbnail_unavailable. */
            409: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    getSignedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF (`HEAD`: the headers only, with its `Content-Length`) */
            200: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `attachment` (a download link) or `inline` (a preview link), with the file name. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description The requested byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`; one range; `If-Range` honoured) */
            206: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `attachment` (a download link) or `inline` (a preview link), with the file name. */
                    "Content-Disposition"?: string;
                    /** @description `bytes a-b/<size>`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `If-None-Match` names the current ETag: not modified, no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: link_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found, pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: link_expired. */
            410: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    headSignedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF (`HEAD`: the headers only, with its `Content-Length`) */
            200: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `attachment` (a download link) or `inline` (a preview link), with the file name. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description The requested byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`; one range; `If-Range` honoured) */
            206: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `attachment` (a download link) or `inline` (a preview link), with the file name. */
                    "Content-Disposition"?: string;
                    /** @description `bytes a-b/<size>`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `If-None-Match` names the current ETag: not modified, no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: link_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: render_output_not_found, pdf_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: link_expired. */
            410: components["responses"]["Error"];
            /** @description Error codes: render_provider_unavailable. */
            503: components["responses"]["Error"];
        };
    };
    getPermanentLinkFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF (`HEAD`: the headers only, with its `Content-Length`) */
            200: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `inline`, with the file name. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description The requested byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`; one range; `If-Range` honoured) */
            206: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `inline`, with the file name. */
                    "Content-Disposition"?: string;
                    /** @description `bytes a-b/<size>`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `If-None-Match` names the current ETag: not modified, no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: permanent_link_not_found. */
            404: components["responses"]["Error"];
        };
    };
    headPermanentLinkFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF (`HEAD`: the headers only, with its `Content-Length`) */
            200: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `inline`, with the file name. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description The requested byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`; one range; `If-Range` honoured) */
            206: {
                headers: {
                    /** @description The quoted sha256 of the PDF: send it back as `If-None-Match`. */
                    ETag?: string;
                    /** @description `bytes`. */
                    "Accept-Ranges"?: string;
                    /** @description `inline`, with the file name. */
                    "Content-Disposition"?: string;
                    /** @description `bytes a-b/<size>`. */
                    "Content-Range"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `If-None-Match` names the current ETag: not modified, no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: permanent_link_not_found. */
            404: components["responses"]["Error"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every API key of the account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Key id (`key_…`); the key itself is never shown again. */
                            id: string;
                            name: string;
                            /** @description Always `folio_sk_`. */
                            prefix: string;
                            /** @description The last 4 characters of the key, to recognise it. */
                            last4: string;
                            scopes: string[];
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description Last authenticated request (recorded at most once a minute); null if never used. */
                            lastUsedAt: number | null;
                            revokedAt: number | null;
                        }[];
                        nextCursor: null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label to recognise the key by. */
                    name: string;
                    scopes?: ("all" | "deploys:read" | "deploys:write" | "render:read" | "render:write" | "pdfs:read" | "pdfs:write" | "usage:read" | "certificates:read" | "certificates:write")[];
                };
            };
        };
        responses: {
            /** @description The new key, shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: {
                            /** @description Key id (`key_…`); the key itself is never shown again. */
                            id: string;
                            name: string;
                            /** @description Always `folio_sk_`. */
                            prefix: string;
                            /** @description The last 4 characters of the key, to recognise it. */
                            last4: string;
                            scopes: string[];
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                            /** @description Last authenticated request (recorded at most once a minute); null if never used. */
                            lastUsedAt: number | null;
                            revokedAt: number | null;
                        };
                        /** @description The key: `folio_sk_…`. Shown only in this response. */
                        key: string;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id (`key_…`). */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: api_key_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    listSigningCertificates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `nextCursor`. */
                cursor?: string;
                /** @description Page size (1–100, default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of signing certificates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description Certificate id (`scert_…`). */
                            id: string;
                            name: string;
                            /** @description The certificate's subject, `CN=…, O=…` in the certificate's order. */
                            subject: string;
                            /** @description The certificate's issuer (the subject again when it is self-signed). */
                            issuer: string;
                            /** @description Serial number, lowercase hex. */
                            serialNumber: string;
                            /** @description Unix epoch milliseconds. */
                            notBefore: number;
                            /** @description Unix epoch milliseconds. */
                            notAfter: number;
                            /** @description Past `notAfter` now. An expired certificate cannot be uploaded; one kept here may expire. */
                            expired: boolean;
                            /** @description Before `notBefore` now (a renewal uploaded ahead of time). */
                            notYetValid: boolean;
                            /** @description Lowercase hex SHA-256 of the certificate's DER. */
                            fingerprintSha256: string;
                            /** @description The private key type: `rsa` (signs with RSA PKCS#1 v1.5) or `ec` (ECDSA; keyBits 256, 384 or 521 names the curve P-256, P-384 or P-521). */
                            keyType: string;
                            /** @description Size of the key in bits: the RSA modulus, or the EC curve. */
                            keyBits: number;
                            /** @description Certificates stored beside the signer's own (its chain). */
                            chainCertificates: number;
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                        }[];
                        /** @description Cursor of the next page; absent or null on the last page. */
                        nextCursor?: string | null;
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    createSigningCertificate: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your name for it (1–100 characters). */
                    name: string;
                    /** @description The PKCS#12 file (`.p12`/`.pfx`) in standard base64; line breaks are ignored. At most 65536 bytes once decoded. It must hold exactly one private key — RSA of 2048–8192 bits, or EC on P-256, P-384 or P-521 — and that key's certificate, plus at most 10 chain certificates; key derivations of at most 50000 iterations. Never shown again. */
                    pkcs12: string;
                    /** @description The passphrase of the file (may be empty). Stored encrypted, never shown again and never logged. */
                    passphrase: string;
                };
            };
        };
        responses: {
            /** @description The stored certificate */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A signing certificate of the account. The PKCS#12 file and its passphrase are stored encrypted and are never answered. An account keeps at most 20. */
                        signingCertificate: {
                            /** @description Certificate id (`scert_…`). */
                            id: string;
                            name: string;
                            /** @description The certificate's subject, `CN=…, O=…` in the certificate's order. */
                            subject: string;
                            /** @description The certificate's issuer (the subject again when it is self-signed). */
                            issuer: string;
                            /** @description Serial number, lowercase hex. */
                            serialNumber: string;
                            /** @description Unix epoch milliseconds. */
                            notBefore: number;
                            /** @description Unix epoch milliseconds. */
                            notAfter: number;
                            /** @description Past `notAfter` now. An expired certificate cannot be uploaded; one kept here may expire. */
                            expired: boolean;
                            /** @description Before `notBefore` now (a renewal uploaded ahead of time). */
                            notYetValid: boolean;
                            /** @description Lowercase hex SHA-256 of the certificate's DER. */
                            fingerprintSha256: string;
                            /** @description The private key type: `rsa` (signs with RSA PKCS#1 v1.5) or `ec` (ECDSA; keyBits 256, 384 or 521 names the curve P-256, P-384 or P-521). */
                            keyType: string;
                            /** @description Size of the key in bits: the RSA modulus, or the EC curve. */
                            keyBits: number;
                            /** @description Certificates stored beside the signer's own (its chain). */
                            chainCertificates: number;
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: idempotency_key_conflict, idempotency_key_in_use, signing_certificate_limit_reached. */
            409: components["responses"]["Error"];
            /** @description Error codes: body_too_large. */
            413: components["responses"]["Error"];
            /** @description Error codes: unsupported_media_type. */
            415: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    getSigningCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Signing certificate id (`scert_…`). */
                signingCertificateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signing certificate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A signing certificate of the account. The PKCS#12 file and its passphrase are stored encrypted and are never answered. An account keeps at most 20. */
                        signingCertificate: {
                            /** @description Certificate id (`scert_…`). */
                            id: string;
                            name: string;
                            /** @description The certificate's subject, `CN=…, O=…` in the certificate's order. */
                            subject: string;
                            /** @description The certificate's issuer (the subject again when it is self-signed). */
                            issuer: string;
                            /** @description Serial number, lowercase hex. */
                            serialNumber: string;
                            /** @description Unix epoch milliseconds. */
                            notBefore: number;
                            /** @description Unix epoch milliseconds. */
                            notAfter: number;
                            /** @description Past `notAfter` now. An expired certificate cannot be uploaded; one kept here may expire. */
                            expired: boolean;
                            /** @description Before `notBefore` now (a renewal uploaded ahead of time). */
                            notYetValid: boolean;
                            /** @description Lowercase hex SHA-256 of the certificate's DER. */
                            fingerprintSha256: string;
                            /** @description The private key type: `rsa` (signs with RSA PKCS#1 v1.5) or `ec` (ECDSA; keyBits 256, 384 or 521 names the curve P-256, P-384 or P-521). */
                            keyType: string;
                            /** @description Size of the key in bits: the RSA modulus, or the EC curve. */
                            keyBits: number;
                            /** @description Certificates stored beside the signer's own (its chain). */
                            chainCertificates: number;
                            /** @description Unix epoch milliseconds. */
                            createdAt: number;
                        };
                    };
                };
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden. */
            403: components["responses"]["Error"];
            /** @description Error codes: signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
        };
    };
    deleteSigningCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Signing certificate id (`scert_…`). */
                signingCertificateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error codes: invalid_request. */
            400: components["responses"]["Error"];
            /** @description Error codes: unauthorized. */
            401: components["responses"]["Error"];
            /** @description Error codes: forbidden, csrf_token_invalid. */
            403: components["responses"]["Error"];
            /** @description Error codes: signing_certificate_not_found. */
            404: components["responses"]["Error"];
            /** @description Error codes: auth_throttled, rate_limited. */
            429: components["responses"]["Error"];
            /** @description Error codes: insufficient_storage. */
            507: components["responses"]["Error"];
        };
    };
    renderJobTerminatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Always this value. */
                "User-Agent": "Folio-Webhooks/1.0";
                /** @description The event type. */
                "Service-Webhook-Event": "render.job.terminated";
                /** @description The event id, the same on every attempt and redelivery: deduplicate on it. */
                "Service-Webhook-Id": string;
                /** @description A new id (`dlv_…`) for every attempt. */
                "Service-Webhook-Delivery": string;
                /** @description 1-based attempt number (a redelivery counts too). */
                "Service-Webhook-Attempt": string;
                /** @description Unix time in **seconds** when this attempt was signed; part of the signed message. */
                "Service-Webhook-Timestamp": string;
                /** @description One or more comma-separated `v1=<hex>` entries: see the description above. */
                "Service-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Compact JSON (`Content-Type: application/json`). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderJobTerminatedEvent"];
            };
        };
        responses: {
            /** @description Retried on the schedule. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried; a `Retry-After` (seconds or an HTTP date) replaces the next delay, capped at 1 hour. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the event is `delivered` and not sent again. Answer quickly (within 10 s) and do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried; a `Retry-After` replaces the next delay, capped at 1 hour. Network errors and timeouts are retried too. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, redirects included (they are not followed), ends the event as `failed`. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    renderBatchCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Always this value. */
                "User-Agent": "Folio-Webhooks/1.0";
                /** @description The event type. */
                "Service-Webhook-Event": "render_batch.completed";
                /** @description The event id, the same on every attempt and redelivery: deduplicate on it. */
                "Service-Webhook-Id": string;
                /** @description A new id (`dlv_…`) for every attempt. */
                "Service-Webhook-Delivery": string;
                /** @description 1-based attempt number (a redelivery counts too). */
                "Service-Webhook-Attempt": string;
                /** @description Unix time in **seconds** when this attempt was signed; part of the signed message. */
                "Service-Webhook-Timestamp": string;
                /** @description One or more comma-separated `v1=<hex>` entries: see the description above. */
                "Service-Webhook-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Compact JSON (`Content-Type: application/json`). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderBatchCompletedEvent"];
            };
        };
        responses: {
            /** @description Retried on the schedule. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried; a `Retry-After` (seconds or an HTTP date) replaces the next delay, capped at 1 hour. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the event is `delivered` and not sent again. Answer quickly (within 10 s) and do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried; a `Retry-After` replaces the next delay, capped at 1 hour. Network errors and timeouts are retried too. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, redirects included (they are not followed), ends the event as `failed`. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

// ---- The SDK's view of the operations: types over `paths` (written in scripts/generate-sdk-types.ts) ----

type HttpMethod = "get" | "put" | "post" | "patch" | "delete";
type Defined<T> = Exclude<T, undefined>;

/** Every operation of the document, as "METHOD /path": "GET /v1/deploys", "POST /v1/render-jobs", … */
export type OperationId = {
    [P in keyof paths]: {
        [M in HttpMethod]: [Defined<paths[P][M]>] extends [never] ? never : `${Uppercase<M>} ${P & string}`;
    }[HttpMethod];
}[keyof paths];

type OperationObject<K extends OperationId> = K extends `${infer M} ${infer P}` ? Defined<paths[P & keyof paths][Lowercase<M> & HttpMethod]> : never;
type ParametersOf<O, W extends "path" | "query"> = O extends { parameters: infer Ps } ? (W extends keyof Ps ? Defined<Ps[W]> : never) : never;
/** The JSON request body; never when there is none, or when it is raw bytes (sent with `send()`, not as JSON). */
type JsonBodyOf<O> = O extends { requestBody?: infer B } ? (Defined<B> extends { content: infer C } ? (C extends { "application/json": infer J } ? J : never) : never) : never;
type ResponsesOf<O> = O extends { responses: infer R } ? R : never;
type SuccessStatus<R> = { [S in keyof R]: S extends number ? (`${S}` extends `2${string}` ? S : never) : never }[keyof R];
/** The JSON body of a response; void when it has none (204), unknown when it is not JSON (a PDF). */
type ResponseBody<X> = X extends { content: infer C } ? (C extends { "application/json": infer J } ? J : unknown) : void;

/** Every operation, keyed by "METHOD /path": path and query parameters, JSON body, success statuses and success body. */
export type Operations = {
    [K in OperationId]: {
        path: ParametersOf<OperationObject<K>, "path">;
        query: ParametersOf<OperationObject<K>, "query">;
        body: JsonBodyOf<OperationObject<K>>;
        status: SuccessStatus<ResponsesOf<OperationObject<K>>>;
        response: { [S in SuccessStatus<ResponsesOf<OperationObject<K>>>]: ResponseBody<ResponsesOf<OperationObject<K>>[S]> }[SuccessStatus<ResponsesOf<OperationObject<K>>>];
    };
};
