import type { Kysely } from 'kysely';

// Payload schemas: a version keeps the bundle's payload.schema.json (JSON Schema
// 2020-12, as compact JSON) and sample-payload.json, read and checked once at commit. NULL when the bundle
// has none. Nullable columns without a default: no rewrite of existing rows on either engine.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deploy_versions').addColumn('payload_schema_json', 'text').execute();
  await db.schema.alterTable('deploy_versions').addColumn('sample_payload_json', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore a backup to go back');
}
