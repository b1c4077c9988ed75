// Two deploys of a delivery note with a logo, for PDF/UA-1 tests: `ua` asks for PDF/UA-1 and its image has
// no alternative text (a document the check must flag); `plain` asks for nothing, its image has one.
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { file } from './bundle.js';
import { deployFiles } from './deploy.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const schema = file('payload.schema.json', JSON.stringify({ type: 'object' }));
const noAlt = file(
  'index.html',
  '<!doctype html><html lang="en"><head><title>Delivery note</title></head><body><h1>Delivery note</h1><img src="/logo.png" width="40" height="40"><p>3 boxes</p></body></html>',
);
const withAlt = file(
  'index.html',
  '<!doctype html><html lang="de"><head><title>Lieferschein</title></head><body><h1>Lieferschein</h1><img src="/logo.png" alt="Firmenlogo" width="40" height="40"><p>3 Kisten</p></body></html>',
);

/** Deploys both; answers their deploy ids. */
export async function deployUaPair(app: TestApp): Promise<{ uaDeploy: string; plainDeploy: string }> {
  const ua = await deployFiles(app, { createDeploy: { slug: 'ua', name: 'UA' } }, [noAlt, schema, file('logo.png', PNG)], {
    route: '/',
    title: 'UA',
    metadata: { pdf: { accessibility: 'pdf/ua-1' } },
  });
  assert.equal(ua.status, 201, JSON.stringify(ua.body));
  const plain = await deployFiles(app, { createDeploy: { slug: 'plain', name: 'Plain' } }, [withAlt, schema, file('logo.png', PNG)]);
  assert.equal(plain.status, 201, JSON.stringify(plain.body));
  return { uaDeploy: ua.deployId, plainDeploy: plain.deployId };
}
