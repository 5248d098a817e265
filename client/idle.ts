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
