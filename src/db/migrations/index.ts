import type { Migration } from 'kysely';
import * as m001 from './001-foundation.js';
import * as m002 from './002-render-jobs.js';
import * as m003 from './003-webhooks.js';
import * as m004 from './004-dashboard.js';
import * as m005 from './005-shared-limits.js';
import * as m006 from './006-pdf-documents.js';
import * as m007 from './007-render-batches.js';
import * as m008 from './008-batch-products.js';
import * as m009 from './009-payload-schemas.js';
import * as m010 from './010-render-diagnostics.js';
import * as m011 from './011-protected-pdfs.js';
import * as m012 from './012-signing-certificates.js';
import * as m013 from './013-page-images.js';
import * as m014 from './014-canceled-attempt-sweep.js';
import * as m015 from './015-hashed-csrf-tokens.js';
import * as m016 from './016-document-columns.js';
import * as m017 from './017-stored-file-states.js';
import * as m018 from './018-print-defaults-and-warnings.js';
import * as m019 from './019-output-browser-version.js';
import * as m020 from './020-version-checks.js';
import * as m021 from './021-template-engines.js';
import * as m022 from './022-url-sources.js';
import * as m023 from './023-session-created-deploys.js';
import * as m024 from './024-account-timestamp-authority.js';
import * as m025 from './025-document-parts.js';
import * as m026 from './026-job-trace-context.js';

/** Every migration, in order. Names are stable forever: the database records them. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-render-jobs': m002,
  '003-webhooks': m003,
  '004-dashboard': m004,
  '005-shared-limits': m005,
  '006-pdf-documents': m006,
  '007-render-batches': m007,
  '008-batch-products': m008,
  '009-payload-schemas': m009,
  '010-render-diagnostics': m010,
  '011-protected-pdfs': m011,
  '012-signing-certificates': m012,
  '013-page-images': m013,
  '014-canceled-attempt-sweep': m014,
  '015-hashed-csrf-tokens': m015,
  '016-document-columns': m016,
  '017-stored-file-states': m017,
  '018-print-defaults-and-warnings': m018,
  '019-output-browser-version': m019,
  '020-version-checks': m020,
  '021-template-engines': m021,
  '022-url-sources': m022,
  '023-session-created-deploys': m023,
  '024-account-timestamp-authority': m024,
  '025-document-parts': m025,
  '026-job-trace-context': m026,
};
