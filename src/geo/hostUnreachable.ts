/**
 * A read that got no answer at all from the data host: the request itself failed (fetch's
 * network error, a TypeError by the Fetch standard) — the device is offline, the hearing room's
 * Wi-Fi has no internet, or the host is down — and the offline copy had nothing stored for it.
 * Told apart from a host that answered with an error (HTTP 404, bad bytes), because the page says
 * different things for the two. It is decided from the failed read itself, never from
 * `navigator.onLine`, which reads `true` in some Chromium versions after an offline reload.
 */
export class HostUnreachableError extends Error {
  override readonly name = 'HostUnreachableError';

  constructor(url: string, cause: unknown) {
    super(
      `${url}: the data host cannot be reached (${cause instanceof Error ? cause.message : String(cause)})`,
      {
        cause,
      },
    );
  }
}

/** Whether an error, or any error it was caused by, is a read that got no answer. */
export function isHostUnreachable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    if (at instanceof HostUnreachableError || at.name === 'HostUnreachableError') return true;
  }
  return false;
}
