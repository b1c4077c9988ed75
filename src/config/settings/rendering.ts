// Settings of rendering: the Chromium binary, its sandbox and user, render slots, the sandbox threads that
// run an account's code, and preloading.
// Listed in schema.ts in this order, which is docs/config.md's.
import type { SettingSpec } from '../setting-spec.js';

export const renderingSettings: SettingSpec[] = [
  {
    env: 'FOLIO_CHROMIUM_PATH',
    key: 'chromiumPath',
    type: 'string',
    default: null,
    doc: 'Chromium executable. Default: auto-detect `/usr/lib/chromium/chromium-headless-shell` (Debian package chromium-headless-shell, about twice as fast per render), then `/usr/lib/chromium/chromium`, then `/usr/bin/chromium`.',
  },
  {
    env: 'FOLIO_CHROMIUM_USER',
    key: 'chromiumUser',
    type: 'string',
    default: 'folio-chromium',
    doc: 'When Folio runs as root: the unprivileged user Chromium runs as, so that it keeps its own sandbox (Chromium refuses its sandbox as root). `npm start`\'s set-up creates the system user `folio-chromium`; a missing user makes renders fail with `render_provider_unavailable` naming what to do. Not used when Folio runs as another user: Chromium then runs as that user, sandboxed. See docs/operations.md, "Chromium\'s sandbox".',
  },
  {
    env: 'FOLIO_CHROMIUM_NO_SANDBOX',
    key: 'chromiumNoSandbox',
    type: 'boolean',
    default: 'false',
    doc: "Run Chromium without its sandbox (`--no-sandbox`). Only for hosts where the sandbox cannot start (no user namespaces, e.g. a container under a default seccomp profile): templates are untrusted code, and without the sandbox a renderer exploit runs with the privileges of Chromium's user. Logged as a warning at start and reported by `/readyz` (`details.chromiumSandbox`).",
  },
  {
    env: 'FOLIO_RENDER_CONCURRENCY',
    key: 'renderConcurrency',
    type: 'integer',
    default: '2',
    min: 1,
    max: 64,
    doc: 'Pages rendered at once by one worker process.',
  },
  {
    env: 'FOLIO_SANDBOX_THREADS',
    key: 'sandboxThreads',
    type: 'integer',
    default: '2',
    min: 1,
    max: 64,
    doc: 'Threads of the sandbox, where work whose cost an account controls runs off the event loop: reading PDFs from bundles, post-processing with joined PDFs, payload schemas, PKCS#12 key derivation, e-invoice XML (docs/architecture.md, "The sandbox"). Accounts take the threads in turn.',
  },
  {
    env: 'FOLIO_SANDBOX_MEMORY_MB',
    key: 'sandboxMemoryMb',
    type: 'integer',
    default: '1024',
    min: 64,
    max: 16384,
    doc: 'JavaScript heap of one sandbox thread, MiB (a cap, not a reservation: an idle thread holds a few MiB). A merge of 100 MiB of sources needs about 800. Work that needs more is stopped (a 400, a failed job); on Node 20 an out-of-memory in a thread can in rare cases take the process down, so this cap is a last resort behind the input limits (docs/architecture.md).',
  },
  {
    env: 'FOLIO_SANDBOX_TIMEOUT_MS',
    key: 'sandboxTimeoutMs',
    type: 'integer',
    default: '10000',
    min: 100,
    max: 600000,
    doc: "Time limit of one sandbox task at commit or upload (a PDF named in render.metadata.pdf, a payload schema, a PKCS#12 file, an e-invoice XML); the thread is stopped past it. Post-processing in a render job is bounded by the job's own render timeout instead.",
  },
  {
    env: 'FOLIO_PAYLOAD_CHECK_TIMEOUT_MS',
    key: 'payloadCheckTimeoutMs',
    type: 'integer',
    default: '1000',
    min: 10,
    max: 60000,
    doc: "Time limit of checking one job's payload against its version's payload.schema.json (a 400 payload_invalid that says so past it).",
  },
  {
    env: 'FOLIO_RENDER_PRELOAD_MS',
    key: 'renderPreloadMs',
    type: 'integer',
    default: '2000',
    min: 0,
    max: 60000,
    doc: 'Preloading (docs/templates.md, "Preloading"): while a job of an ordinary template (one without `folio.onJob`) prints, the account\'s next page of the same template starts loading, up to its payload request, and is kept this long for the account\'s next job before it is reset. The page is new and has no job until one takes it. 0 turns preloading off.',
  },
];
