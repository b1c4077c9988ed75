type Labels = { method: string; route: string; status_code: string };

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative: made cumulative when scraped). */
  buckets: number[];
  sum: number;
  count: number;
}

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  value: number;
  metricName: string;
}

/**
 * `folio_http_request_duration_seconds`: the one metric recorded on every HTTP request, so its recording
 * is a map lookup and three additions. prom-client's Histogram validates and hashes its label object on
 * every observe() (0.75 µs in a loop, 2–5 µs per request between requests, more than a cached API read's
 * database check; bench/README.md, API). Same exposition as a prom-client Histogram: the registry formats
 * it through getForPromString() like its own (buckets carry `le` plus the series labels).
 */
export class HttpDurationHistogram {
  readonly name = 'folio_http_request_duration_seconds';
  readonly help = 'HTTP requests by method, route pattern and status code, with their duration (from request start to response sent).';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(private readonly upperBounds: readonly number[]) {}

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    // Methods and route patterns contain no NUL; status codes are numbers.
    const key = `${method}\u0000${route}\u0000${statusCode}`;
    let s = this.series.get(key);
    if (!s) {
      s = { labels: { method, route, status_code: String(statusCode) }, buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const bounds = this.upperBounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]) i++;
    if (i < bounds.length) s.buckets[i]++;
    s.sum += seconds;
    s.count++;
  }

  /** What prom-client's Registry formats (the same shape its Histogram returns). */
  async getForPromString() {
    const values: Sample[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += s.buckets[i];
        values.push({ labels: { le }, sharedLabels: s.labels, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: bucketName });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same samples with each series' labels folded in (prom-client's `get()` shape). */
  async get() {
    const data = await this.getForPromString();
    return { ...data, values: data.values.map(({ labels, sharedLabels, value, metricName }) => ({ labels: { ...labels, ...sharedLabels }, value, metricName })) };
  }

  reset(): void {
    this.series.clear();
  }
}
