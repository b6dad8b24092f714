import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium; a browser is never downloaded (RECIPES.md "Chromium for Playwright").
// `extraArgs`: a test's own switches, e.g. the fake microphone.
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
