// The Kubernetes manifests (deploy/kubernetes) against the code and each other. Nothing applies them (there
// is no cluster on CI); what can drift silently is checked instead: the kinds, labels and selectors, the
// names they reference (ConfigMap, Secret, Deployment, metric), every FOLIO_* setting exists in
// src/config/schema.ts, secrets come from the Secret, every container has its resources, every probe path is
// a route of the app, every container runs a real `folio` command, and every object is valid against the
// Kubernetes API's schema of its kind.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../src/config/load.js';
import { settings } from '../../src/config/schema.js';
import { checkEnvName, checkFolioCommand, read, useRouteApp, VALID_KEY } from '../helpers/deploy-checks.js';
import { ROOT } from '../helpers/server-process.js';

const K8S = 'deploy/kubernetes';

const routes = useRouteApp();
const checkRoute = routes.checkRoute;

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [k: string]: any;
};

function yamlFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

function loadK8s(): { objects: Array<Obj & { file: string }>; other: Array<{ file: string; doc: any }> } {
  const objects: Array<Obj & { file: string }> = [];
  const other: Array<{ file: string; doc: any }> = [];
  for (const file of yamlFiles(K8S)) {
    for (const d of parseAllDocuments(read(file))) {
      assert.deepEqual(d.errors, [], `${file} parses as YAML`);
      const doc = d.toJS();
      if (doc == null) continue;
      if (doc.apiVersion && doc.kind) objects.push({ ...doc, file });
      else other.push({ file, doc });
    }
  }
  return { objects, other };
}

const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('deploy/kubernetes', () => {
  const { objects, other } = loadK8s();
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
  const get = (kind: string, name: string) => {
    const o = find(kind, name);
    assert.ok(o, `${kind} ${name} is in ${K8S}`);
    return o;
  };
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const workloads = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
  const configMap = get('ConfigMap', 'folio-config');
  const secret = get('Secret', 'folio-secrets');

  test('the kinds: api and worker Deployments, Service, migration Job, HPA, PDBs, ConfigMap, Secret', () => {
    const resources = objects.filter((o) => o.kind !== 'Kustomization');
    const names = resources.map((o) => `${o.kind}/${o.metadata?.name}`).sort();
    for (const expected of [
      'ConfigMap/folio-config',
      'Deployment/folio-api',
      'Deployment/folio-worker',
      'HorizontalPodAutoscaler/folio-worker',
      'Job/folio-migrate',
      'PodDisruptionBudget/folio-api',
      'PodDisruptionBudget/folio-worker',
      'Secret/folio-secrets',
      'Service/folio-api',
    ])
      assert.ok(names.includes(expected), `${expected} in ${names.join(', ')}`);
    for (const o of resources) assert.ok(o.metadata?.name, `${o.file}: ${o.kind} has a name`);
  });

  // The Kubernetes API's own schemas (kubernetes-models 4.5.1: Kubernetes 1.27.1's OpenAPI, pinned): types,
  // required fields and formats. Those schemas let unknown fields through, so a misspelt field is left to
  // the named checks of this file. A Kustomization is kustomize's file, not an object of the API.
  test('every object is valid against the Kubernetes 1.27 schema of its kind', async () => {
    const problems: string[] = [];
    const kinds = objects.filter((o) => o.kind !== 'Kustomization');
    for (const o of kinds) {
      const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
      const models = (await import(group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`)) as Record<
        string,
        new (data: unknown) => { validate(): void }
      >;
      const Model = models[o.kind];
      if (!Model) problems.push(`${o.file}: no schema for ${o.apiVersion} ${o.kind}`);
      else {
        const { file: _file, ...manifest } = o;
        try {
          new Model(manifest).validate();
        } catch (err) {
          problems.push(`${o.file} ${o.kind}/${o.metadata.name}: ${(err as Error).message.slice(0, 300)}`);
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(kinds.length >= 8, `${kinds.length} objects checked`);
  });

  test('the kustomizations list every manifest but the Secret, and set one image for all containers', () => {
    const kustomizations = objects.filter((o) => o.kind === 'Kustomization');
    assert.equal(kustomizations.length, 2, 'deploy/kubernetes and deploy/kubernetes/migrate');
    const listed = new Set<string>();
    for (const k of kustomizations) {
      for (const r of k.resources as string[]) {
        const file = path.join(path.dirname(k.file), r);
        assert.ok(fs.existsSync(path.join(ROOT, file)), `${k.file}: resource ${r} exists`);
        assert.ok(!listed.has(file), `${file} is listed once`);
        listed.add(file);
      }
    }
    const manifests = new Set(objects.filter((o) => o.kind !== 'Kustomization').map((o) => o.file));
    for (const file of manifests) {
      if (file.endsWith('secret.example.yaml')) assert.ok(!listed.has(file), 'the example Secret is never applied');
      else assert.ok(listed.has(file), `${file} is in a kustomization`);
    }
    const [a, b] = kustomizations.map((k) => JSON.stringify(k.images));
    assert.equal(a, b, 'both kustomizations set the same image and tag');
    const imageNames = new Set((kustomizations[0].images as Array<{ name: string }>).map((i) => i.name));
    for (const w of workloads)
      for (const c of w.spec.template.spec.containers)
        assert.ok(imageNames.has(c.image), `${w.metadata.name}: image ${c.image} is set by the kustomizations`);
  });

  test('selectors: Deployments select their pods, the Service only api pods, each PDB one Deployment', () => {
    for (const d of deployments) {
      assert.ok(selects(d.spec.selector.matchLabels, d.spec.template.metadata.labels), `${d.metadata.name}: selector matches its template`);
    }
    const podsOf = (selector: Record<string, string>) =>
      deployments.filter((d) => selects(selector, d.spec.template.metadata.labels)).map((d) => d.metadata.name);
    const service = get('Service', 'folio-api');
    assert.deepEqual(podsOf(service.spec.selector), ['folio-api'], 'the Service selects the api pods only (never workers)');
    const api = get('Deployment', 'folio-api');
    const apiPorts = api.spec.template.spec.containers[0].ports.map((p: any) => p.name);
    for (const p of service.spec.ports)
      assert.ok(apiPorts.includes(p.targetPort), `Service targetPort ${p.targetPort} is a port of the api container`);
    for (const pdb of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
      assert.deepEqual(
        podsOf(pdb.spec.selector.matchLabels),
        [pdb.metadata.name],
        `PDB ${pdb.metadata.name} selects exactly that Deployment's pods`,
      );
    }
    const job = get('Job', 'folio-migrate');
    assert.deepEqual(podsOf(job.spec.template.metadata.labels), [], 'no Deployment selector picks up the migration pods');
  });

  test('containers run real folio commands, with the image entrypoint (tini) kept', () => {
    const commands: Record<string, string> = {};
    for (const w of workloads) {
      for (const c of w.spec.template.spec.containers) {
        assert.equal(c.command, undefined, `${w.metadata.name}: sets args, not command, so tini stays PID 1`);
        commands[w.metadata.name] = checkFolioCommand(c.args, `${w.file} ${w.metadata.name}`);
      }
    }
    assert.deepEqual(commands, { 'folio-api': 'api', 'folio-worker': 'worker', 'folio-migrate': 'migrate' });
  });

  test('every environment variable is a setting, and every reference resolves', () => {
    for (const key of Object.keys(configMap.data)) checkEnvName(key, `ConfigMap folio-config`);
    for (const key of Object.keys(secret.stringData)) checkEnvName(key, `Secret folio-secrets`);
    for (const w of workloads) {
      for (const c of w.spec.template.spec.containers) {
        const where = `${w.metadata.name}/${c.name}`;
        for (const e of c.envFrom ?? []) {
          if (e.configMapRef) assert.ok(find('ConfigMap', e.configMapRef.name), `${where}: ConfigMap ${e.configMapRef.name} exists`);
          if (e.secretRef) assert.ok(find('Secret', e.secretRef.name), `${where}: Secret ${e.secretRef.name} exists`);
          assert.ok(e.configMapRef || e.secretRef, `${where}: envFrom names a ConfigMap or Secret`);
        }
        for (const e of c.env ?? []) {
          checkEnvName(e.name, where);
          const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
          if (ref) {
            const src = find(e.valueFrom.secretKeyRef ? 'Secret' : 'ConfigMap', ref.name);
            assert.ok(src, `${where}: ${ref.name} exists`);
            assert.ok(ref.key in (src.stringData ?? src.data ?? {}), `${where}: ${ref.name} has the key ${ref.key}`);
          }
        }
      }
    }
  });

  test('secrets come from the Secret: never from the ConfigMap or a plain value', () => {
    // The settings the schema marks secret, the database URL (it carries the password) and the S3 credentials.
    const secretNames = new Set([
      ...settings.filter((s) => s.secret).map((s) => s.env),
      'FOLIO_DATABASE_URL',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
    ]);
    for (const key of Object.keys(configMap.data)) assert.ok(!secretNames.has(key), `ConfigMap folio-config holds ${key}, a secret`);
    for (const key of ['FOLIO_DATABASE_URL', 'FOLIO_SIGNING_KEY', 'FOLIO_SECRETS_KEY'])
      assert.ok(key in secret.stringData, `the Secret folio-secrets has ${key}`);
    for (const w of workloads) {
      for (const c of w.spec.template.spec.containers) {
        for (const e of c.env ?? []) {
          if (!secretNames.has(e.name)) continue;
          assert.equal(e.value, undefined, `${w.metadata.name}: ${e.name} is written into the manifest`);
          assert.ok(e.valueFrom?.secretKeyRef, `${w.metadata.name}: ${e.name} comes from a Secret`);
        }
      }
    }
  });

  test('every container requests CPU and memory and has a memory limit', () => {
    for (const w of workloads) {
      for (const c of w.spec.template.spec.containers) {
        const where = `${w.metadata.name}/${c.name}`;
        assert.ok(c.resources?.requests?.cpu, `${where}: requests.cpu`);
        assert.ok(c.resources?.requests?.memory, `${where}: requests.memory`);
        assert.ok(c.resources?.limits?.memory, `${where}: limits.memory`);
      }
    }
  });

  test('the settings load: values parse, and the example Secret is invalid until filled in', () => {
    const worker = get('Deployment', 'folio-worker');
    const env: Record<string, string> = { ...configMap.data, ...secret.stringData };
    for (const e of worker.spec.template.spec.containers[0].env) env[e.name] = e.value;
    assert.throws(() => loadConfig(env), /at least 32 characters/, 'the CHANGE-ME keys are refused');
    const config = loadConfig({ ...env, FOLIO_SIGNING_KEY: VALID_KEY, FOLIO_SECRETS_KEY: VALID_KEY });
    assert.ok(config.resolved.databaseUrl.startsWith('postgres://'), 'scale-out: PostgreSQL');
    assert.ok(config.resolved.storageUrl.startsWith('s3://'), 'scale-out: S3');
    assert.equal(config.resolved.publicUrl.startsWith('https://'), true, 'FOLIO_PUBLIC_URL is https');
  });

  test('probes and the metrics annotations point at routes of the app', async () => {
    for (const d of deployments) {
      const spec = d.spec.template.spec;
      const c = spec.containers[0];
      const ports = new Map<string | number, number>(
        c.ports.flatMap((p: any) => [
          [p.name, p.containerPort],
          [p.containerPort, p.containerPort],
        ]),
      );
      const probes = { startupProbe: '/healthz', livenessProbe: '/healthz', readinessProbe: '/readyz' } as const;
      for (const [probe, expected] of Object.entries(probes)) {
        const get = c[probe]?.httpGet;
        assert.ok(get, `${d.metadata.name}: ${probe} is an httpGet`);
        assert.equal(get.path, expected, `${d.metadata.name}: ${probe} on ${expected}`);
        assert.ok(ports.has(get.port), `${d.metadata.name}: ${probe} port ${get.port} is a container port`);
        await checkRoute(get.path, `${d.metadata.name} ${probe}`);
      }
      const a = d.spec.template.metadata.annotations;
      assert.equal(a['prometheus.io/scrape'], 'true');
      assert.ok(ports.has(Number(a['prometheus.io/port'])), `${d.metadata.name}: the metrics port is a container port`);
      await checkRoute(a['prometheus.io/path'], `${d.metadata.name} prometheus.io/path`);
      assert.equal(String(ports.get('http')), String(loadConfig({}).port), 'the container port is the default PORT the image keeps');
    }
  });

  test('the worker HPA scales folio-worker on folio_render_jobs{status="queued"} through prometheus-adapter', async () => {
    const hpa = get('HorizontalPodAutoscaler', 'folio-worker');
    assert.equal(hpa.apiVersion, 'autoscaling/v2');
    assert.ok(find(hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name), 'scaleTargetRef names a Deployment of these manifests');
    assert.equal(hpa.spec.scaleTargetRef.name, 'folio-worker');
    const [metric] = hpa.spec.metrics;
    assert.equal(metric.type, 'External');
    assert.equal(metric.external.metric.name, 'folio_render_jobs');
    assert.deepEqual(metric.external.metric.selector.matchLabels, { status: 'queued' });
    assert.ok(hpa.spec.minReplicas >= 1 && hpa.spec.maxReplicas >= hpa.spec.minReplicas);
    // The app serves that series (0 with an empty queue).
    const metrics = await routes.app.server.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, /^folio_render_jobs\{status="queued"\} \d+$/m);
    // The adapter serves it under the HPA's name, aggregated with max (every process reports the same queue).
    const adapter = other.find((o) => o.file.includes('prometheus-adapter'));
    assert.ok(adapter, 'prometheus-adapter values are in deploy/kubernetes');
    const rule = adapter.doc.rules.external.find((r: any) => r.name?.as === metric.external.metric.name);
    assert.ok(rule, 'an external rule names the metric the HPA reads');
    assert.match(rule.seriesQuery, /^folio_render_jobs\{/);
    assert.match(rule.metricsQuery, /^max\(/);
  });

  test('sizing follows the docs: concurrency = requested cores, grace periods cover the shutdown', () => {
    const worker = get('Deployment', 'folio-worker').spec.template.spec;
    const c = worker.containers[0];
    const concurrency = c.env.find((e: any) => e.name === 'FOLIO_RENDER_CONCURRENCY').value;
    assert.equal(
      String(c.resources.requests.cpu),
      concurrency,
      'FOLIO_RENDER_CONCURRENCY ≈ the cores given to the worker (docs/operations.md)',
    );
    assert.ok(c.resources.limits.memory, 'the worker has a memory limit');
    const grace = Number(settings.find((s) => s.env === 'FOLIO_SHUTDOWN_GRACE_MS')!.default) / 1000;
    assert.ok(worker.terminationGracePeriodSeconds >= grace + 10, 'worker: shutdown grace + 10 s (docs/operations.md, Graceful shutdown)');
    const api = get('Deployment', 'folio-api').spec.template.spec;
    assert.ok(api.terminationGracePeriodSeconds >= 30 + 5, 'api: a 30 s long poll after the 5 s preStop');
    for (const w of workloads) {
      const sc = w.spec.template.spec.securityContext;
      assert.equal(sc.runAsNonRoot, true, `${w.metadata.name} runs as non-root (Chromium keeps its sandbox)`);
    }
  });
});
