/**
 * Reads to its end a request body the Worker answered without reading (a refusal before the body
 * mattered). workerd, the runtime behind `site preview` and the tests, otherwise closes the
 * connection after the answer, and a client that had already sent its next request on it, as
 * keep-alive allows, gets a reset instead of an answer. The bytes are dropped as they come.
 */
export async function drainUnread(request: Request): Promise<void> {
  if (request.bodyUsed || request.body === null) return;
  try {
    const reader = request.body.getReader();
    while (!(await reader.read()).done) {
      // Nothing to keep.
    }
  } catch {
    // A body the client stopped sending, or one handed on elsewhere, is not ours to read.
  }
}
