// The statements every render job runs in the worker (claim and preparation), built and compiled once per
// database (db/precompiled.ts). On the full render path, Kysely building and compiling statements was
// ~14 % of the main thread's CPU (bench/README.md). Rarer statements stay plain builder code in
// render-worker.ts, as do the row locks (FOR UPDATE exists on PostgreSQL only). Statements that change a
// job's status are services/jobs/job-transitions.ts's, the one writer of job states.
import type { Kysely } from 'kysely';
import { precompiled } from '../db/precompiled.js';
import type { Tables } from '../db/tables.js';

type Db = Kysely<Tables>;

// The state transitions (retry due → queued, queued → rendering) are services/jobs/job-transitions.ts's.
export { leaseJob, requeueDueRetries } from '../services/jobs/job-transitions.js';

/** Per account with due work: its oldest due job, the renders it has running and its plan. */
export const claimCandidates = precompiled(['now'], (db: Db, p) =>
  db
    .selectFrom('render_jobs as q')
    .select((eb) => [
      'q.account_id',
      eb.fn.min<string>('q.id').as('first_id'),
      eb
        .selectFrom('render_jobs as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.account_id', '=', 'q.account_id')
        .where('r.status', '=', 'rendering')
        .as('running'),
      eb.selectFrom('accounts as a').select('a.plan_key').whereRef('a.id', '=', 'q.account_id').as('plan_key'),
    ])
    .where('q.status', '=', 'queued')
    .where('q.available_at', '<=', p.now)
    .groupBy('q.account_id')
    .limit(200),
);

export const rendersRunning = precompiled(['accountId'], (db: Db, p) =>
  db
    .selectFrom('render_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', p.accountId)
    .where('status', '=', 'rendering'),
);

/**
 * The account's next job: its oldest single job (interactive renders, sync renders) before any batch item,
 * so a 10,000-item batch never queues the account's own single jobs behind it. Both reads are one seek on
 * render_jobs_claim (account_id, status, batch_id, id), already in the order asked for (measured with
 * 10,000 queued items: 0.013 ms each, against 1.4 ms when available_at was part of the condition and
 * SQLite chose another index). A queued job is due but for one released by a worker whose
 * renderer was unavailable; leaseJob checks available_at.
 */
export const oldestDueSingleJob = precompiled(['accountId'], (db: Db, p) =>
  db
    .selectFrom('render_jobs')
    .select('id')
    .where('account_id', '=', p.accountId)
    .where('status', '=', 'queued')
    .where('batch_id', 'is', null)
    .orderBy('id')
    .limit(1),
);

/** Batch items in order: the oldest batch first, each batch in item order (item ids increase with the index). */
export const nextDueBatchItem = precompiled(['accountId'], (db: Db, p) =>
  db
    .selectFrom('render_jobs')
    .select('id')
    .where('account_id', '=', p.accountId)
    .where('status', '=', 'queued')
    .where('batch_id', 'is not', null)
    .orderBy('batch_id')
    .orderBy('id')
    .limit(1),
);

// What a render needs, read before it starts.
/**
 * The job's version with its deploy's slug and its account's plan, in one read: no row when the version or
 * its deploy is gone, a null plan_key when the account is.
 */
export const versionSlugAndPlan = precompiled(['accountId', 'versionId'], (db: Db, p) =>
  db
    .selectFrom('deploy_versions as v')
    .innerJoin('deploys as d', 'd.id', 'v.deploy_id')
    .leftJoin('accounts as a', (j) => j.on('a.id', '=', p.accountId))
    .selectAll('v')
    .select(['d.slug', 'a.plan_key'])
    .where('v.id', '=', p.versionId),
);
export const payloadOf = precompiled(['jobId'], (db: Db, p) =>
  db.selectFrom('render_payloads').select(['body_base64', 'document_input_json', 'source_sealed']).where('job_id', '=', p.jobId),
);
export const envVariables = precompiled(['deployId'], (db: Db, p) =>
  db.selectFrom('deploy_env_vars').select(['name', 'value']).where('deploy_id', '=', p.deployId),
);
export const envSecrets = precompiled(['deployId'], (db: Db, p) =>
  db.selectFrom('deploy_secrets').select(['name', 'value']).where('deploy_id', '=', p.deployId),
);
