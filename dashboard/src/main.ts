import './style.css';
import { api, ApiError, setSession, setUnauthorizedHandler } from './api';
import { h, replace } from './dom';
import { loginPage } from './pages/login';
import { routes } from './pages/index';
import { BASE, repeat, type PageContext } from './router';
import type { SessionInfo } from './types';
import { act, errorBox } from './ui';

const app = document.getElementById('app')!;
let session: SessionInfo | null = null;
let current: AbortController | null = null;

const NAV: { key: string; href: string; label: string }[] = [
  { key: 'deploys', href: `${BASE}/deploys`, label: 'Deploys' },
  { key: 'jobs', href: `${BASE}/jobs`, label: 'Render jobs' },
  { key: 'batches', href: `${BASE}/batches`, label: 'Batches' },
  { key: 'pdfs', href: `${BASE}/pdfs`, label: 'PDFs' },
  { key: 'keys', href: `${BASE}/keys`, label: 'API keys' },
  { key: 'certificates', href: `${BASE}/certificates`, label: 'Certificates' },
  { key: 'usage', href: `${BASE}/usage`, label: 'Usage' },
];

function navigate(path: string, opts: { replace?: boolean } = {}) {
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  void render();
}

/** Only same-app paths are followed after sign-in (no open redirect through ?next=). */
function safeNext(raw: string | null): string {
  return raw && /^\/dashboard(\/[A-Za-z0-9_\-./]*)?$/.test(raw) && !raw.includes('..') && !raw.startsWith('/dashboard/login')
    ? raw
    : `${BASE}/deploys`;
}

function shell(navKey: string, main: HTMLElement): HTMLElement {
  const menuButton = h(
    'button',
    { type: 'button', class: 'btn menu-toggle', 'aria-expanded': 'false', 'aria-controls': 'main-nav' },
    'Menu',
  );
  const nav = h(
    'nav',
    { id: 'main-nav', 'aria-label': 'Main' },
    h(
      'ul',
      {},
      NAV.map((n) => h('li', {}, h('a', { href: n.href, 'aria-current': n.key === navKey ? 'page' : null }, n.label))),
    ),
  );
  menuButton.addEventListener('click', () => {
    const open = menuButton.getAttribute('aria-expanded') !== 'true';
    menuButton.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  });
  const signOut = h('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'sign-out' }, 'Sign out');
  signOut.addEventListener(
    'click',
    () =>
      void act(signOut, null, async () => {
        await api('POST', '/dashboard/api/logout');
        session = null;
        setSession(null);
        navigate(`${BASE}/login`);
      }),
  );
  return h(
    'div',
    { class: 'layout' },
    h('a', { class: 'skip-link', href: '#main' }, 'Skip to content'),
    h(
      'header',
      { class: 'topbar' },
      h('a', { class: 'brand', href: `${BASE}/deploys` }, 'Folio'),
      menuButton,
      nav,
      h('div', { class: 'who' }, h('span', { class: 'who-email', title: session?.account.name ?? '' }, session?.user.email ?? ''), signOut),
    ),
    main,
  );
}

async function ensureSession(): Promise<SessionInfo | null> {
  if (session) return session;
  try {
    session = await api<SessionInfo>('GET', '/dashboard/api/session');
    setSession(session);
    return session;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

async function render(): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const path = location.pathname.replace(/\/+$/, '') || BASE;
  const query = new URLSearchParams(location.search);

  if (path === `${BASE}/login`) {
    document.title = 'Sign in · Folio';
    replace(
      app,
      loginPage({
        next: safeNext(query.get('next')),
        onSignedIn: (s) => {
          session = s;
          setSession(s);
          navigate(safeNext(query.get('next')), { replace: true });
        },
      }),
    );
    return;
  }

  let s: SessionInfo | null;
  try {
    s = await ensureSession();
  } catch (err) {
    replace(app, h('main', { id: 'main', class: 'main' }, errorBox(err, 'The dashboard could not load your session')));
    return;
  }
  if (controller.signal.aborted) return;
  if (!s) {
    navigate(`${BASE}/login?next=${encodeURIComponent(path)}`, { replace: true });
    return;
  }
  if (path === BASE) {
    navigate(`${BASE}/deploys`, { replace: true });
    return;
  }

  const main = h('main', { id: 'main', class: 'main', tabindex: '-1' });
  const route = routes.find((r) => r.pattern.test(path));
  replace(app, shell(route?.nav ?? '', main));
  if (!route) {
    document.title = 'Not found · Folio';
    main.append(
      h('h1', { tabindex: '-1' }, 'Page not found'),
      h('p', {}, 'This dashboard page does not exist. ', h('a', { href: `${BASE}/deploys` }, 'Go to deploys')),
    );
    return;
  }
  document.title = `${route.title} · Folio`;
  const ctx: PageContext = {
    params: (route.pattern.exec(path) ?? []).slice(1).map(decodeURIComponent),
    query,
    signal: controller.signal,
    root: main,
    session: s,
    navigate,
    every: (ms, fn) => repeat(controller.signal, ms, fn),
  };
  try {
    await route.render(ctx);
  } catch (err) {
    if ((err as Error).name === 'AbortError' || controller.signal.aborted) return;
    main.replaceChildren(h('h1', { tabindex: '-1' }, route.title), errorBox(err, `The ${route.title.toLowerCase()} page could not load`));
  }
  // Move focus to the new page's heading so screen readers announce the navigation.
  if (!controller.signal.aborted && document.activeElement === document.body)
    main.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
}

setUnauthorizedHandler(() => {
  session = null;
  setSession(null);
  const path = location.pathname;
  if (!path.startsWith(`${BASE}/login`)) navigate(`${BASE}/login?next=${encodeURIComponent(path)}`, { replace: true });
});

// In-app links navigate without a reload; modifier clicks and new tabs keep the browser's behaviour.
document.addEventListener('click', (ev) => {
  if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  const a = (ev.target as Element).closest('a');
  if (!a || a.target || a.hasAttribute('download')) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(BASE) || url.hash) return;
  ev.preventDefault();
  navigate(url.pathname + url.search);
});
window.addEventListener('popstate', () => void render());

document.body.appendChild(h('div', { id: 'toasts', class: 'toasts', role: 'status', 'aria-live': 'polite' }));
void render();
