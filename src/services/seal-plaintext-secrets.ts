// Upgrade step run at every start: secrets stored in plain text — by a PostgreSQL deployment that ran
// without FOLIO_SECRETS_KEY (allowed before the key became required there), or by a release older than
// encryption at rest — are encrypted with the key now in effect. Once done, a start costs three selects
// that return no rows.
import type { ServiceContext } from './context.js';
import { SecretBox } from './secret-box.js';

const SEALED = 'enc:v1:%';

/**
 * Encrypts every plaintext secret; returns how many values it sealed. Several processes may start at once:
 * each update applies only while the row still holds the plaintext it read, so a value is sealed once and
 * a secret rotated in between is never overwritten with an old one.
 */
export async function sealPlaintextSecrets(ctx: ServiceContext): Promise<number> {
  const { db, secrets } = ctx;
  if (!secrets.encrypting) return 0;
  let sealed = 0;
  const count = (res: { numUpdatedRows: bigint }) => (sealed += Number(res.numUpdatedRows));

  for (const a of await db.selectFrom('accounts').select(['id', 'webhook_secret']).where('webhook_secret', 'not like', SEALED).execute()) {
    if (SecretBox.isSealed(a.webhook_secret)) continue;
    count(
      await db
        .updateTable('accounts')
        .set({ webhook_secret: secrets.seal(a.webhook_secret) })
        .where('id', '=', a.id)
        .where('webhook_secret', '=', a.webhook_secret)
        .executeTakeFirst(),
    );
  }

  for (const column of ['signing_secret', 'previous_signing_secret'] as const) {
    const rows = await db
      .selectFrom('deploy_settings')
      .select(['deploy_id', column])
      .where(column, 'is not', null)
      .where(column, 'not like', SEALED)
      .execute();
    for (const r of rows) {
      const plain = r[column];
      if (plain === null || SecretBox.isSealed(plain)) continue;
      count(
        await db
          .updateTable('deploy_settings')
          .set({ [column]: secrets.seal(plain) })
          .where('deploy_id', '=', r.deploy_id)
          .where(column, '=', plain)
          .executeTakeFirst(),
      );
    }
  }

  for (const s of await db
    .selectFrom('deploy_secrets')
    .select(['deploy_id', 'name', 'value'])
    .where('value', 'not like', SEALED)
    .execute()) {
    if (SecretBox.isSealed(s.value)) continue;
    count(
      await db
        .updateTable('deploy_secrets')
        .set({ value: secrets.seal(s.value) })
        .where('deploy_id', '=', s.deploy_id)
        .where('name', '=', s.name)
        .where('value', '=', s.value)
        .executeTakeFirst(),
    );
  }
  return sealed;
}
