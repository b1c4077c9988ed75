// Tiny SVG chart helpers for the report example: no library, no network, deterministic output.
// Charts are drawn in a fixed viewBox and scale to the figure's width in print.
(function () {
  'use strict';
  const NS = 'http://www.w3.org/2000/svg';

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (parent) parent.append(node);
    return node;
  }

  function text(parent, x, y, content, attrs) {
    const t = el('text', { x, y, 'font-size': 10, fill: '#6c7886', ...attrs }, parent);
    t.textContent = content;
    return t;
  }

  /** A "nice" upper bound for an axis: 1, 2, 2.5 or 5 times a power of ten, at least max. */
  function niceMax(max) {
    if (max <= 0) return 1;
    const p = Math.pow(10, Math.floor(Math.log10(max)));
    for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= max) return m * p;
    return 10 * p;
  }

  function frame(opts) {
    const width = opts.width || 640;
    const height = opts.height || 260;
    const pad = { top: 14, right: 14, bottom: 28, left: 54, ...(opts.pad || {}) };
    const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': opts.label || '' });
    if (opts.label) el('title', {}, svg).textContent = opts.label;
    const plot = { x: pad.left, y: pad.top, w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
    return { svg, plot, width, height };
  }

  function yAxis(svg, plot, max, format, ticks) {
    const g = el('g', {}, svg);
    for (let i = 0; i <= ticks; i++) {
      const v = (max / ticks) * i;
      const y = plot.y + plot.h - (v / max) * plot.h;
      el('line', { x1: plot.x, x2: plot.x + plot.w, y1: y, y2: y, stroke: i === 0 ? '#9aa6b2' : '#e6ebf0', 'stroke-width': 1 }, g);
      text(g, plot.x - 6, y + 3.5, format(v), { 'text-anchor': 'end' });
    }
  }

  /**
   * Daily series: labels[i] on the x axis, one or more series drawn as area+line or bars.
   * series: [{values, color, kind: 'area'|'line'|'bars', name}], shade: indexes to shade (e.g. weekends).
   */
  function timeChart(opts) {
    const { svg, plot } = frame(opts);
    const n = opts.labels.length;
    const max = niceMax(Math.max(...opts.series.flatMap((s) => s.values)));
    const step = plot.w / n;
    const xAt = (i) => plot.x + step * (i + 0.5);
    const yAt = (v) => plot.y + plot.h - (v / max) * plot.h;
    for (const i of opts.shade || []) el('rect', { x: plot.x + step * i, y: plot.y, width: step, height: plot.h, fill: '#f3f5f8' }, svg);
    yAxis(svg, plot, max, opts.format || String, opts.ticks || 4);
    opts.labels.forEach((label, i) => {
      if (i % (opts.labelEvery || 1) === 0) text(svg, xAt(i), plot.y + plot.h + 16, label, { 'text-anchor': 'middle' });
    });
    for (const s of opts.series) {
      if (s.kind === 'bars') {
        s.values.forEach((v, i) => {
          const y = yAt(v);
          el('rect', { x: xAt(i) - step * 0.3, y, width: step * 0.6, height: plot.y + plot.h - y, fill: s.color }, svg);
        });
        continue;
      }
      const points = s.values.map((v, i) => `${xAt(i).toFixed(1)},${yAt(v).toFixed(1)}`);
      if (s.kind === 'area') {
        el('path', { d: `M${xAt(0)},${plot.y + plot.h} L${points.join(' L')} L${xAt(n - 1)},${plot.y + plot.h} Z`, fill: s.color, 'fill-opacity': 0.15 }, svg);
      }
      el('polyline', { points: points.join(' '), fill: 'none', stroke: s.color, 'stroke-width': 2, 'stroke-linejoin': 'round' }, svg);
      if (s.markMax) {
        const i = s.values.indexOf(Math.max(...s.values));
        el('circle', { cx: xAt(i), cy: yAt(s.values[i]), r: 3.5, fill: s.color }, svg);
        text(svg, xAt(i) + 6, yAt(s.values[i]) + 4, s.markMax(s.values[i], i), { fill: s.color, 'font-weight': 'bold' });
      }
    }
    legend(svg, plot, opts.series);
    return svg;
  }

  function legend(svg, plot, series) {
    let x = plot.x + plot.w;
    for (const s of [...series].reverse()) {
      if (!s.name) continue;
      const t = text(svg, x, plot.y + 2, s.name, { 'text-anchor': 'end', fill: '#1b2430' });
      x -= s.name.length * 5.6 + 6;
      el('rect', { x: x - 10, y: plot.y - 6, width: 10, height: 8, fill: s.color, rx: 1.5 }, svg);
      x -= 22;
      void t;
    }
  }

  /** Horizontal bars with a faint marker for a previous value: rows [{label, value, previous}]. */
  function barChart(opts) {
    const rowH = 30;
    const height = opts.rows.length * rowH + 30;
    const { svg, plot } = frame({ ...opts, height, pad: { left: 110, right: 70, top: 8, bottom: 22 } });
    const max = niceMax(Math.max(...opts.rows.flatMap((r) => [r.value, r.previous || 0])));
    const xAt = (v) => plot.x + (v / max) * plot.w;
    for (let i = 0; i <= 4; i++) {
      const v = (max / 4) * i;
      el('line', { x1: xAt(v), x2: xAt(v), y1: plot.y, y2: plot.y + plot.h, stroke: '#e6ebf0' }, svg);
      text(svg, xAt(v), plot.y + plot.h + 15, opts.format(v), { 'text-anchor': 'middle' });
    }
    opts.rows.forEach((r, i) => {
      const y = plot.y + i * rowH + 6;
      text(svg, plot.x - 8, y + 12, r.label, { 'text-anchor': 'end', fill: '#1b2430', 'font-size': 11 });
      el('rect', { x: plot.x, y, width: xAt(r.value) - plot.x, height: 16, fill: opts.color, rx: 2 }, svg);
      if (r.previous) el('line', { x1: xAt(r.previous), x2: xAt(r.previous), y1: y - 3, y2: y + 19, stroke: '#1b2430', 'stroke-width': 2 }, svg);
      text(svg, xAt(r.value) + 6, y + 12, opts.format(r.value), { fill: '#1b2430', 'font-weight': 'bold' });
    });
    return svg;
  }

  window.charts = { timeChart, barChart };
})();
