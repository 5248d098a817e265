/**
 * Calls `then` once the browser is idle, and within `timeout` ms at the latest. Where the browser
 * cannot say when it is idle (Safari has no requestIdleCallback), after a short wait that lets the
 * next frame go first.
 */
export function whenIdle(view: Window, then: () => void, timeout: number): void {
  const idle = (view as Partial<Pick<Window, 'requestIdleCallback'>>).requestIdleCallback;
  if (idle) idle.call(view, () => then(), { timeout });
  else view.setTimeout(then, 50);
}

/**
 * Resolves once the browser has painted the page as it is now, so work that can wait a frame
 * (starting a request, say) does not hold up what a tap changed on screen. A hidden page paints
 * no frames; the short timer then goes instead, so nothing waits for the visitor to come back.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 100);
  });
}
