/** A redirect to another host (or from https to http): refused rather than followed. */
export class CrossHostRedirectError extends Error {
  override name = 'CrossHostRedirectError';
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(
      `redirected from ${new URL(from).host} to ${to}; refused, since the data would not come from the source named`,
    );
  }
}

/**
 * fetch() that follows a redirect only within the same host (at most 5), so the source a build
 * records is the one its data came from. A redirect to another host, or from https to http, throws
 * CrossHostRedirectError naming both.
 */
export async function fetchSameHost(url: string, init: RequestInit = {}): Promise<Response> {
  let current = url;
  for (let hop = 0; hop <= 5; hop++) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    if (response.status < 300 || response.status >= 400 || !response.headers.has('location')) return response;
    const next = new URL(response.headers.get('location')!, current);
    const here = new URL(current);
    await response.body?.cancel();
    if (next.host !== here.host || (here.protocol === 'https:' && next.protocol !== 'https:'))
      throw new CrossHostRedirectError(current, next.href);
    current = next.href;
  }
  throw new CrossHostRedirectError(url, `${current} (more than 5 redirects)`);
}
