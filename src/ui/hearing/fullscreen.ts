/** Full screen helps a presenter; browsers may refuse it (headless, iframes), and the layout does not need it. */
export function enterFullscreen() {
  if (document.fullscreenElement || !document.documentElement.requestFullscreen) return;
  document.documentElement.requestFullscreen().catch((error: unknown) => {
    console.info('Full screen was refused; the hearing view works without it.', error);
  });
}

/** Leaves full screen when hearing mode had entered it. */
export function leaveFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen();
}
