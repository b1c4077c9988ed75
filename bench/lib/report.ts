// The 50-page report of bench/render.ts and bench/render-sync.ts: where the fixed cost of a request and a
// job weighs less than on the 1-page invoice.
export const report = `<!doctype html><html><head><title>Quarterly report</title><style>
  @page { size: A4; margin: 18mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); } }
  body { font: 10pt/1.4 sans-serif; } h2 { break-before: page; } table { width: 100%; border-collapse: collapse; }
  td, th { border-bottom: 1px solid #ccc; padding: 2px 4px; text-align: left; } thead { display: table-header-group; }
</style></head><body><h1>Quarterly report</h1>${Array.from(
  { length: 50 },
  (_, s) => `<h2>Section ${s + 1}</h2><p>${'Revenue grew steadily across all regions while costs stayed flat. '.repeat(8)}</p>
<table><thead><tr><th>Region</th><th>Product</th><th>Units</th><th>Revenue</th></tr></thead><tbody>${Array.from({ length: 28 }, (_, r) => `<tr><td>Region ${r % 7}</td><td>Product ${s}-${r}</td><td>${(r * 37) % 500}</td><td>£${((r + 1) * 1234.5).toFixed(2)}</td></tr>`).join('')}</tbody></table>`,
).join('')}</body></html>`;
