// Folio report example: fetches the payload, builds KPI cards, SVG charts and tables, generates the
// contents list from the section headings, then calls folio.ready().
(function () {
  'use strict';
  const folio = window.folio;

  function h(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else node.setAttribute(k, v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  function set(field, value) {
    for (const el of document.querySelectorAll(`[data-field="${field}"]`)) el.textContent = value ?? '';
  }

  function table(target, columns, rows, footer) {
    const el = document.getElementById(target);
    el.replaceChildren(
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { class: c.numeric ? 'n' : '', scope: 'col' }, c.title)))),
      h('tbody', {}, rows.map((row) => h('tr', { class: row.className || '' }, columns.map((c) => h('td', { class: c.numeric ? 'n' : '' }, c.cell(row)))))),
    );
    if (footer) el.append(h('tfoot', {}, h('tr', {}, footer.map((f, i) => h('td', { class: columns[i].numeric ? 'n' : '' }, f)))));
  }

  function render(report) {
    const locale = report.locale || 'en-GB';
    const num = new Intl.NumberFormat(locale);
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: report.currency || 'EUR', maximumFractionDigits: 0 });
    const moneyCompact = new Intl.NumberFormat(locale, { style: 'currency', currency: report.currency || 'EUR', notation: 'compact', maximumFractionDigits: 1 });
    const pct = (v, digits = 1) => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
    const signedPct = (v) => (v > 0 ? '+' : '') + pct(v);
    const date = (iso, style) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...style }).format(new Date(iso + 'T00:00:00Z'));
    const isWeekend = (iso) => [0, 6].includes(new Date(iso + 'T00:00:00Z').getUTCDay());

    document.title = `${report.title} — ${report.period.label}`;
    set('organization', report.organization);
    set('title', report.title);
    set('period', report.period.label);
    set('preparedBy', report.preparedBy);
    set('preparedOn', date(report.preparedOn, { dateStyle: 'long' }));
    set('range', `${date(report.period.start, { dateStyle: 'medium' })} – ${date(report.period.end, { dateStyle: 'medium' })}`);

    // KPIs from the daily figures.
    const days = report.daily;
    const sum = (key) => days.reduce((a, d) => a + d[key], 0);
    const renders = sum('renders');
    const failed = sum('failed');
    const pages = sum('pages');
    const successRate = 1 - failed / renders;
    const p95 = [...days.map((d) => d.p95Ms)].sort((a, b) => a - b)[Math.floor(days.length / 2)];
    const revenue = report.regions.reduce((a, r) => a + r.revenue, 0);
    const prev = report.previous || {};
    const delta = (now, before, lowerIsBetter) => {
      if (!before) return h('span', { class: 'kpi-delta' }, '');
      const change = (now - before) / before;
      const good = lowerIsBetter ? change <= 0 : change >= 0;
      return h('span', { class: `kpi-delta ${good ? 'up' : 'down'}` }, `${signedPct(change)} vs previous month`);
    };
    // Rates change by percentage points, not percent.
    const pointsDelta = (now, before) => {
      if (!before) return h('span', { class: 'kpi-delta' }, '');
      const pp = (now - before) * 100;
      return h('span', { class: `kpi-delta ${pp >= 0 ? 'up' : 'down'}` }, `${pp >= 0 ? '+' : '−'}${Math.abs(pp).toFixed(2)} pp vs previous month`);
    };
    const kpi = (label, value, d) => h('div', { class: 'kpi' }, h('div', { class: 'kpi-label' }, label), h('div', { class: 'kpi-value' }, value), d);
    document.getElementById('kpis').replaceChildren(
      kpi('Renders', num.format(renders), delta(renders, prev.renders)),
      kpi('Pages printed', compact.format(pages), delta(pages, prev.pages)),
      kpi('Success rate', pct(successRate, 2), pointsDelta(successRate, prev.successRate)),
      kpi('Median daily p95', `${num.format(p95)} ms`, delta(p95, prev.p95Ms, true)),
      kpi('Revenue', money.format(revenue), delta(revenue, prev.revenue)),
      kpi('Incidents', String(report.incidents.length), h('span', { class: 'kpi-delta' }, `${num.format(report.incidents.reduce((a, i) => a + i.minutes, 0))} minutes of impact`)),
    );
    document.getElementById('highlights').replaceChildren(...report.highlights.map((t) => h('li', {}, t)));

    // Charts.
    const labels = days.map((d) => String(Number(d.date.slice(8))));
    const weekends = days.map((d, i) => (isWeekend(d.date) ? i : -1)).filter((i) => i >= 0);
    document.getElementById('chart-renders').replaceChildren(
      window.charts.timeChart({
        label: `Daily renders, ${report.period.label}`,
        labels, labelEvery: 2, shade: weekends, height: 280,
        format: (v) => compact.format(v),
        series: [
          { name: 'Renders', values: days.map((d) => d.renders), color: '#0f5c6e', kind: 'area' },
          { name: 'Failed (×100)', values: days.map((d) => d.failed * 100), color: '#b42318', kind: 'bars' },
        ],
      }),
      h('figcaption', {}, `Total ${num.format(renders)} renders, ${num.format(failed)} failed. Failed renders are drawn 100 times larger to be visible.`),
    );
    document.getElementById('chart-latency').replaceChildren(
      window.charts.timeChart({
        label: `p95 render time per day, ${report.period.label}`,
        labels, labelEvery: 2, shade: weekends, height: 220,
        format: (v) => `${num.format(v)} ms`,
        series: [{ name: 'p95', values: days.map((d) => d.p95Ms), color: '#e07a1f', kind: 'line', markMax: (v, i) => `${num.format(v)} ms on ${labels[i]} ${report.period.label.split(' ')[0]}` }],
      }),
      h('figcaption', {}, 'Peaks line up with the incidents listed under Top customers → Incidents.'),
    );
    const regions = [...report.regions].sort((a, b) => b.revenue - a.revenue);
    document.getElementById('chart-regions').replaceChildren(
      window.charts.barChart({
        label: `Revenue by region, ${report.period.label}`,
        rows: regions.map((r) => ({ label: r.name, value: r.revenue, previous: r.previousRevenue })),
        color: '#0f5c6e',
        format: (v) => moneyCompact.format(v),
      }),
      h('figcaption', {}, 'Bars: this month. Black markers: previous month.'),
    );

    // Tables.
    const maxRev = Math.max(...regions.map((r) => r.revenue));
    table('table-regions', [
      { title: 'Region', cell: (r) => r.name },
      { title: 'Renders', numeric: true, cell: (r) => num.format(r.renders) },
      { title: 'Revenue', numeric: true, cell: (r) => money.format(r.revenue) },
      { title: 'Change', numeric: true, cell: (r) => h('span', { class: r.revenue >= r.previousRevenue ? 'up' : 'down' }, signedPct((r.revenue - r.previousRevenue) / r.previousRevenue)) },
      { title: 'Share', cell: (r) => h('div', { class: 'bar', style: `width:${((r.revenue / maxRev) * 100).toFixed(1)}%` }) },
    ], regions, ['Total', num.format(regions.reduce((a, r) => a + r.renders, 0)), money.format(revenue), signedPct((revenue - regions.reduce((a, r) => a + r.previousRevenue, 0)) / regions.reduce((a, r) => a + r.previousRevenue, 0)), '']);
    document.querySelectorAll('#table-regions td:last-child').forEach((td) => td.classList.add('bar-cell'));

    table('table-customers', [
      { title: '#', cell: (c) => String(c.rank) },
      { title: 'Customer', cell: (c) => c.name },
      { title: 'Plan', cell: (c) => c.plan },
      { title: 'Renders', numeric: true, cell: (c) => num.format(c.renders) },
      { title: 'Share of total', numeric: true, cell: (c) => pct(c.renders / renders) },
      { title: 'Growth', numeric: true, cell: (c) => h('span', { class: c.growth >= 0 ? 'up' : 'down' }, signedPct(c.growth)) },
    ], report.customers.map((c, i) => ({ ...c, rank: i + 1 })));

    document.getElementById('incidents').replaceChildren(
      ...report.incidents.map((inc) =>
        h('div', { class: `incident ${inc.severity.toLowerCase()}` },
          h('div', { class: 'incident-head' }, `${date(inc.date, { day: 'numeric', month: 'short' })} — ${inc.title}`),
          h('div', { class: 'incident-meta' }, `${inc.severity} · ${inc.minutes} min · ${num.format(inc.failedRenders)} failed renders`),
          h('p', {}, inc.summary))),
    );

    table('table-daily', [
      { title: 'Date', cell: (d) => date(d.date, { weekday: 'short', day: 'numeric', month: 'short' }) },
      { title: 'Renders', numeric: true, cell: (d) => num.format(d.renders) },
      { title: 'Failed', numeric: true, cell: (d) => num.format(d.failed) },
      { title: 'Success', numeric: true, cell: (d) => pct(1 - d.failed / d.renders, 2) },
      { title: 'Pages', numeric: true, cell: (d) => num.format(d.pages) },
      { title: 'p95', numeric: true, cell: (d) => `${num.format(d.p95Ms)} ms` },
    ], days.map((d) => ({ ...d, className: isWeekend(d.date) ? 'weekend' : '' })),
    ['Total', num.format(renders), num.format(failed), pct(successRate, 2), num.format(pages), '']);

    // Contents, generated from the chapters' headings. The page numbers are page references: this version
    // is deployed with render.metadata.pdf.pageReferences (render-metadata.json), so Folio prints the report,
    // reads where each chapter landed and fills every data-folio-page-of element before printing it again.
    // "00" holds the place (and the width) of a two-digit number in the first print.
    document.getElementById('toc').replaceChildren(
      ...[...document.querySelectorAll('section.chapter')].map((s) =>
        h('li', {}, h('div', {},
          h('a', { href: `#${s.id}` }, s.querySelector('h1').textContent),
          h('span', { class: 'sub' }, [...s.querySelectorAll('h2')].map((x) => x.textContent).join(' · ') || (s.querySelector('.lede') || {}).textContent || '')),
          h('span', { class: 'page', 'data-folio-page-of': s.id }, '00'))),
    );
  }

  function showError(err) {
    document.body.replaceChildren(h('div', { class: 'error' }, `This report could not be rendered: ${err && err.message ? err.message : err}`));
  }

  fetch(folio.payloadUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`payload answered ${r.status}`);
      return r.json();
    })
    .then(render)
    .catch(showError)
    .finally(() => folio.ready());
})();
