/**
 * A phone's own lock for passkey tests: Chromium's virtual authenticator, built in (internal),
 * keeping discoverable credentials and verifying the user whenever asked, as a fingerprint or PIN does.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export async function addPhoneLock(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
