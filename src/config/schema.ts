// The one schema of every setting. Nothing else reads process.env: load() turns the environment into a
// typed Config, and docs/config.md is generated from this list (npm run docs). The exception is
// OpenTelemetry's standard OTEL_* variables, read by its SDK (observability/tracing.ts).
// The list is split by area into settings/*.ts; the order here, area by area, is docs/config.md's.
import type { SettingSpec } from './setting-spec.js';
import { serverSettings } from './settings/server.js';
import { storageSettings } from './settings/storage.js';
import { accountSettings } from './settings/accounts.js';
import { renderingSettings } from './settings/rendering.js';
import { officeSettings } from './settings/office.js';
import { einvoiceSettings } from './settings/einvoice.js';
import { securitySettings } from './settings/security.js';
import { observabilitySettings } from './settings/observability.js';
import { apiSettings } from './settings/api.js';
import { limitSettings } from './settings/limits.js';
import { workerSettings } from './settings/worker.js';

export type { ConfigValues, SettingSpec, SettingType } from './setting-spec.js';

export const settings: SettingSpec[] = [
  ...serverSettings,
  ...storageSettings,
  ...accountSettings,
  ...renderingSettings,
  ...officeSettings,
  ...einvoiceSettings,
  ...securitySettings,
  ...observabilitySettings,
  ...apiSettings,
  ...limitSettings,
  ...workerSettings,
];
