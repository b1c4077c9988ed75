// `folio keys create --help` (the operator help, run as a user does) names every API key scope there is,
// each in the entry of the commands that take scopes, so a new scope cannot be missing from it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SCOPES } from '../../src/domain/accounts/scopes.js';
import { runFolio } from '../helpers/cli-run.js';
import { tempDir } from '../helpers/app.js';

/** The lines of one command's entry: its own line and the continuation lines indented under it. */
function entry(help: string, command: string): string {
  const lines = help.split('\n');
  const start = lines.findIndex((l) => l.trimStart().startsWith(`folio ${command} `));
  assert.ok(start >= 0, `the help has an entry for folio ${command}:\n${help}`);
  const indent = /^\s*/.exec(lines[start]!)![0].length;
  const own = [lines[start]!];
  for (const l of lines.slice(start + 1)) {
    if (/^\s*$/.test(l) || /^\s*/.exec(l)![0].length <= indent) break;
    own.push(l);
  }
  return own.join('\n');
}

test('folio keys create --help lists every API key scope', async () => {
  const r = await runFolio(['keys', 'create', '--help'], { cwd: tempDir(), env: { PATH: process.env.PATH } });
  assert.equal(r.code, 0, r.stderr);
  const keysCreate = entry(r.stdout, 'keys create');
  const words = new Set(keysCreate.split(/[\s,;()]+/));
  const missing = SCOPES.filter((s) => !words.has(s));
  assert.deepEqual(missing, [], `folio keys create's help names every scope:\n${keysCreate}`);
});
