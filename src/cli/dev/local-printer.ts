// Renders the folder with the production Renderer (the one a worker uses, given the folder as the bundle of a
// version): in memory for the printed-pages view, or to a file for `p` and --pdf.
import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_PRINT_DEFAULTS } from '../../domain/jobs/print-defaults.js';
import { findChromium } from '../../render/chromium-process.js';
import type { SandboxOptions } from '../../render/chromium-sandbox.js';
import { Renderer } from '../../render/renderer.js';
import { RenderError, type PdfOverrides, type RenderResult } from '../../render/types.js';
import type { LocalBundle } from './local-bundle.js';
import type { DevInputs } from './preview-server.js';

export interface PrintOptions {
  pdf: PdfOverrides;
  timeoutMs: number;
  allowExternalNetwork: boolean;
}

export interface PrintedFile {
  path: string;
  pages: number;
  bytes: number;
  ms: number;
  blocked: string[];
}

export class LocalPrinter {
  #renderer: Renderer | null = null;
  constructor(
    private readonly chromiumPath: string | null,
    private readonly sandbox: SandboxOptions,
    /** Pre-warmed pages: 1 when the preview re-renders on every save, 0 for a single --pdf. */
    private readonly spareSessions = 0,
  ) {}

  /** One render; the PDF stays in memory. Throws RenderError (with the page's diagnostics when it ran). */
  async render(bundle: LocalBundle, inputs: DevInputs, opts: PrintOptions): Promise<{ pdf: Buffer; result: RenderResult }> {
    if (!bundle.entryPath) throw new RenderError('render_failed', 'the route matches no file of the folder');
    const executablePath = findChromium(this.chromiumPath ?? undefined);
    if (!executablePath)
      throw new RenderError(
        'render_provider_unavailable',
        `Chromium was not found${this.chromiumPath ? ` at ${this.chromiumPath}` : ' (install the chromium package or set FOLIO_CHROMIUM_PATH)'}`,
      );
    this.#renderer ??= new Renderer({ executablePath, concurrency: 1, spareSessions: this.spareSessions, ...this.sandbox });
    const chunks: Buffer[] = [];
    const result = await this.#renderer.render(
      {
        jobId: 'job_dev_preview',
        accountId: 'dev',
        deployId: 'dep_dev_preview',
        versionNo: 0,
        bundle,
        entryPath: bundle.entryPath,
        ...(bundle.engine ? { engine: bundle.engine } : {}),
        payload: inputs.payload,
        payloadMime: inputs.payloadMime,
        env: inputs.env,
        pdf: opts.pdf,
        // The folder previews the version it would become if committed now.
        printDefaults: CURRENT_PRINT_DEFAULTS,
        timeoutMs: opts.timeoutMs,
        allowExternalNetwork: opts.allowExternalNetwork,
        maxOutputBytes: null,
      },
      async (stream) => {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      },
    );
    return { pdf: Buffer.concat(chunks), result };
  }

  /** One render written to `out` atomically (a reader never sees half a PDF). */
  async print(bundle: LocalBundle, inputs: DevInputs, opts: PrintOptions, out: string): Promise<PrintedFile> {
    const { pdf, result: r } = await this.render(bundle, inputs, opts);
    const target = path.resolve(out);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.part`;
    try {
      fs.writeFileSync(tmp, pdf);
      fs.renameSync(tmp, target);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    return { path: target, pages: r.pageCount, bytes: r.bytes, ms: r.renderTimeMs, blocked: r.blocked };
  }

  /**
   * The product string of the Chromium that prints (`HeadlessChrome/156.0.8078.79`), as `folio test`
   * records it; null before the first render or when the browser does not say.
   */
  async browserVersion(): Promise<string | null> {
    if (!this.#renderer) return null;
    const lease = await this.#renderer.supervisor.acquire();
    try {
      const v = await lease.browser.connection.send('Browser.getVersion', {}, undefined, 5000);
      return v.product || null;
    } catch {
      return null;
    } finally {
      lease.release();
    }
  }

  async close(): Promise<void> {
    await this.#renderer?.close();
  }
}
