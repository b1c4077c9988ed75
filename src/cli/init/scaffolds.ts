// What `folio init` writes for each template language: a one-page invoice with a partial (where the
// language has partials), a stylesheet with page numbers, a sample payload and its schema. Every
// scaffold prints the same invoice, so switching languages changes only the template's syntax.
import type { TemplateEngine } from '../../domain/deploys/template-engines.js';

export type ScaffoldEngine = TemplateEngine | 'html';

const STYLE = `@page { size: A4; margin: 2cm 2cm 2.5cm; @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 9pt; } }
body { font: 10.5pt/1.45 "Liberation Sans", "Noto Sans", sans-serif; color: #1d232a; }
h1 { font-size: 22pt; margin: 0 0 0.3cm; }
table { width: 100%; border-collapse: collapse; margin: 0.6cm 0; }
thead { display: table-header-group; }
th, td { padding: 4px 6px; border-bottom: 1px solid #d7dde3; text-align: left; }
td.num, th.num { text-align: right; }
tr { break-inside: avoid; }
.total { font-size: 13pt; font-weight: bold; text-align: right; }
`;

const SAMPLE = {
  number: 'INV-2026-0001',
  customer: 'Blue Harbor Logistics Ltd.',
  date: '2026-11-27',
  locale: 'en-GB',
  currency: 'EUR',
  lines: [
    { description: 'Route planning, November', qty: 12, price: 85 },
    { description: 'Warehouse audit', qty: 1, price: 1450 },
  ],
  total: 2470,
};

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['number', 'customer', 'date', 'currency', 'lines', 'total'],
  properties: {
    number: { type: 'string' },
    customer: { type: 'string' },
    date: { type: 'string', format: 'date' },
    locale: { type: 'string' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['description', 'qty', 'price'],
        properties: { description: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } },
      },
    },
    total: { type: 'number' },
  },
};

const head =
  '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>Invoice</title>\n  <link rel="stylesheet" href="style.css">\n</head>\n<body>\n';
const TABLE_HEAD =
  '  <table>\n    <thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Price</th></tr></thead>\n    <tbody>\n';

const TEMPLATES: Record<Exclude<ScaffoldEngine, 'html' | 'markdown'>, { entry: string; partial: [string, string] }> = {
  handlebars: {
    entry: `${head}  <h1>Invoice {{number}}</h1>\n  <p>{{customer}} · {{formatDate date "long"}}</p>\n${TABLE_HEAD}      {{#each lines}}{{> line}}{{/each}}\n    </tbody>\n  </table>\n  <p class="total">Total {{formatCurrency total currency}}</p>\n</body>\n</html>\n`,
    partial: [
      'partials/line.hbs',
      '<tr><td>{{description}}</td><td class="num">{{formatNumber qty}}</td><td class="num">{{formatCurrency price @root.currency}}</td></tr>\n',
    ],
  },
  liquid: {
    entry: `${head}  <h1>Invoice {{ number }}</h1>\n  <p>{{ customer }} · {{ date | formatDate: "long" }}</p>\n${TABLE_HEAD}      {% for line in lines %}{% render "line", line: line, currency: currency %}{% endfor %}\n    </tbody>\n  </table>\n  <p class="total">Total {{ total | formatCurrency: currency }}</p>\n</body>\n</html>\n`,
    partial: [
      'line.liquid',
      '<tr><td>{{ line.description }}</td><td class="num">{{ line.qty | formatNumber }}</td><td class="num">{{ line.price | formatCurrency: currency }}</td></tr>\n',
    ],
  },
  nunjucks: {
    entry: `${head}  <h1>Invoice {{ number }}</h1>\n  <p>{{ customer }} · {{ date | formatDate("long") }}</p>\n${TABLE_HEAD}      {% for line in lines %}{% include "partials/line.njk" %}{% endfor %}\n    </tbody>\n  </table>\n  <p class="total">Total {{ total | formatCurrency(currency) }}</p>\n</body>\n</html>\n`,
    partial: [
      'partials/line.njk',
      '<tr><td>{{ line.description }}</td><td class="num">{{ line.qty | formatNumber }}</td><td class="num">{{ line.price | formatCurrency(currency) }}</td></tr>\n',
    ],
  },
  mustache: {
    entry: `${head}  <h1>Invoice {{number}}</h1>\n  <p>{{customer}} · {{#formatDate}}{{date}} long{{/formatDate}}</p>\n${TABLE_HEAD}      {{#lines}}{{> line}}{{/lines}}\n    </tbody>\n  </table>\n  <p class="total">Total {{#formatCurrency}}{{total}} {{currency}}{{/formatCurrency}}</p>\n</body>\n</html>\n`,
    partial: [
      'partials/line.mustache',
      '<tr><td>{{description}}</td><td class="num">{{#formatNumber}}{{qty}}{{/formatNumber}}</td><td class="num">{{#formatCurrency}}{{price}} {{currency}}{{/formatCurrency}}</td></tr>\n',
    ],
  },
};

const HTML_ENTRY = `${head}  <h1>Invoice <span id="number"></span></h1>\n  <p id="customer"></p>\n${TABLE_HEAD}    </tbody>\n  </table>\n  <p class="total" id="total"></p>\n  <script>
    window.folio.waitForReady = true;
    fetch(window.folio.payloadUrl).then((r) => r.json()).then((p) => {
      const money = (v) => new Intl.NumberFormat(p.locale, { style: 'currency', currency: p.currency }).format(v);
      const date = new Intl.DateTimeFormat(p.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(p.date));
      document.getElementById('number').textContent = p.number;
      document.getElementById('customer').textContent = p.customer + ' · ' + date;
      const body = document.querySelector('tbody');
      for (const l of p.lines) {
        const tr = body.insertRow();
        tr.insertCell().textContent = l.description;
        Object.assign(tr.insertCell(), { className: 'num', textContent: new Intl.NumberFormat(p.locale).format(l.qty) });
        Object.assign(tr.insertCell(), { className: 'num', textContent: money(l.price) });
      }
      document.getElementById('total').textContent = 'Total ' + money(p.total);
    }).finally(() => window.folio.ready());
  </script>\n</body>\n</html>\n`;

const MARKDOWN = `---
title: Release notes
lang: en
---
# Release notes

Markdown prints with Folio's default stylesheet (page numbers, tables, highlighted code) and a
\`style.css\` of the folder when there is one.

| Area | Change |
|------|--------|
| API  | Faster renders |

\`\`\`js
const client = createClient({ baseUrl, apiKey });
\`\`\`
`;

/** The files of a new template folder, by path. */
export function scaffold(engine: ScaffoldEngine): Record<string, string> {
  if (engine === 'markdown') return { 'index.md': MARKDOWN };
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  const common = { 'style.css': STYLE, 'sample-payload.json': json(SAMPLE), 'payload.schema.json': json(SCHEMA) };
  if (engine === 'html') return { 'index.html': HTML_ENTRY, ...common };
  const t = TEMPLATES[engine];
  const ext = { handlebars: 'hbs', liquid: 'liquid', nunjucks: 'njk', mustache: 'mustache' }[engine];
  return { [`index.${ext}`]: t.entry, [t.partial[0]]: t.partial[1], ...common };
}
