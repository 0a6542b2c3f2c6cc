/**
 * Where the map's data lives: the one base URL every data fetch (manifest, layers, area class
 * reclassifications, range reads in workers, the offline copy) resolves against.
 *
 * Set by whoever hosts the explorer, never by a link (a shared link must not swap the data a
 * viewer trusts): at build time with `VITE_DATA_URL` (default `./data/`, beside index.html),
 * at deploy time with a same-origin `config.json` beside index.html: `{ "dataUrl": "https://…/" }`.
 * A malformed config.json is reported in a notice and the build's URL is used. A data origin the
 * page's Content-Security-Policy does not allow (connect-src) is refused the same way, since the
 * browser would block every request to it.
 */

export const BUILT_DATA_URL: string = import.meta.env?.VITE_DATA_URL || './data/';

export interface DataSource {
  /** Absolute, ending in "/". */
  baseUrl: string;
  /** One line per problem with the deploy-time configuration. */
  notices: string[];
}

const CONFIG_KEYS = new Set(['dataUrl']);

/** Resolves a data URL against the page: absolute http(s), no credentials, ending in "/". */
export function resolveDataUrl(
  value: string,
  pageUrl: string,
): { ok: true; url: string } | { ok: false; problem: string } {
  let url: URL;
  try {
    url = new URL(value, pageUrl);
  } catch {
    return { ok: false, problem: `"${value}" is not a URL` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: `"${value}" is not an http or https URL` };
  if (url.username || url.password) return { ok: false, problem: `"${value}" carries credentials` };
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return { ok: true, url: url.href };
}

/** Reads config.json's content: the data URL it names (null when it names none) and its problems. */
export function parseDataConfig(json: unknown): { dataUrl: string | null; problems: string[] } {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { dataUrl: null, problems: ['it is not a JSON object'] };
  const problems: string[] = [];
  for (const key of Object.keys(json)) {
    if (!CONFIG_KEYS.has(key)) problems.push(`"${key}" is not a setting this explorer knows (ignored)`);
  }
  const value = (json as Record<string, unknown>).dataUrl;
  if (value === undefined) return { dataUrl: null, problems };
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push('"dataUrl" must be a non-empty string');
    return { dataUrl: null, problems };
  }
  return { dataUrl: value.trim(), problems };
}

/**
 * True when a Content-Security-Policy's connect-src (or default-src) lets the page fetch `url`.
 * Understands what a host would write there: 'self', '*', schemes and origins (with a leading
 * "*." host wildcard); paths in a source are treated as the whole origin.
 */
export function cspAllowsConnect(policy: string | null, url: string, pageOrigin: string): boolean {
  if (!policy) return true;
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map((tokens) => [tokens[0]!.toLowerCase(), tokens.slice(1)] as const),
  );
  const sources = directives.get('connect-src') ?? directives.get('default-src');
  if (!sources) return true;
  const target = new URL(url);
  return sources.some((source) => {
    if (source === "'self'") return target.origin === pageOrigin;
    if (source === '*') return target.protocol === 'http:' || target.protocol === 'https:';
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return target.protocol === source.toLowerCase();
    const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?/i.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, host, port] = match;
    if (scheme && `${scheme.toLowerCase()}:` !== target.protocol) return false;
    const hostOk = wildcard
      ? target.hostname.endsWith(`.${host!.toLowerCase()}`)
      : target.hostname === host!.toLowerCase();
    const defaultPort = target.protocol === 'https:' ? '443' : '80';
    const portOk = port === '*' || (port ?? defaultPort) === (target.port || defaultPort);
    return hostOk && portOk;
  });
}

/** Decides the data source from the build's URL and config.json's content (undefined: none). */
export function chooseDataSource(
  config: { text: string } | { error: string } | undefined,
  pageUrl: string,
  policy: string | null,
  built: string = BUILT_DATA_URL,
): DataSource {
  const builtUrl = resolveDataUrl(built, pageUrl);
  const fallback = builtUrl.ok ? builtUrl.url : new URL('./data/', pageUrl).href;
  const notices: string[] = [];
  if (!builtUrl.ok)
    notices.push(`This build's VITE_DATA_URL is unusable (${builtUrl.problem}); ./data/ is used.`);
  if (!config) return { baseUrl: fallback, notices };
  const refuse = (problem: string) => {
    notices.push(`config.json was not used: ${problem}. The map reads its data from ${fallback}.`);
    return { baseUrl: fallback, notices };
  };
  if ('error' in config) return refuse(config.error);
  let json: unknown;
  try {
    json = JSON.parse(config.text);
  } catch {
    return refuse('it is not valid JSON');
  }
  const parsed = parseDataConfig(json);
  const fatal = parsed.problems.filter((problem) => !problem.endsWith('(ignored)'));
  if (fatal.length > 0) return refuse(fatal.join('; '));
  for (const problem of parsed.problems) notices.push(`config.json: ${problem}.`);
  if (parsed.dataUrl === null) return { baseUrl: fallback, notices };
  const resolved = resolveDataUrl(parsed.dataUrl, pageUrl);
  if (!resolved.ok) return refuse(`"dataUrl" ${resolved.problem}`);
  if (!cspAllowsConnect(policy, resolved.url, new URL(pageUrl).origin)) {
    return refuse(
      `its data host ${new URL(resolved.url).origin} is not allowed by this page's Content-Security-Policy (add it to connect-src in index.html)`,
    );
  }
  return { baseUrl: resolved.url, notices };
}

/**
 * Reads config.json beside `pageUrl` and decides the data source. No DOM: the layer worker runs
 * it too, at start-up, while the page is still rendering (src/geo/layerLoader.ts).
 */
export async function readDataSource(
  pageUrl: string,
  policy: string | null,
  built: string = BUILT_DATA_URL,
): Promise<DataSource> {
  let config: { text: string } | { error: string } | undefined;
  try {
    const response = await fetch(new URL('./config.json', pageUrl), { cache: 'no-cache' });
    // A host that answers every path with index.html (single-page fallback) has no config.
    const html = /text\/html/i.test(response.headers.get('content-type') ?? '');
    if (response.ok && !html) config = { text: await response.text() };
    else if (response.status !== 404) config = { error: `HTTP ${response.status}` };
  } catch {
    // No network and no stored copy: the build's URL (the offline copy holds its data).
    config = undefined;
  }
  return chooseDataSource(config, pageUrl, policy, built);
}

/** The page's Content-Security-Policy (its meta tag), which the data's origin must satisfy. */
export function pagePolicy(): string | null {
  return (
    document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null
  );
}

let chosen: Promise<DataSource> | null = null;

/** The page's data source, read once: config.json beside index.html, else the build's URL. */
export function dataSource(): Promise<DataSource> {
  chosen ??= readDataSource(window.location.href, pagePolicy());
  return chosen;
}

/** Uses a data source read elsewhere (the layer worker's start-up) as the page's, if none is chosen yet. */
export function adoptDataSource(source: Promise<DataSource>): void {
  chosen ??= source;
}
