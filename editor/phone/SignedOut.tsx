/**
 * Signed out on the phone while editing (the session ended, or was removed on another phone): a
 * line that stays at the top of the page with the way back in, to this same page once signed in.
 * What was saved, and what was typed, stays on the phone meanwhile.
 */
import { useEffect, useState } from 'react';

/** Sent on `window` by the phone's requests (requests.ts) when the Worker answers "not signed in". */
export const SIGNED_OUT = 'editor-signed-out';

export function SignedOutNotice() {
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    const show = () => setSignedOut(true);
    window.addEventListener(SIGNED_OUT, show);
    return () => window.removeEventListener(SIGNED_OUT, show);
  }, []);
  if (!signedOut) return null;
  const back = `/admin/?back=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <p className="refusal signed-out" role="alert">
      You are signed out. What you saved and typed is kept on this phone. <a href={back}>Sign in again</a> to go on here.
    </p>
  );
}
