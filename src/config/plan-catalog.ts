import fs from 'node:fs';
import { mergePlans, type Plan } from '../domain/accounts/plans.js';

export interface PlanCatalog {
  get(key: string): Plan;
  has(key: string): boolean;
  list(): Plan[];
}

/** Built-in plans merged with FOLIO_PLANS_FILE. Throws at start-up with a message naming the file. */
export function loadPlanCatalog(plansFile: string | null): PlanCatalog {
  let fileJson: unknown = undefined;
  if (plansFile) {
    try {
      fileJson = JSON.parse(fs.readFileSync(plansFile, 'utf8'));
    } catch (err) {
      throw new Error(`FOLIO_PLANS_FILE ${plansFile}: ${(err as Error).message}`);
    }
  }
  let plans: Record<string, Plan>;
  try {
    plans = mergePlans(fileJson);
  } catch (err) {
    throw new Error(`FOLIO_PLANS_FILE ${plansFile}: ${(err as Error).message}`);
  }
  return {
    // An account whose plan was removed from the file keeps working on the most restrictive built-in plan
    // rather than failing every request.
    get: (key) => plans[key] ?? plans.free,
    has: (key) => key in plans,
    list: () => Object.values(plans),
  };
}
