// The command line Folio starts Chromium with. Each flag is here for a reason; keep the reason with it.

/** Where we intercept everything; see network-policy.ts. Port 9 is "discard": nothing listens there. */
export const DEAD_PROXY = 'http://127.0.0.1:9';

/** Features switched off. Chromium matches names exactly; unknown names are ignored harmlessly. */
const DISABLED_FEATURES = [
  // Chromium 13x+ builds a WebUI omnibox popup renderer (chrome://omnibox-popup.top-chrome) for every
  // window, even headless: ~160 MB and a burst of CPU per browser context. Measured here, it made
  // contexts several times slower to create and stole CPU from renders.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  // Pages are navigated away from after every job; keeping them alive in the back/forward cache would
  // keep a finished job's JavaScript and memory around.
  'BackForwardCache',
  // A new RenderFrameHost per navigation and "paint holding" only add work to our navigate-print loop.
  'RenderDocument',
  'PaintHolding',
  // Puppeteer's defaults, which we keep (we do not use its default flags).
  'Translate',
  'AcceptCHFrame',
  'MediaRouter',
  'OptimizationHints',
  'ProcessPerSiteUpToMainFrameThreshold',
  'IsolateSandboxedIframes',
  'DialMediaRouteProvider',
  'InterestFeedContentSuggestions',
  'CalculateNativeWinOcclusion',
  'AutofillServerCommunication',
  'CertificateTransparencyComponentUpdater',
];

export interface ChromiumFlagOptions {
  userDataDir: string;
  /** Only when an operator allows it (FOLIO_CHROMIUM_NO_SANDBOX); see chromium-sandbox.ts. */
  noSandbox: boolean;
  /** Debian's chromium-headless-shell (see chromium-process.ts) rather than the full browser. */
  headlessShell?: boolean;
  extraArgs?: readonly string[];
}

export function chromiumArgs(opts: ChromiumFlagOptions): string[] {
  return [
    opts.headlessShell ? '--headless' : '--headless=new',
    '--remote-debugging-pipe', // CDP over fds 3/4: no debugging TCP port that a page could try to reach
    `--user-data-dir=${opts.userDataDir}`,
    ...(opts.noSandbox ? ['--no-sandbox'] : []),
    // The machine may have no network: every background service would otherwise keep dialling out
    // (and flood refused connections into our dead proxy).
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-client-side-phishing-detection',
    '--disable-domain-reliability',
    '--no-first-run',
    '--no-default-browser-check',
    '--no-service-autorun',
    '--metrics-recording-only',
    '--disable-breakpad',
    '--disable-crash-reporter',
    '--password-store=basic',
    '--use-mock-keychain',
    '--disable-gpu', // no GPU here; software compositing is what prints anyway
    '--disable-dev-shm-usage', // containers often have a 64 MB /dev/shm; big documents would crash renderers
    '--hide-scrollbars',
    // A print is the whole document: loading="lazy" images and iframes load as eager ones. Chromium loads
    // a lazy element only when it nears the viewport, which a page that is printed never scrolls to.
    '--blink-settings=lazyLoadEnabled=false',
    '--mute-audio',
    '--force-color-profile=srgb', // stable colours in PDFs regardless of the host
    '--export-tagged-pdf', // allow tagged PDFs (each print still chooses)
    '--generate-pdf-document-outline',
    // Renders run in the background by definition; never let Chromium throttle them.
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--disable-hang-monitor',
    '--disable-ipc-flooding-protection',
    '--disable-prompt-on-repost',
    // Network isolation, layer 2 (layer 1 is request interception, layer 3 the CSP we serve): every
    // request Chromium makes itself -- WebSockets, popups, workers, anything interception does not see --
    // goes to a proxy that does not exist. "<-loopback>" removes Chromium's implicit proxy bypass for
    // localhost/127.0.0.1/[::1] and link-local, which would otherwise go direct.
    `--proxy-server=${DEAD_PROXY}`,
    '--proxy-bypass-list=<-loopback>',
    // No host name is ever resolved by Chromium (allowed external requests are fetched by Folio with a
    // pinned, checked address), so DNS rebinding and DNS exfiltration from the page are impossible.
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--disable-quic',
    // WebRTC could otherwise send UDP (STUN) straight to any address, bypassing both proxy and interception.
    // The first is the full browser's preference switch; the headless shell has no preferences layer and
    // only honours the second (measured: without it a STUN request reached a local UDP socket).
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ...(opts.extraArgs ?? []),
    'about:blank',
  ];
}
