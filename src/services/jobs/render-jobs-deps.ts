// What creating render jobs needs beside the context: the services RenderJobs calls, wired by
// services/index.ts (one object, named fields, rather than a dozen positional arguments).
import type { Notifier } from '../../notifier/notifier.js';
import type { Deploys } from '../deploys/deploys.js';
import type { InlineSources } from '../deploys/inline-sources.js';
import type { JobDocuments } from './job-documents.js';
import type { JobInputs } from './job-inputs.js';
import type { JobCancels } from './job-transitions.js';
import type { PayloadSchemas } from '../deploys/payload-schemas.js';
import type { UrlSources } from './url-sources.js';
import type { Usage } from '../accounts/usage.js';
import type { Versions } from '../deploys/versions.js';

export interface RenderJobsDeps {
  documents: JobDocuments;
  deploys: Deploys;
  versions: Versions;
  usage: Usage;
  notifier: Notifier;
  payloadSchemas: PayloadSchemas;
  cancels: JobCancels;
  /** Stores a job's inline sources as a version of the account's inline deploy. */
  inlineSources: InlineSources;
  /** Checks and seals a job's URL source. */
  urlSources: UrlSources;
  /** Keeps a job's large inputs in the blob store (render batches store theirs through it too). */
  inputs: JobInputs;
  /** Why this process cannot render at all (no Chromium), asked at job creation; absent when it need not ask. */
  providerProblem?: (() => string | null) | null;
  /** Why this process cannot convert Office documents (no LibreOffice), asked for inline Office sources. */
  officeProblem?: (() => string | null) | null;
}
