import type { Migration } from 'kysely';
import * as m001 from './001-foundation.js';

/** Every migration, in order. Names are stable forever: the database records them. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
};
