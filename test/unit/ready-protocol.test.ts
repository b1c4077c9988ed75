// The scripts Folio injects into every rendering page are strings of JavaScript built in TypeScript: a
// quote in the wrong place only shows as a page without window.folio. Each must at least parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  FAILURE_EXPRESSION,
  folioScript,
  HAS_JOB_HANDLER_EXPRESSION,
  READY_EXPRESSION,
  runJobExpression,
} from '../../src/render/ready-protocol.js';

test('the injected page script and every evaluated expression parse as JavaScript', () => {
  const sources = {
    folioScript: folioScript({ jobId: 'job_\'quoted"', deployId: 'dep_1', versionNo: 3 }),
    folioScriptDev: folioScript(
      { jobId: 'job_1', deployId: 'dep_1', versionNo: 1 },
      { payloadUrl: 'http://127.0.0.1:1/__payload', envUrl: 'http://127.0.0.1:1/__env' },
    ),
    READY_EXPRESSION,
    HAS_JOB_HANDLER_EXPRESSION,
    FAILURE_EXPRESSION,
    runJob: runJobExpression({ jobId: "job_'x", deployId: 'dep_1', versionNo: 2 }),
  };
  for (const [name, source] of Object.entries(sources)) assert.doesNotThrow(() => new vm.Script(source), `${name} does not parse`);
});

test('folioScript defines window.folio with the job fields in a bare global', () => {
  const listeners: string[] = [];
  const window: Record<string | symbol, unknown> = {
    addEventListener: (type: string) => listeners.push(type),
    fetch: () => Promise.resolve(),
    name: 'left over',
  };
  window.window = window;
  window.top = window;
  const context = vm.createContext({
    window,
    XMLHttpRequest: function XMLHttpRequest() {},
    Promise,
    Object,
    Symbol,
    String,
    JSON,
    TypeError,
    document: {},
  });
  (context.XMLHttpRequest as { prototype: Record<string, unknown> }).prototype = { send() {} };
  vm.runInContext(folioScript({ jobId: 'job_42', deployId: 'dep_7', versionNo: 5 }), context);
  const folio = window.folio as Record<string, unknown>;
  assert.equal(folio.jobId, 'job_42');
  assert.equal(folio.deployId, 'dep_7');
  assert.equal(folio.versionNo, 5);
  assert.equal(folio.waitForReady, false);
  assert.equal(typeof folio.onJob, 'function');
  assert.equal(window.name, '');
});
