// qpdf runs under an address-space limit (src/pdf/tool-memory.ts): a process started through
// underMemoryLimit() cannot allocate past it, and its allocation failure reads as out of memory.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { outOfMemory, underMemoryLimit } from '../../src/pdf/tool-memory.js';

test('a tool started under the limit cannot allocate past it; under it, it runs as usual', () => {
  const allocate = (mib: number) =>
    underMemoryLimit('python3', ['-c', `x = bytearray(${mib} * 1024 * 1024); print("ok")`], 256 * 1024 ** 2);
  const over = allocate(512);
  const refused = spawnSync(over.command, over.args, { encoding: 'utf8' });
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /MemoryError/);
  const under = allocate(64);
  const ran = spawnSync(under.command, under.args, { encoding: 'utf8' });
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.stdout.trim(), 'ok');
});

test("qpdf's and the C library's words for a failed allocation read as out of memory", () => {
  for (const text of ['qpdf: std::bad_alloc', 'terminate called after throwing an instance of std::bad_alloc', 'Cannot allocate memory'])
    assert.ok(outOfMemory(text), text);
  assert.ok(!outOfMemory('qpdf: the PDF is damaged'));
});
