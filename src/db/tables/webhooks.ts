// Row types of the webhooks outbox: one event per terminal job or completed batch, one delivery per attempt.
// Timestamps are integer epoch milliseconds and booleans 0/1 integers (see tables.ts).

export interface WebhookEventsTable {
  id: string;
  account_id: string;
  deploy_id: string;
  job_id: string;
  status: string; // pending | delivered | failed | skipped
  attempts: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  occurred_at: number;
  last_error: string | null;
  updated_at: number;
  /** Set for render_batch.completed events (then job_id holds the batch id too: it is unique per event). */
  batch_id: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  job_id: string;
  attempt: number;
  manual: number;
  url: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: number;
}
