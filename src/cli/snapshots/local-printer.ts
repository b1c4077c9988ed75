// `folio test` without --server: the production Renderer in this process (`folio dev --pdf`'s LocalPrinter,
// the folder loaded as the bundle of a version), printing with the Chromium of this machine. The full
// `folio` only: it loads the renderer, which @folio/cli leaves out (snapshots/index.ts loads it on use).
import { loadConfig } from '../../config/load.js';
import { buildPayload } from '../../domain/jobs/payload.js';
import { RenderError } from '../../render/types.js';
import { UsageError } from '../client/output.js';
import { loadEnv } from '../dev/dev-options.js';
import { LocalPrinter } from '../dev/local-printer.js';
import { FixtureRenderError, templateBundle, type FixturePrinter } from './printer.js';
import type { TestOptions } from './options.js';

/** The production Renderer in this process, as `folio dev --pdf` prints; the Chromium of this machine. */
export async function localPrinter(dir: string, s: TestOptions): Promise<FixturePrinter> {
  const env = loadEnv(s.envFile);
  const bundle = await templateBundle(dir, s);
  const config = loadConfig(process.env);
  const printer = new LocalPrinter(config.chromiumPath, { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox }, 0);
  let browser: string | null = null;
  return {
    renderer: 'local',
    where: "this machine's Chromium",
    async print(fixture) {
      const payload = buildPayload({ payload: fixture.payload, hasPayload: true, maxBytes: Number.MAX_SAFE_INTEGER });
      if (!payload.ok) throw new UsageError(`fixture ${fixture.file}: ${payload.message}`);
      try {
        const { pdf, result } = await printer.render(
          bundle,
          { payload: payload.bytes, payloadMime: payload.mime, env },
          { pdf: s.pdf, timeoutMs: s.timeoutMs, allowExternalNetwork: s.allowExternalNetwork },
        );
        return { pdf, pages: result.pageCount };
      } catch (err) {
        if (err instanceof RenderError) throw new FixtureRenderError(err.code, err.message);
        throw err;
      }
    },
    async browser() {
      browser ??= await printer.browserVersion();
      return browser ?? 'unknown';
    },
    close: () => printer.close(),
  };
}
