// Progress on stderr: a redrawn bar on a terminal, plain periodic lines otherwise (CI logs, pipes), or nothing.
import { formatBytes } from './output.js';

export type ProgressMode = 'bar' | 'lines' | 'off';

export function progressMode(flag: string | undefined, stream: NodeJS.WriteStream = process.stderr): ProgressMode {
  if (flag === 'bar' || flag === 'lines' || flag === 'off') return flag;
  if (flag !== undefined && flag !== 'auto') throw new Error(`--progress must be auto, bar, lines or off, got "${flag}"`);
  return stream.isTTY ? 'bar' : 'lines';
}

export class Progress {
  #label: string | null = null;
  #lastDraw = 0;
  #lastLine = 0;
  #open = false;

  constructor(
    readonly mode: ProgressMode,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    /** Seconds between plain lines. */
    private readonly lineIntervalMs = 1000,
  ) {}

  /** One step of a counted phase ("hashing", "uploading"). */
  update(label: string, done: number, total: number, bytesDone?: number, bytesTotal?: number, unit = 'files'): void {
    if (this.mode === 'off') return;
    const now = Date.now();
    const first = this.#label !== label;
    const last = done >= total;
    if (first && this.#open) this.#endBar();
    this.#label = label;
    const bytes = bytesTotal !== undefined ? ` ${formatBytes(bytesDone ?? 0)}/${formatBytes(bytesTotal)}` : '';
    if (this.mode === 'bar') {
      if (!first && !last && now - this.#lastDraw < 50) return;
      this.#lastDraw = now;
      const width = 24;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      this.stream.write(
        `\r\x1b[2K${label.padEnd(10)} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${done}/${total} ${unit}${bytes}`,
      );
      this.#open = true;
      if (last) this.#endBar();
      return;
    }
    if (first || last || now - this.#lastLine >= this.lineIntervalMs) {
      this.#lastLine = now;
      this.stream.write(`${label}: ${done}/${total} ${unit}${bytes}\n`);
    }
  }

  /** A one-off status line ("committing…"). */
  note(text: string): void {
    if (this.mode === 'off') return;
    if (this.#open) this.#endBar();
    this.#label = null;
    this.stream.write(`${text}\n`);
  }

  #endBar(): void {
    this.stream.write('\n');
    this.#open = false;
  }

  finish(): void {
    if (this.#open) this.#endBar();
  }
}
