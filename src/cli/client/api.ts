// The SDK client the commands use, configured from the environment or `folio login`.
import { createClient, type FolioClient } from '../../sdk/index.js';
import { resolveApi } from './config.js';

export function clientFromEnv(env: NodeJS.ProcessEnv = process.env): FolioClient {
  const { apiUrl, apiKey } = resolveApi(env);
  return createClient({ baseUrl: apiUrl, apiKey, userAgent: 'folio-cli/0.1' });
}
