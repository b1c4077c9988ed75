// The file system a confined LibreOffice process sees (src/office/office-confinement.ts), with the plan Folio
// makes when it runs as root and the one it makes as another user (that user played here with setpriv):
// the system's programs and the process's private folder, and nothing else of the machine, so a document
// cannot name Folio's data folder or any other file its user could read. Each check is run outside the
// sandbox too, as the same user, to show the file is there to be read without it.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ETC_READ, findOffice, planOfficeConfinement, type OfficeConfinementPlan } from '../../src/office/office-confinement.js';
import { waitUntil } from '../helpers/wait.js';

const OFFICE_USER = 'folio-office';
const id = (flag: string) => Number(spawnSync('id', [flag, OFFICE_USER], { encoding: 'utf8' }).stdout.trim());

describe('the LibreOffice sandbox: what its file system shows', () => {
  const uid = id('-u');
  const gid = id('-g');
  let soffice = '';
  /** Stands for Folio's data folder: a world-readable file in a folder the sandbox does not show. */
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-data-'));
  const secret = path.join(outside, 'folio.db');
  const privateDirs: string[] = [];

  before(() => {
    assert.ok(process.getuid?.() === 0, 'these checks play both users, so they run as root (as CI does)');
    const bin = findOffice(null);
    assert.ok(!('problem' in bin), 'LibreOffice is installed by the set-up');
    soffice = bin.soffice;
    fs.chmodSync(outside, 0o755);
    fs.writeFileSync(secret, 'ACCOUNT DATA', { mode: 0o644 });
  });
  after(() => {
    for (const d of [outside, ...privateDirs]) fs.rmSync(d, { recursive: true, force: true });
  });

  /** A private folder as office-process.ts makes one, owned by the user LibreOffice runs as. */
  const privateDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-office-'));
    fs.chownSync(dir, uid, gid);
    privateDirs.push(dir);
    return dir;
  };

  /** Runs argv in the plan's sandbox; `asUser` starts it as the office user (Folio running as that user). */
  const inSandbox = (plan: OfficeConfinementPlan, dir: string, argv: string[], asUser: boolean) => {
    const full = [plan.command, ...plan.prefix(dir), ...argv];
    const command = asUser ? ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', ...full] : full;
    return spawnSync(command[0]!, command.slice(1), {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', HOME: dir, TMPDIR: dir, LANG: 'C.UTF-8' },
      timeout: 60_000,
    });
  };

  const plans = [
    { name: 'Folio as root (LibreOffice as the office user)', uid: 0, asUser: false },
    { name: 'Folio as another user (LibreOffice as that user)', uid, asUser: true },
  ];

  /** A process of the office user outside any sandbox, its working folder holding another job's file. */
  const victim = () => {
    const dir = privateDir();
    fs.writeFileSync(path.join(dir, 'input.docx'), 'ANOTHER JOB', { mode: 0o644 });
    const child = spawn('setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', 'sleep', '60'], {
      cwd: dir,
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  };
  const children: ChildProcess[] = [];
  after(() => children.forEach((c) => c.kill('SIGKILL')));

  for (const p of plans) {
    test(`${p.name}: no other process is there to see, read through or signal`, async () => {
      const plan = planOfficeConfinement({ user: OFFICE_USER, memoryMb: 3072, soffice, uid: p.uid });
      const other = victim();
      const pid = other.pid!;
      // Wait until setpriv has become sleep, as the office user.
      await waitUntil('setpriv to become sleep, as the office user', () => {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        return /^Name:\s+sleep$/m.test(status) && new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status);
      });
      // Outside, the same user reaches it both ways.
      const bare = spawnSync(
        'setpriv',
        [
          `--reuid=${uid}`,
          `--regid=${gid}`,
          '--clear-groups',
          '--',
          'sh',
          '-c',
          `cat /proc/${pid}/cwd/input.docx; kill -0 ${pid} && echo SIGNALLED`,
        ],
        {
          encoding: 'utf8',
        },
      );
      assert.match(bare.stdout, /ANOTHER JOB[\s\S]*SIGNALLED/, bare.stderr);
      const look = inSandbox(
        plan,
        privateDir(),
        ['sh', '-c', `ls /proc | grep -c '^[0-9]'; cat /proc/${pid}/cwd/input.docx; kill -0 ${pid} && echo SIGNALLED; true`],
        p.asUser,
      );
      assert.doesNotMatch(look.stdout, /ANOTHER JOB|SIGNALLED/, look.stdout + look.stderr);
      assert.equal(look.status, 0, `the sandbox ran: ${look.stdout}${look.stderr}`);
      const seen = Number(look.stdout.split('\n')[0]);
      assert.ok(seen >= 2 && seen <= 4, `processes in its /proc: ${look.stdout}`);
      assert.doesNotThrow(() => process.kill(pid, 0), 'the other process still runs');
    });

    test(`${p.name}: only the system's programs and the private folder are there`, () => {
      const plan = planOfficeConfinement({ user: OFFICE_USER, memoryMb: 3072, soffice, uid: p.uid });
      const dir = privateDir();
      // Without the sandbox, the same user reads the file.
      const bare = spawnSync('setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', 'cat', secret], { encoding: 'utf8' });
      assert.equal(bare.stdout, 'ACCOUNT DATA', bare.stderr);

      const look = inSandbox(
        plan,
        dir,
        ['sh', '-c', `id -u; ls -A /; cat ${secret}; ls /tmp; touch ${dir}/written && echo WROTE; fc-match Calibri; echo ETC; ls -A /etc`],
        p.asUser,
      );
      const [before, after = ''] = look.stdout.split('ETC\n');
      const lines = before!.split('\n');
      // Of /etc, only what LibreOffice reads: a service's settings and keys kept there are not shown.
      const etc = after.trim().split('\n');
      const allowed = new Set(ETC_READ.map((f) => path.basename(f)));
      assert.ok(etc.every((f) => allowed.has(f)) && etc.includes('libreoffice') && etc.includes('fonts'), `/etc shows ${etc.join(' ')}`);
      assert.equal(lines[0], String(uid), `runs as the office user: ${look.stdout}${look.stderr}`);
      assert.doesNotMatch(look.stdout, /ACCOUNT DATA/, 'the data folder is not there');
      assert.match(look.stderr, new RegExp(`cat: ${secret}: No such file or directory`));
      const top = new Set(lines.slice(1).filter((l) => /^[a-z0-9]+$/.test(l) && l !== 'WROTE'));
      for (const hidden of ['home', 'root', 'work', 'srv', 'opt', 'run', 'mnt', 'data'])
        assert.ok(!top.has(hidden), `/${hidden} is hidden: ${[...top]}`);
      for (const shown of ['usr', 'etc', 'proc', 'dev', 'tmp']) assert.ok(top.has(shown), `/${shown} is there: ${[...top]}`);
      assert.match(look.stdout, /WROTE/, `the private folder is writable: ${look.stderr}`);
      // The system's fonts and their configuration are there: Calibri is matched by its metric twin.
      assert.match(before!, /Carlito/, `fc-match Calibri in the sandbox: ${look.stdout}${look.stderr}`);
      assert.ok(fs.existsSync(path.join(dir, 'written')), 'at its own path, the same folder Folio reads');
    });
  }

  test('LibreOffice converts inside it, for Folio as another user too', () => {
    const plan = planOfficeConfinement({ user: OFFICE_USER, memoryMb: 3072, soffice, uid });
    const dir = privateDir();
    fs.writeFileSync(path.join(dir, 'note.txt'), 'converted inside the sandbox\n');
    fs.chownSync(path.join(dir, 'note.txt'), uid, gid);
    const r = inSandbox(plan, dir, [soffice, '--headless', '--convert-to', 'pdf', '--outdir', dir, path.join(dir, 'note.txt')], true);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const text = spawnSync('pdftotext', [path.join(dir, 'note.pdf'), '-'], { encoding: 'utf8' }).stdout;
    assert.match(text, /converted inside the sandbox/);
  });
});
