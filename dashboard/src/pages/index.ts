import type { Route } from '../router';
import { batchPage } from './batch';
import { certificatesPage } from './certificates';
import { batchesPage } from './batches';
import { deployPage } from './deploy';
import { deploysPage } from './deploys';
import { jobPage } from './job';
import { jobsPage } from './jobs';
import { keysPage } from './keys';
import { pdfPage } from './pdf';
import { pdfsPage } from './pdfs';
import { settingsPage } from './settings';
import { usagePage } from './usage';
import { versionPage } from './version';

const ID = '([A-Za-z0-9_-]{1,100})';

export const routes: Route[] = [
  { pattern: /^\/dashboard\/keys$/, nav: 'keys', title: 'API keys', render: keysPage },
  { pattern: /^\/dashboard\/deploys$/, nav: 'deploys', title: 'Deploys', render: deploysPage },
  { pattern: new RegExp(`^/dashboard/deploys/${ID}$`), nav: 'deploys', title: 'Deploy', render: deployPage },
  { pattern: new RegExp(`^/dashboard/deploys/${ID}/versions/${ID}$`), nav: 'deploys', title: 'Version', render: versionPage },
  { pattern: new RegExp(`^/dashboard/deploys/${ID}/settings$`), nav: 'deploys', title: 'Deploy settings', render: settingsPage },
  { pattern: /^\/dashboard\/jobs$/, nav: 'jobs', title: 'Render jobs', render: jobsPage },
  { pattern: new RegExp(`^/dashboard/jobs/${ID}$`), nav: 'jobs', title: 'Render job', render: jobPage },
  { pattern: /^\/dashboard\/batches$/, nav: 'batches', title: 'Render batches', render: batchesPage },
  { pattern: new RegExp(`^/dashboard/batches/${ID}$`), nav: 'batches', title: 'Render batch', render: batchPage },
  { pattern: /^\/dashboard\/pdfs$/, nav: 'pdfs', title: 'PDFs', render: pdfsPage },
  { pattern: new RegExp(`^/dashboard/pdfs/${ID}$`), nav: 'pdfs', title: 'PDF', render: pdfPage },
  { pattern: /^\/dashboard\/certificates$/, nav: 'certificates', title: 'Signing certificates', render: certificatesPage },
  { pattern: /^\/dashboard\/usage$/, nav: 'usage', title: 'Usage', render: usagePage },
];
