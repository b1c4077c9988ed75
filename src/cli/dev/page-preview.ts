// The printed pages of the folder, kept current for the pages view: the PDF rendered in memory by the
// production renderer, its pages drawn as PNGs (pdf/rasterize.ts), its diagnostics and the payload check.
//
// Renders happen on demand (a request for the view, an image or the PDF when the folder changed since the
// last render) and after each change while a pages view is open; with nobody looking, nothing renders.
// At most one render runs; changes during a render queue exactly one more, of the then-current files.
import os from 'node:os';
import type { RenderDiagnostics } from '../../domain/jobs/render-diagnostics.js';
import { isPdfError } from '../../pdf/errors.js';
import { rasterizePdf, type PageImage } from '../../pdf/rasterize.js';
import { RenderError } from '../../render/types.js';
import type { LocalBundle } from './local-bundle.js';
import type { LocalPrinter, PrintOptions } from './local-printer.js';
import { checkPayload, type SchemaCheck } from './payload-check.js';
import type { DevInputs } from './preview-server.js';

/** At most this many pages are drawn; the view says when there are more (the PDF has them all). */
export const MAX_PREVIEW_PAGES = 50;
/** A CSS pixel per PDF pixel, so a page image is as wide as the page is on screen at 100 %. */
const PREVIEW_DPI = 96;
/** Pages are drawn by this many pdftoppm processes at once: Chromium is idle by then, the cores are free. */
const DRAW_PROCESSES = Math.min(4, os.availableParallelism());

export interface PreviewState {
  /** The folder's generation (PreviewServer.generation) this render is of. */
  generation: number;
  finishedAt: Date;
  /** Wall time of render + rasterise, ms. */
  totalMs: number;
  schema: SchemaCheck;
  outcome:
    | {
        ok: true;
        pdf: Buffer;
        pageCount: number;
        bytes: number;
        renderTimeMs: number;
        blocked: string[];
        diagnostics: RenderDiagnostics | null;
        /** null when they could not be drawn (see imageError). */
        images: PageImage[] | null;
        rasterizeMs: number;
        imageError: { missing: boolean; message: string } | null;
      }
    | { ok: false; code: string; message: string; diagnostics: RenderDiagnostics | null };
}

export interface PreviewSource {
  generation: number;
  bundle: LocalBundle;
  inputs: DevInputs;
}

export class PagePreview {
  #current: PreviewState | null = null;
  #looping: Promise<void> | null = null;
  #queued = false;
  #waiters: Array<{ generation: number; resolve: (s: PreviewState) => void }> = [];

  constructor(
    private readonly source: () => PreviewSource,
    private readonly printer: LocalPrinter,
    private readonly opts: PrintOptions,
    /** Told when a render starts and ends (the server tells open pages views). */
    private readonly hooks: { rendering(generation: number): void; rendered(s: PreviewState): void },
  ) {}

  /** The render of the folder as it is now: the last one if nothing changed since, otherwise a new one. */
  latest(): Promise<PreviewState> {
    const generation = this.source().generation;
    if (this.#current && this.#current.generation >= generation) return Promise.resolve(this.#current);
    const p = new Promise<PreviewState>((resolve) => this.#waiters.push({ generation, resolve }));
    this.kick();
    return p;
  }

  /** Starts a render of the current files, or queues one if a render is running (latest wins). */
  kick(): void {
    if (this.#looping) {
      this.#queued = true;
      return;
    }
    this.#looping = this.#loop();
  }

  /** Resolves once no render runs (for shutdown). */
  async idle(): Promise<void> {
    await this.#looping;
  }

  async #loop(): Promise<void> {
    try {
      do {
        this.#queued = false;
        const src = this.source();
        this.#tell(() => this.hooks.rendering(src.generation));
        const state = await this.#renderOnce(src);
        this.#current = state;
        const done = this.#waiters.filter((w) => w.generation <= state.generation);
        this.#waiters = this.#waiters.filter((w) => w.generation > state.generation);
        for (const w of done) w.resolve(state);
        this.#tell(() => this.hooks.rendered(state));
      } while (this.#queued || this.#waiters.length > 0);
    } finally {
      // In the same turn as the last check above, so a kick() from now on starts a new loop.
      this.#looping = null;
    }
  }

  #tell(f: () => void): void {
    try {
      f();
    } catch {
      // telling the views is best effort: their next request gets the state anyway
    }
  }

  async #renderOnce(src: PreviewSource): Promise<PreviewState> {
    const started = performance.now();
    const base = { generation: src.generation, schema: await checkPayload(src.bundle, src.inputs).catch(schemaFailure) };
    const done = (outcome: PreviewState['outcome']): PreviewState => ({
      ...base,
      outcome,
      finishedAt: new Date(),
      totalMs: Math.round(performance.now() - started),
    });
    let rendered;
    try {
      rendered = await this.printer.render(src.bundle, src.inputs, this.opts);
    } catch (err) {
      if (err instanceof RenderError)
        return done({ ok: false, code: err.code, message: err.message, diagnostics: err.diagnostics ?? null });
      return done({ ok: false, code: 'render_failed', message: (err as Error).message, diagnostics: null });
    }
    const { pdf, result } = rendered;
    const drawStarted = performance.now();
    let images: PageImage[] | null = null;
    let imageError: { missing: boolean; message: string } | null = null;
    try {
      images = await rasterizePdf(pdf, { dpi: PREVIEW_DPI, maxPages: MAX_PREVIEW_PAGES, parallel: DRAW_PROCESSES });
    } catch (err) {
      imageError = { missing: isPdfError(err, 'rasterizer_missing'), message: (err as Error).message };
    }
    return done({
      ok: true,
      pdf,
      pageCount: result.pageCount,
      bytes: result.bytes,
      renderTimeMs: result.renderTimeMs,
      blocked: result.blocked,
      diagnostics: result.diagnostics ?? null,
      images,
      rasterizeMs: Math.round(performance.now() - drawStarted),
      imageError,
    });
  }
}

function schemaFailure(err: unknown): SchemaCheck {
  return { status: 'schema_error', message: (err as Error).message };
}
