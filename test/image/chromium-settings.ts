// The ways docs/operations.md ("Chromium's sandbox", "In containers") gives Chromium to start in a container,
// and which of them works on this machine's engine. `folio doctor` finds out: it starts Chromium with the
// configured sandbox and prints a page. A test that must fall back from a sandboxed way says so in its
// output (SANDBOX: …), never silently.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE, podmanResult } from './podman.js';

export interface ChromiumSetting {
  name: string;
  /** podman run options. */
  args: string[];
  sandbox: boolean;
}

/** The engine's own seccomp profile: podman's allows the user namespaces Chromium's sandbox creates. */
export const ENGINE_DEFAULT: ChromiumSetting = { name: "the engine's default seccomp profile", args: [], sandbox: true };
/** What compose.yaml and the Kubernetes worker run with: no syscall filter, no added capability. */
export const UNCONFINED: ChromiumSetting = {
  name: '--security-opt seccomp=unconfined',
  args: ['--security-opt', 'seccomp=unconfined'],
  sandbox: true,
};
/** The documented last resort: Chromium without its sandbox, logged at every start. */
export const NO_SANDBOX_FALLBACK: ChromiumSetting = {
  name: 'FOLIO_CHROMIUM_NO_SANDBOX=true (Chromium without its sandbox)',
  args: ['-e', 'FOLIO_CHROMIUM_NO_SANDBOX=true'],
  sandbox: false,
};

export interface DoctorCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
}

/** `bin/folio doctor --json` in a new container of the image, with `args` and a fresh /data. */
export async function doctor(args: string[], env: Record<string, string> = {}): Promise<DoctorCheck[]> {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const r = await podmanResult(['run', '--rm', ...args, ...envArgs, IMAGE, 'bin/folio', 'doctor', '--json']);
  try {
    return (JSON.parse(r.stdout) as { checks: DoctorCheck[] }).checks;
  } catch {
    throw new Error(`folio doctor in the image printed no report (exit code ${r.code}): ${r.stderr}\n${r.stdout}`);
  }
}

export const check = (checks: DoctorCheck[], name: string) => checks.find((c) => c.name === name);

const chosen = new Map<string, Promise<ChromiumSetting>>();

/**
 * The first of `preferred` with which Chromium starts and prints in a container here, else the documented
 * fallback (no sandbox), announced. Asked once per list and test file.
 */
export function chromiumSetting(preferred: ChromiumSetting[]): Promise<ChromiumSetting> {
  const key = preferred.map((s) => s.name).join('|');
  let found = chosen.get(key);
  if (!found) {
    found = (async () => {
      for (const setting of [...preferred, NO_SANDBOX_FALLBACK]) {
        const print = check(await doctor(setting.args), 'chromium print');
        if (print?.status === 'ok') {
          if (setting !== preferred[0]) console.log(`SANDBOX: falling back to ${setting.name} on this engine`);
          return setting;
        }
        console.log(`SANDBOX: Chromium does not start in a container of this engine with ${setting.name}: ${print?.detail}`);
      }
      throw new Error('Chromium starts in a container of this engine with none of the documented settings');
    })();
    chosen.set(key, found);
  }
  return found;
}

/**
 * A seccomp profile with Docker's default rules for namespaces, made from this engine's default profile:
 * clone only without namespace flags (CLONE_NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET), no unshare,
 * clone3 answered ENOSYS (so the C library falls back to clone). Docker grants these only with
 * CAP_SYS_ADMIN; without it Chromium cannot build its sandbox. Returns the file's path.
 */
export function dockerLikeSeccompProfile(): string {
  const source = '/usr/share/containers/seccomp.json';
  const profile = JSON.parse(fs.readFileSync(source, 'utf8')) as { syscalls: Array<Record<string, any>> };
  const namespaceCalls = new Set(['clone', 'clone3', 'unshare']);
  for (const rule of profile.syscalls) {
    if (rule.action !== 'SCMP_ACT_ALLOW' || rule.includes?.caps) continue;
    rule.names = (rule.names as string[]).filter((n) => !namespaceCalls.has(n));
  }
  const NAMESPACE_FLAGS = 0x7e020000;
  profile.syscalls.push(
    { names: ['clone'], action: 'SCMP_ACT_ALLOW', args: [{ index: 0, value: NAMESPACE_FLAGS, valueTwo: 0, op: 'SCMP_CMP_MASKED_EQ' }] },
    { names: ['clone3'], action: 'SCMP_ACT_ERRNO', errnoRet: 38 },
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-seccomp-')), 'docker-like.json');
  fs.writeFileSync(file, JSON.stringify(profile));
  return file;
}
