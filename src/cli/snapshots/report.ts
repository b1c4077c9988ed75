// The HTML report of a `folio test` run that failed: one section per failing fixture, with each drifting
// page's expected picture, actual picture and the differences (red) side by side, and the text's line diff.
// Written to `.folio-test-report/` in the template folder (a dot folder: `folio deploy` leaves it out),
// whole: into a temporary folder beside it, then renamed into place.
import fs from 'node:fs';
import path from 'node:path';
import { diffHunks, percent, type DiffLine } from '../../domain/deploys/snapshot-compare.js';
import type { PageArtifact } from '../../pdf/snapshots/snapshot-judge.js';

export interface ReportFixture {
  name: string;
  /** The one-line summary printed for it. */
  summary: string;
  artifacts: PageArtifact[];
  textDiff: DiffLine[];
  /** What recorded the snapshot and what printed now, when they name different browsers (a possible cause of drift). */
  browserNote?: string;
}

export interface ReportInput {
  templateDir: string;
  renderer: string;
  tolerance: number;
  fixtures: ReportFixture[];
  passed: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1f2933}
h1{font-size:20px}h2{font-size:17px;margin-top:32px;border-bottom:1px solid #d9dee3;padding-bottom:4px}
h3{font-size:15px;margin:20px 0 8px}.meta{color:#52606d}.row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}
figure{margin:0}figure img{border:1px solid #cbd2d9;max-width:420px;display:block}figcaption{color:#52606d;font-size:12px;margin-top:4px}
pre{background:#f5f7fa;border:1px solid #d9dee3;padding:8px;overflow:auto;font-size:12px}
.add{background:#e3f9e5;color:#0e5814}.del{background:#ffe3e3;color:#8a041a}.gap{color:#9aa5b1}`;

function pageHeading(a: PageArtifact): string {
  const v = a.verdict;
  if (v.kind === 'missing') return `Page ${v.page}: in the snapshot, not printed now`;
  if (v.kind === 'new') return `Page ${v.page}: printed now, not in the snapshot`;
  const c = v.comparison;
  if (c.sizeMismatch) return `Page ${v.page}: ${c.actual.width}×${c.actual.height} px, expected ${c.expected.width}×${c.expected.height}`;
  return `Page ${v.page} differs: ${percent(c.ratio)} of pixels (${c.differing} of ${c.total})`;
}

function figure(src: string | null, caption: string): string {
  return src ? `<figure><img src="${esc(src)}" alt="${esc(caption)}"><figcaption>${esc(caption)}</figcaption></figure>` : '';
}

function textSection(diff: DiffLine[]): string {
  if (diff.length === 0) return '';
  const lines = diffHunks(diff).map((l) =>
    l === null
      ? '<span class="gap">…</span>'
      : `<span class="${l.op === '+' ? 'add' : l.op === '-' ? 'del' : ''}">${esc(`${l.op} ${l.text}`)}</span>`,
  );
  return `<h3>Text (pdftotext -layout): - expected, + actual</h3><pre>${lines.join('\n')}</pre>`;
}

/** Writes the report and returns the path of its index.html. */
export function writeReport(reportDir: string, input: ReportInput): string {
  const tmp = `${reportDir}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  try {
    const sections = input.fixtures.map((f, n) => {
      // Fixture names are file names: each gets a numbered folder, so no name needs escaping in a path.
      const folder = `${n + 1}`;
      fs.mkdirSync(path.join(tmp, folder));
      const save = (png: Buffer | undefined, name: string) => {
        if (!png) return null;
        fs.writeFileSync(path.join(tmp, folder, name), png);
        return `${folder}/${name}`;
      };
      const pages = f.artifacts.map((a) => {
        const p = a.verdict.page;
        return `<h3>${esc(pageHeading(a))}</h3><div class="row">${[
          figure(save(a.expected, `page-${p}-expected.png`), 'expected (snapshot)'),
          figure(save(a.actual, `page-${p}-actual.png`), 'actual (this run)'),
          figure(save(a.diff, `page-${p}-diff.png`), 'differences in red'),
        ].join('')}</div>`;
      });
      return `<section id="${esc(`fixture-${f.name}`)}"><h2>✗ ${esc(f.name)}</h2><p>${esc(f.summary)}</p>${
        f.browserNote ? `<p class="meta">${esc(f.browserNote)}</p>` : ''
      }${pages.join('')}${textSection(f.textDiff)}</section>`;
    });
    const title = `folio test: ${input.fixtures.length} of ${input.fixtures.length + input.passed} fixtures failed`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><h1>${esc(title)}</h1>
<p class="meta">${esc(input.templateDir)} · printed by ${esc(input.renderer)} · a page drifts when more than ${esc(
      percent(input.tolerance),
    )} of its pixels differ · ${esc(new Date().toISOString())}</p>
${sections.join('\n')}
</body></html>
`;
    fs.writeFileSync(path.join(tmp, 'index.html'), html);
    fs.rmSync(reportDir, { recursive: true, force: true });
    fs.renameSync(tmp, reportDir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return path.join(reportDir, 'index.html');
}
