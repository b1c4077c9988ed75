// The Dockerfile and compose.yaml against the code, without a container engine (npm run test:image builds
// and runs the image; test/image/): every variable they set is a setting of src/config/schema.ts
// (or a documented AWS SDK one) with a value the config accepts, every file the image copies exists and is
// in the build context (or is built by the stage it is copied from, from inputs that stage has), every start
// command is a real `folio` command, the health check asks a route of the app.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { FONT_REQUIREMENTS } from '../../src/cli/doctor-host.js';
import { loadConfig } from '../../src/config/load.js';
import { CANDIDATE_PATHS } from '../../src/render/chromium-process.js';
import { checkEnvName, checkFolioCommand, read, useRouteApp, VALID_KEY } from '../helpers/deploy-checks.js';
import { ROOT } from '../helpers/server-process.js';

const routes = useRouteApp();
const checkRoute = routes.checkRoute;

interface Instruction {
  op: string;
  args: string;
  stage: number;
}
interface Stage {
  name: string | null;
  workdir: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let buf = '';
  for (const raw of text.split('\n')) {
    const t = raw.trim();
    if (t.startsWith('#') || (t === '' && buf === '')) continue;
    if (t.endsWith('\\')) {
      buf += t.slice(0, -1) + ' ';
      continue;
    }
    logical.push((buf + t).trim());
    buf = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    if (!line) continue;
    const [, op, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const OP = op.toUpperCase();
    if (OP === 'FROM') {
      const m = /\bAS\s+(\S+)/i.exec(args);
      stages.push({ name: m ? m[1] : null, workdir: '/', instructions: [] });
      continue;
    }
    const stage = stages[stages.length - 1];
    if (OP === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, args);
    stage.instructions.push({ op: OP, args, stage: stages.length - 1 });
  }
  return stages;
}

interface Copy {
  from: string | null;
  sources: string[];
  /** Destination resolved against the stage's WORKDIR at that point, and as written. */
  dest: string;
  rawDest: string;
}

function copiesOf(stage: Stage): Copy[] {
  let workdir = '/';
  const out: Copy[] = [];
  for (const i of stage.instructions) {
    if (i.op === 'WORKDIR') workdir = path.posix.resolve(workdir, i.args);
    if (i.op !== 'COPY' && i.op !== 'ADD') continue;
    const tokens = i.args.split(/\s+/);
    const from = tokens.find((t) => t.startsWith('--from='))?.slice('--from='.length) ?? null;
    const rest = tokens.filter((t) => !t.startsWith('--'));
    const rawDest = rest[rest.length - 1];
    out.push({ from, sources: rest.slice(0, -1), dest: path.posix.resolve(workdir, rawDest), rawDest });
  }
  return out;
}

/** Where a source lands: `dest/basename` when dest is a folder (several sources, or ends with /), else dest. */
function landing(c: Copy, src: string): string {
  return c.sources.length > 1 || c.rawDest.endsWith('/') ? path.posix.join(c.dest, path.posix.basename(src)) : c.dest;
}

/** .dockerignore as Docker applies it: patterns relative to the context, `!` re-includes, last match wins. */
function dockerIgnored(rel: string, patterns: string[]): boolean {
  let ignored = false;
  for (let p of patterns) {
    const negate = p.startsWith('!');
    if (negate) p = p.slice(1);
    p = p.replace(/^\/+|\/+$/g, '');
    const re = new RegExp(
      '^' +
        p
          .split('**')
          .map((part) =>
            part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('.*') +
        '$',
    );
    const parts = rel.split('/');
    const matches = parts.some((_, i) => re.test(parts.slice(0, i + 1).join('/')));
    if (matches) ignored = !negate;
  }
  return ignored;
}

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const ignore = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const runtime = stages[stages.length - 1];
  const envOf = (stage: Stage): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const i of stage.instructions.filter((x) => x.op === 'ENV')) {
      const tokens = i.args.split(/\s+/);
      if (!tokens[0].includes('=')) env[tokens[0]] = tokens.slice(1).join(' ');
      else for (const t of tokens) env[t.slice(0, t.indexOf('='))] = t.slice(t.indexOf('=') + 1).replace(/^"|"$/g, '');
    }
    return env;
  };
  const aptPackages = (stage: Stage) =>
    new Set(
      stage.instructions
        .filter((i) => i.op === 'RUN' && i.args.includes('apt-get install'))
        .flatMap((i) =>
          i.args
            .split(/apt-get install/)[1]
            .split('&&')[0]
            .split(/\s+/),
        )
        .filter((t) => t && !t.startsWith('-')),
    );

  test('every file or folder copied from the build context exists and is not excluded by .dockerignore', () => {
    for (const stage of stages) {
      for (const c of copiesOf(stage).filter((x) => x.from === null)) {
        for (const src of c.sources) {
          assert.ok(fs.existsSync(path.join(ROOT, src)), `COPY ${src}: exists in the repository`);
          assert.ok(!dockerIgnored(src, ignore), `COPY ${src}: .dockerignore leaves it out of the build context`);
        }
      }
    }
  });

  test('what the runtime copies from the build stage is what scripts/build.sh builds, from inputs the build stage has', () => {
    const byName = new Map(stages.filter((s) => s.name).map((s) => [s.name!, s]));
    const copied = copiesOf(runtime).filter((c) => c.from !== null);
    assert.ok(copied.length > 0);
    for (const c of copied) {
      const build = byName.get(c.from!);
      assert.ok(build, `COPY --from=${c.from}: a stage of the Dockerfile`);
      const runs = build.instructions.filter((i) => i.op === 'RUN').map((i) => i.args);
      const script = runs.map((r) => /\bbash (\S+\.sh)\b/.exec(r)?.[1]).find(Boolean);
      assert.ok(script, `stage ${c.from} runs a build script`);
      const text = read(script);
      const outputs = [...text.matchAll(/^\s*mv "\$\w+" (\S+)\s*$/gm)].map((m) => m[1]);
      for (const src of c.sources) {
        const rel = path.posix.relative(build.workdir, src);
        assert.ok(outputs.includes(rel), `COPY --from=${c.from} ${src}: ${script} builds ${rel} (it builds ${outputs.join(', ')})`);
      }
      // The build's inputs (what the script's freshness checks and compilers read) are in that stage.
      const inputs = [...text.matchAll(/find ((?:[\w./-]+ )+)-newer/g)].flatMap((m) => m[1].trim().split(/\s+/));
      // The dashboard imports types from outside its folder (the server's API types).
      for (const f of fs.readdirSync(path.join(ROOT, 'dashboard/src'), { recursive: true }).map(String)) {
        if (!/\.tsx?$/.test(f)) continue;
        for (const m of read(`dashboard/src/${f}`).matchAll(/from '(\.\.\/[^']+)'/g)) {
          const target = path.posix.normalize(path.posix.join('dashboard/src', path.posix.dirname(f), m[1]));
          if (!target.startsWith('dashboard/')) inputs.push(target.replace(/\.js$/, '.ts'));
        }
      }
      inputs.push(script, 'package.json', 'package-lock.json');
      const present = copiesOf(build)
        .filter((x) => x.from === null)
        .flatMap((x) => x.sources.map((s) => path.posix.relative(build.workdir, landing(x, s))));
      for (const input of inputs) {
        assert.ok(
          present.some((p) => input === p || input.startsWith(p + '/')),
          `${input} (read by ${script}) is copied into stage ${c.from} (${present.join(', ')})`,
        );
        assert.ok(!dockerIgnored(input, ignore), `${input} is not left out by .dockerignore`);
      }
    }
  });

  test('ENV sets only settings the config reads, with values it accepts', () => {
    const env = envOf(runtime);
    for (const name of Object.keys(env)) checkEnvName(name, `Dockerfile ENV`);
    const config = loadConfig(env);
    assert.equal(config.host, '0.0.0.0', 'listens on every interface inside the container');
    const exposed = runtime.instructions.find((i) => i.op === 'EXPOSE')!.args.trim();
    assert.equal(String(config.port), exposed, 'EXPOSE is PORT');
    assert.ok(CANDIDATE_PATHS.includes(config.chromiumPath!), `FOLIO_CHROMIUM_PATH ${config.chromiumPath} is a Debian Chromium location`);
  });

  test('the packages: the Chromium it points at, tini, fontconfig and the fonts and PDF tools folio doctor checks', () => {
    const pkgs = aptPackages(runtime);
    const env = envOf(runtime);
    if (env.FOLIO_CHROMIUM_PATH.endsWith('chromium-headless-shell')) assert.ok(pkgs.has('chromium-headless-shell'));
    for (const f of FONT_REQUIREMENTS) assert.ok(pkgs.has(f.pkg), `${f.pkg} (${f.label}) is installed`);
    assert.ok(pkgs.has('fontconfig'), 'fontconfig: fc-list, which folio doctor reads the fonts with');
    // The packages the `pdf tools` check names in its fix (src/cli/doctor-host.ts): without them jobs with
    // page references (pdfinfo) or protection (qpdf) fail.
    const pdfTools = [...read('src/cli/doctor-host.ts').matchAll(/packages\.push\('([\w-]+)'\)/g)].map((m) => m[1]);
    assert.deepEqual(pdfTools, ['poppler-utils', 'qpdf'], 'the packages the pdf tools check names');
    for (const pkg of pdfTools) assert.ok(pkgs.has(pkg), `${pkg} (folio doctor's pdf tools) is installed`);
    const entrypoint = JSON.parse(runtime.instructions.find((i) => i.op === 'ENTRYPOINT')!.args);
    assert.equal(entrypoint[0], '/usr/bin/tini');
    assert.ok(pkgs.has('tini'), 'tini is installed');
  });

  test('CMD is a real folio command and the health check asks a route of the app', async () => {
    const cmd = JSON.parse(runtime.instructions.find((i) => i.op === 'CMD')!.args);
    assert.equal(checkFolioCommand(cmd, 'Dockerfile CMD'), 'serve');
    const health = runtime.instructions.find((i) => i.op === 'HEALTHCHECK')!.args;
    const paths = [...health.matchAll(/'(\/[A-Za-z0-9/_-]+)'/g)].map((m) => m[1]);
    assert.deepEqual(paths, ['/healthz']);
    await checkRoute(paths[0], 'Dockerfile HEALTHCHECK');
    assert.match(health, /process\.env\.PORT/, 'the health check follows PORT');
  });
});

// ---- compose.yaml --------------------------------------------------------------------------------------

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, any> };
  const folioServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined || s.image === 'folio:local');

  /** `${X:-default}` → default, `${X:?message}` (required from .env) → a valid value, `${X}` → ''. */
  const interpolate = (v: unknown) =>
    String(v).replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, _name: string, op?: string, arg?: string) =>
      op === '-' ? (arg ?? '') : op === '?' ? VALID_KEY : '',
    );

  test('the folio services: api, worker and migrate, each a real folio command', () => {
    const commands = Object.fromEntries(folioServices.map(([name, s]) => [name, checkFolioCommand(s.command, `compose ${name}`)]));
    assert.deepEqual(new Set(Object.values(commands)), new Set(['api', 'worker', 'migrate']));
    for (const [name, s] of Object.entries(compose.services)) {
      for (const dep of Object.keys(s.depends_on ?? {})) assert.ok(compose.services[dep], `${name} depends on ${dep}, a service`);
    }
  });

  test('every environment variable of the folio services is a setting, with values the config accepts', () => {
    for (const [name, s] of folioServices) {
      const env = Object.fromEntries(Object.entries(s.environment as Record<string, unknown>).map(([k, v]) => [k, interpolate(v)]));
      for (const key of Object.keys(env)) checkEnvName(key, `compose ${name}`);
      const config = loadConfig(env);
      assert.ok(config.resolved.databaseUrl.startsWith('postgres://'), `${name}: PostgreSQL`);
      assert.ok(config.resolved.storageUrl.startsWith('s3://'), `${name}: S3`);
    }
  });

  test('every ${...} is a form both Docker Compose and podman-compose substitute', () => {
    // podman-compose (Debian's 1.0.3) substitutes ${X}, ${X:-default} and ${X:?message} but leaves ${X:-}
    // (an empty default) in the value as written: a container would get the text "${X:-}".
    const forms = [...read('compose.yaml').matchAll(/\$\{[^}]*\}/g)].map((m) => m[0]);
    assert.ok(forms.length > 0);
    for (const form of forms) assert.match(form, /^\$\{\w+(?::[-?][^}]+)?\}$/, `compose.yaml: ${form}`);
  });

  test('published ports reach PORT; the image health check covers the services', () => {
    const port = String(loadConfig({}).port);
    for (const [name, s] of folioServices) {
      for (const p of s.ports ?? []) assert.equal(String(p).split(':').pop(), port, `${name}: ${p} maps to PORT`);
      if (s.healthcheck) assert.fail(`${name}: a health check of its own; the image's HEALTHCHECK (/healthz) is the tested one`);
    }
  });
});
