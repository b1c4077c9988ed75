// Examples of the version-check operations, in the story of examples.ts: after a Chromium upgrade the
// operator checks the live invoice version; its two fixtures print again, one of them drifted. A test
// validates every example against its schema.
import { ids } from './examples.js';

export const checkId = 'chk_01m80q6a2be00c4r7d9x1k3m5p';
/** 24 November 2026, two days after the story's jobs. */
const T = 1795320600000 + 2 * 86_400_000;

const running = {
  id: checkId,
  deployId: ids.deploy,
  deployVersionId: ids.version,
  batchId: 'bat_01m80q6a2ce00d8s1f3h5k7m9q',
  status: 'running',
  tolerance: 0.001,
  counts: { pending: 2, passed: 0, drifted: 0, noSnapshot: 0, failed: 0 },
  fixtures: [
    { name: 'paid', file: 'tests/paid.json', status: 'pending', jobId: 'job_01m80q6a2de00e2v4x6z8b0d2f' },
    { name: 'unpaid', file: 'tests/unpaid.json', status: 'pending', jobId: 'job_01m80q6a2ee00f6w8y0a2c4e6g' },
  ],
  createdAt: T,
};

export const checkRunning = { check: running };

export const checkDrifted = {
  check: {
    ...running,
    status: 'drifted',
    counts: { pending: 0, passed: 1, drifted: 1, noSnapshot: 0, failed: 0 },
    fixtures: [
      {
        name: 'paid',
        file: 'tests/paid.json',
        status: 'passed',
        jobId: 'job_01m80q6a2de00e2v4x6z8b0d2f',
        pages: 1,
        expectedPages: 1,
        message: 'matches its snapshot (1 page)',
        textDiffers: false,
        pageResults: [{ page: 1, kind: 'compared', drifts: false, ratio: 0, sizeMismatch: false }],
        browser: 'HeadlessChrome/157.0.8120.44',
        recordedBrowser: 'HeadlessChrome/156.0.8078.73',
      },
      {
        name: 'unpaid',
        file: 'tests/unpaid.json',
        status: 'drifted',
        jobId: 'job_01m80q6a2ee00f6w8y0a2c4e6g',
        pages: 2,
        expectedPages: 1,
        message: '2 pages, expected 1; text differs (2 lines)',
        textDiffers: true,
        textDiff: ['  Total due', '- Payment within 30 days.', '+ Payment within 30', '+ days.'],
        pageResults: [
          { page: 1, kind: 'compared', drifts: false, ratio: 0.0004, sizeMismatch: false },
          { page: 2, kind: 'new', drifts: true },
        ],
        browser: 'HeadlessChrome/157.0.8120.44',
        recordedBrowser: 'HeadlessChrome/156.0.8078.73',
      },
    ],
    finishedAt: T + 4_200,
  },
};
