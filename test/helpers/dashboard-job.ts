// A render job as the API answers it, for the dashboard's unit tests: a succeeded managed job of version 3
// of a deploy, requested at 2026-01-01T00:00Z; `over` sets what a test is about.
import type { RenderJob } from '../../dashboard/src/types.js';

export const JOB_REQUESTED_AT = 1_767_225_600_000;

export function renderJobView(over: Partial<RenderJob>): RenderJob {
  return {
    id: 'job_01KA2B3C4D5E6F7G8H9J0K1M2N',
    deployId: 'dep_01KA2B3C4D5E6F7G8H9J0K1M2N',
    deployVersionId: 'ver_01KA2B3C4D5E6F7G8H9J0K1M2N',
    deployVersionNo: 3,
    businessKey: 'invoice-1042',
    payloadHash: 'a'.repeat(64),
    payloadMime: 'application/json',
    status: 'succeeded',
    attempt: 0,
    outputMode: 'managed',
    queue: 'default',
    requestedAt: JOB_REQUESTED_AT,
    warnings: [],
    ...over,
  };
}
