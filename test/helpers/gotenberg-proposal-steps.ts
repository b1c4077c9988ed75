// Step definitions of the features of routes proposed to Gotenberg (test/fixtures/gotenberg/README.md says
// which), after the runner of the same proposal: a named PDF protected by a password (Gotenberg's runner:
// `qpdf --check` fails asking for it; here `pdfinfo` without a password fails with "Incorrect password"), the
// entries of a zip answer (Gotenberg's archive step passes when one PDF of the zip is protected; this one
// asserts every PDF of it is), and a body containing an inline string (a sentence the proposal's runner does
// not define: asserted as its "body should contain string" step, on the raw body, Folio's JSON error included).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { isEncrypted, namedFile, type StepDefinition, type World } from './gotenberg-steps.js';

/** The files of a zip the scenario saved (entries that are not folders), by entry name. */
async function entries(w: World, name: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const zip = await JSZip.loadAsync(fs.readFileSync(namedFile(w, name)));
  const files = Object.values(zip.files).filter((e) => !e.dir);
  return Promise.all(files.map(async (e) => ({ name: e.name, bytes: await e.async('nodebuffer') })));
}

export const PROPOSAL_STEPS: StepDefinition[] = [
  {
    pattern: /^the (response|webhook request) body should contain "([^"]*)"$/,
    run: (w, m) => {
      const body = (m[1] === 'response' ? w.response : w.webhookRequest)?.body.toString('utf8');
      if (body === undefined) throw new Error(`no ${m[1]} yet`);
      assert.ok(body.includes(m[2]), `${m[1]} body should contain ${JSON.stringify(m[2])}: ${body.slice(0, 500)}`);
    },
  },
  {
    pattern: /^the "([^"]*)" PDF should be password protected$/,
    run: async (w, m) => assert.ok(await isEncrypted(namedFile(w, m[1])), `${m[1]} opens without a password`),
  },
  {
    pattern: /^the "([^"]*)" archive should contain (\d+) file\(s\)$/,
    run: async (w, m) => {
      const names = (await entries(w, m[1])).map((e) => e.name);
      assert.equal(names.length, Number(m[2]), `${m[1]} holds ${JSON.stringify(names)}`);
    },
  },
  {
    pattern: /^the "([^"]*)" archive should contain password protected PDF file\(s\)$/,
    run: async (w, m) => {
      const pdfs = (await entries(w, m[1])).filter((e) => path.extname(e.name).toLowerCase() === '.pdf');
      assert.ok(pdfs.length > 0, `no PDF file in ${m[1]}`);
      const dir = fs.mkdtempSync(path.join(w.workdir, 'archive-'));
      for (const [i, pdf] of pdfs.entries()) {
        const file = path.join(dir, `${i}.pdf`);
        fs.writeFileSync(file, pdf.bytes);
        assert.ok(await isEncrypted(file), `${m[1]}: ${pdf.name} opens without a password`);
      }
    },
  },
];
