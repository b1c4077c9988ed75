// The API reference page at /docs (@fastify/swagger-ui): Folio's name and mark instead of the framework's,
// set through the plugin's documented `theme` (page title, favicon, a stylesheet) and `logo` options.
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

export const DOCS_TITLE = 'Folio API reference';

/** A page with a folded corner and the product name, in the dashboard's colours. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40" role="img" aria-label="Folio">
<path d="M6 4h18l8 8v24H6z" fill="#2453d6"/><path d="M24 4v8h8z" fill="#9db4f0"/>
<path d="M11 18h16M11 23h16M11 28h10" stroke="#fff" stroke-width="2" stroke-linecap="round"/>
<text x="42" y="28" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="22" font-weight="700" fill="#fff">Folio API</text>
</svg>`;

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M5 2h16l6 6v22H5z" fill="#2453d6"/><path d="M21 2v6h6z" fill="#9db4f0"/><path d="M9 14h14M9 19h14M9 24h9" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>`;

/** The top bar in the dashboard's colours. */
const CSS = `.swagger-ui .topbar { background-color: #111827; }
.swagger-ui .topbar .download-url-wrapper .select-label { color: #e5e7eb; }
.swagger-ui .topbar .download-url-wrapper input[type=text] { border-color: #2453d6; }
.swagger-ui .topbar .download-url-wrapper .download-url-button { background: #2453d6; }
`;

export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  uiConfig: { docExpansion: 'list', deepLinking: true },
  theme: {
    title: DOCS_TITLE,
    favicon: [{ filename: 'folio.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: FAVICON }],
    css: [{ filename: 'folio.css', content: CSS }],
  },
  logo: { type: 'image/svg+xml', content: LOGO, href: '/docs' },
};
