// Examples of the render-batch operations, in the story of examples.ts: the November
// invoices of deploy "invoices" rendered as one batch. A test validates every example against its schema.
import { createHash } from 'node:crypto';
import { ids, succeededJob } from './examples.js';

export const batchId = 'bat_01m80q5zq3e00b1n9x7c2d4f6h';
/** 22 November 2026, a few minutes after the single job of examples.ts. */
const T = 1795320600000 + 300_000;

const invoices = [
  { customer: 'Acme Ltd', total: 1200, currency: 'EUR' },
  { customer: 'Globex GmbH', total: 860, currency: 'EUR' },
  { customer: 'Initech SARL', total: 2410, currency: 'EUR' },
];
const canonical = (p: { customer: string; total: number; currency: string }) =>
  JSON.stringify({ currency: p.currency, customer: p.customer, total: p.total });

export const createBatch = {
  deployId: ids.deploy,
  deployVersionId: 'production',
  businessKey: 'invoices-2026-11',
  combine: 'merge',
  items: invoices.map((payload, i) => ({ businessKey: `INV-2026-${String(100 + i).padStart(4, '0')}`, payload })),
};

const zero = { queued: 0, rendering: 0, retry_scheduled: 0, succeeded: 0, failed: 0, canceled: 0 };
const batch = {
  id: batchId,
  deployId: ids.deploy,
  deployVersionId: ids.version,
  deployVersionNo: 3,
  businessKey: 'invoices-2026-11',
  combine: 'merge',
  itemWebhooks: false,
  itemCount: 3,
  createdAt: T,
  updatedAt: T,
};

export const batchCreated = { batch: { ...batch, status: 'running', counts: { ...zero, queued: 3 } } };
export const batchRunning = { batch: { ...batch, status: 'running', counts: { ...zero, rendering: 1, succeeded: 2 } } };
export const batchCanceled = {
  batch: {
    ...batch,
    status: 'combining',
    counts: { ...zero, succeeded: 2, canceled: 1 },
    product: { kind: 'merge', state: 'pending' },
    updatedAt: T + 2400,
    finishedAt: T + 2400,
  },
};
/** The merged product: the three invoices' pages in item order, one managed PDF with a 10-minute link. */
const merged = {
  kind: 'merge',
  state: 'ready',
  items: 3,
  pdf: {
    id: 'pdf_01m80q5zr8e00d3q1z9e4f6h8k',
    fileName: 'batch-invoices-2026-11.pdf',
    bytes: 118_412,
    pageCount: 3,
    sha256: createHash('sha256').update('merged invoices-2026-11').digest('hex'),
    access: {
      url: 'https://folio.example.com/v1/files/WyJwZGYiLCJwZGZfMDFtODBxNXpyOGUwMGQzcTF6OWU0ZjZoOGsiLCJhIiwxNzk1MzIxNTAzMTAwXQ.3kWcX9Q2',
      expiresAt: T + 3100 + 600_000,
    },
  },
};
export const batchCompleted = {
  batch: { ...batch, status: 'completed', counts: { ...zero, succeeded: 3 }, product: merged, updatedAt: T + 3100, finishedAt: T + 2900 },
};
export const batchList = { items: [batchCompleted.batch], nextCursor: null };

const itemJobIds = ['job_01m80q5zq4e00c2p0y8d3e5g7j', 'job_01m80q5zq4e00c2p0y8d3e5g7k', 'job_01m80q5zq4e00c2p0y8d3e5g7m'];
export const batchItems = {
  items: invoices.map((p, i) => ({
    index: i,
    job: {
      ...succeededJob,
      id: itemJobIds[i],
      businessKey: `INV-2026-${String(100 + i).padStart(4, '0')}`,
      payloadHash: createHash('sha256').update(canonical(p)).digest('hex'),
      outputMode: 'transient',
      requestedAt: T,
      startedAt: T + 20 + 380 * i,
      finishedAt: T + 400 + 380 * i,
    },
  })),
  nextCursor: 'eyJpbmRleCI6Mn0',
};
