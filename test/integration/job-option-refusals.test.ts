// Refusals of a render job's output options before anything renders: page images and image output formats
// (`images`, `outputFormat`, and more than one page image answered by POST /v1/render without JSON),
// password protection (`protection`, with the job's or the version's PDF/A) and PDF/UA-1 (`pdf.accessibility`
// at job creation, also against the version's untagged print, and `render.metadata.pdf.accessibility` at
// commit). Each is a 400 naming the field, and nothing is created. Rendering with these options is
// test/e2e/page-images.test.ts, test/e2e/pdf-protection.test.ts and test/e2e/pdf-ua.test.ts. SQLite and
// (FOLIO_TEST_ENGINE=postgres) PostgreSQL + S3.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { file } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { deployUaPair } from '../helpers/pdf-ua-deploys.js';

const PAGE = file('index.html', '<!doctype html><html><body><h1>Salary statement</h1><p id="n"></p></body></html>');

describe('render job output options refused at creation', () => {
  let app: TestApp;
  let deployId = '';
  let pdfaVersionId = '';
  let uaDeploy = '';
  let plainDeploy = '';

  before(async () => {
    app = await createTestApp();
    const v = await deployFiles(app, { createDeploy: { slug: 'salary', name: 'Salary' } }, [PAGE]);
    assert.equal(v.status, 201, JSON.stringify(v.body));
    deployId = v.deployId;
    const a = await deployFiles(app, { deployId }, [PAGE], { route: '/', title: 'archival', metadata: { pdf: { standard: 'pdf/a-2b' } } });
    assert.equal(a.status, 201, JSON.stringify(a.body));
    pdfaVersionId = a.body.deployVersion.id;
    ({ uaDeploy, plainDeploy } = await deployUaPair(app));
  });
  after(() => app.close());

  const jobCount = async () =>
    Number(
      (
        await app.services.ctx.db
          .selectFrom('render_jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  test('page images: bad input is a 400 naming the field, and nothing is created', async () => {
    const before = await jobCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ images: { format: 'png', width: 0 } }, 'images.width'],
      [{ images: { format: 'png', width: 10_000 } }, 'images.width'],
      [{ images: { format: 'gif' } }, 'images.format'],
      [{ images: { pages: '1' } }, 'images.format'],
      [{ images: { format: 'png', width: 300, dpi: 100 } }, 'images.dpi'],
      [{ images: { format: 'png', quality: 80 } }, 'images.quality'],
      [{ images: { format: 'jpeg', quality: 0 } }, 'images.quality'],
      [{ images: { format: 'png', pages: '3-1' } }, 'images.pages'],
      [{ images: { format: 'png', pages: 'first' } }, 'images.pages'],
      [{ images: { format: 'png', pages: '1-500' } }, 'images.pages'],
      [{ outputFormat: 'gif' }, 'outputFormat'],
      [{ outputFormat: 'png', outputMode: 'managed' }, 'outputFormat'],
      [{ outputFormat: 'png', images: { format: 'jpeg' } }, 'images.format'],
      [{ outputFormat: 'png', protection: { ownerPassword: 'owner-secret' } }, 'protection'],
      [{ outputFormat: 'jpeg', pdf: { standard: 'pdf/a-2b' } }, 'pdf'],
    ];
    for (const [body, field] of cases) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: {}, ...body });
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, 'invalid_request', JSON.stringify(r.body));
      assert.ok(
        JSON.stringify(r.body.details ?? {}).includes(field) || String(r.body.message).includes(field),
        `${JSON.stringify(body)} names ${field}: ${JSON.stringify(r.body)}`,
      );
    }
    assert.equal(await jobCount(), before);
  });

  test('POST /v1/render with an image outputFormat: more than one page needs JSON (400 naming images.pages)', async () => {
    const before = await jobCount();
    const many = await app.server.inject({
      method: 'POST',
      url: '/v1/render',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ deployId, deployVersionId: 'latest', payload: { n: 7 }, outputFormat: 'png', images: { pages: 'all' } }),
    });
    assert.equal(many.statusCode, 400, many.body);
    assert.equal(JSON.parse(many.body).details.field, 'images.pages');
    assert.equal(await jobCount(), before);
  });

  test('bad protection is a 400 naming the field, and creates nothing', async () => {
    const before = (await app.api('GET', `/v1/render-jobs?limit=100`)).body.items.length;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ protection: { ownerPassword: 'same', userPassword: 'same' } }, 'protection.ownerPassword', /must differ/],
      [{ protection: { ownerPassword: 'x'.repeat(128) } }, 'protection.ownerPassword', /127 bytes/],
      [{ protection: { ownerPassword: 'o' }, pdf: { standard: 'pdf/a-3b' } }, 'protection', /PDF\/A forbids encryption/],
      [
        { protection: { ownerPassword: 'o' }, deployVersionId: pdfaVersionId },
        'protection',
        /version's render\.metadata\.pdf\.standard "pdf\/a-2b"/,
      ],
    ];
    for (const [extra, field, message] of cases) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', ...extra });
      assert.equal(r.status, 400, `${JSON.stringify(extra)}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.details?.field, field, JSON.stringify(r.body));
      assert.match(r.body.message, message);
    }
    const unknown = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: 'latest',
      protection: { ownerPassword: 'o', permissions: { fly: true } },
    });
    assert.equal(unknown.status, 400, JSON.stringify(unknown.body));
    // The version's PDF/A can be turned off for the job, which may then be protected.
    const off = await app.api('POST', '/v1/render-jobs', {
      deployId,
      deployVersionId: pdfaVersionId,
      pdf: { standard: 'none' },
      protection: { ownerPassword: 'o' },
    });
    assert.equal(off.status, 202, JSON.stringify(off.body));
    assert.equal((await app.api('GET', `/v1/render-jobs?limit=100`)).body.items.length, before + 1, 'only the valid job was created');
  });

  test('PDF/UA-1: bad values are 400s naming the field, at job creation and at commit', async () => {
    const jobCases: Array<[Record<string, unknown>, string]> = [
      [{ pdf: { accessibility: 'pdf/ua-2' } }, 'pdf.accessibility'],
      [{ pdf: { accessibility: 'pdf/ua-1' }, print: { tagged: false } }, 'print.tagged'],
      [
        { pdf: { accessibility: 'pdf/ua-1' }, protection: { ownerPassword: 'owner-Pw-7f3a9c', permissions: { accessibility: false } } },
        'protection.permissions.accessibility',
      ],
    ];
    const denied = { protection: { ownerPassword: 'owner-Pw-7f3a9c', permissions: { accessibility: false } } };
    const onUaVersion = await app.api('POST', '/v1/render-jobs', { deployId: uaDeploy, deployVersionId: 'latest', payload: {}, ...denied });
    assert.equal(onUaVersion.status, 400, JSON.stringify(onUaVersion.body));
    assert.equal(onUaVersion.body.details?.field, 'protection.permissions.accessibility');
    assert.match(onUaVersion.body.message, /the version's render\.metadata\.pdf\.accessibility/);
    for (const [extra, field] of jobCases) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId: plainDeploy, deployVersionId: 'latest', payload: {}, ...extra });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.details?.field, field, JSON.stringify(r.body));
    }
    // One of the two from the version, the other from the job: the job's print options replace the version's.
    const untaggedJob = await app.api('POST', '/v1/render-jobs', {
      deployId: uaDeploy,
      deployVersionId: 'latest',
      print: { tagged: false },
    });
    assert.equal(untaggedJob.status, 400, JSON.stringify(untaggedJob.body));
    assert.equal(untaggedJob.body.details?.field, 'print.tagged');
    assert.match(untaggedJob.body.message, /the version's render\.metadata\.pdf\.accessibility "pdf\/ua-1" needs a tagged PDF/);
    const untagged = await deployFiles(app, { createDeploy: { slug: 'untagged', name: 'Untagged' } }, [PAGE], {
      route: '/',
      title: 'untagged',
      metadata: { pdf: { tagged: false } },
    });
    assert.equal(untagged.status, 201, JSON.stringify(untagged.body));
    const uaJob = await app.api('POST', '/v1/render-jobs', {
      deployId: untagged.deployId,
      deployVersionId: 'latest',
      pdf: { accessibility: 'pdf/ua-1' },
    });
    assert.equal(uaJob.status, 400, JSON.stringify(uaJob.body));
    assert.equal(uaJob.body.details?.field, 'pdf.accessibility');
    assert.match(uaJob.body.message, /the version's render\.metadata\.pdf\.tagged is false/);
    const retagged = {
      deployId: untagged.deployId,
      deployVersionId: 'latest',
      pdf: { accessibility: 'pdf/ua-1' },
      print: { tagged: true },
    };
    assert.equal((await app.api('POST', '/v1/render-jobs', retagged)).status, 202);
    const commitCases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ accessibility: 'yes' }, 'render.metadata.pdf.accessibility', /must be one of none, pdf\/ua-1/],
      [{ standard: 'pdf/ua-1' }, 'render.metadata.pdf.standard', /PDF\/UA-1 is render\.metadata\.pdf\.accessibility/],
      [{ accessibility: 'pdf/ua-1', tagged: false }, 'render.metadata.pdf.accessibility', /needs a tagged PDF/],
    ];
    for (const [pdf, field, message] of commitCases) {
      const r = await deployFiles(app, { deployId: plainDeploy }, [PAGE], { route: '/', title: 'T', metadata: { pdf } });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.details?.field, field, JSON.stringify(r.body));
      assert.match(r.body.message, message);
    }
  });

  test('long documents: bad pdf.parts or a payload without its array is a 400 naming the field, at job creation and at commit', async () => {
    const before = await jobCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ print: { parts: { items: 'rows', size: 0 } } }, 'print.parts', /size must be an integer from 1 to 100000/],
      [{ print: { parts: { items: '../rows' } } }, 'print.parts', /must name an array of the payload/],
      [{ print: { parts: { items: 'rows', by: 'page' } } }, 'print.parts', /by is not a known option/],
      [{ print: { parts: { items: 'rows', marks: true } } }, 'print.parts', /exactly one of items .* and marks/],
      [{ print: { parts: { marks: '' } } }, 'print.parts', /marks must be true .* or a CSS selector/],
      [
        { print: { parts: { items: 'rows' }, displayHeaderFooter: true } },
        'print',
        /cannot be combined with pdf\.displayHeaderFooter|cannot be combined with print\.displayHeaderFooter/,
      ],
      [{ print: { parts: { items: 'rows' } }, payload: { rows: 'not a list' } }, 'payload', /no array at rows/],
      [
        { print: { parts: { items: 'report.rows', size: 1 } }, payload: { report: { rows: Array.from({ length: 1001 }, (_, i) => i) } } },
        'payload',
        /1001 parts; at most 1000/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await app.api('POST', '/v1/render-jobs', { deployId, deployVersionId: 'latest', payload: {}, ...body });
      assert.equal(r.status, 400, `${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(r.body)}`);
      assert.ok(String(r.body.details?.field).startsWith(field), `${field}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.message, message);
    }
    assert.equal(await jobCount(), before);
    const versioned = await deployFiles(app, { deployId: plainDeploy }, [PAGE], {
      route: '/',
      title: 'T',
      metadata: { pdf: { parts: { items: 'lines', size: 50 } } },
    });
    assert.equal(versioned.status, 201, JSON.stringify(versioned.body));
    const missing = await app.api('POST', '/v1/render-jobs', { deployId: plainDeploy, deployVersionId: 'latest', payload: { rows: [] } });
    assert.equal(missing.status, 400, "the version's parts need the payload's array");
    assert.match(missing.body.message, /no array at lines/);
    const ok = await app.api('POST', '/v1/render-jobs', {
      deployId: plainDeploy,
      deployVersionId: 'latest',
      payload: { lines: [1, 2, 3] },
    });
    assert.equal(ok.status, 202, JSON.stringify(ok.body));
    const refused = await deployFiles(app, { deployId: plainDeploy }, [PAGE], {
      route: '/',
      title: 'T',
      metadata: { pdf: { parts: { items: 'lines', size: -1 } } },
    });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.match(refused.body.message, /parts\.size/);
  });
});
