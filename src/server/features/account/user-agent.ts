import Bowser from 'bowser';

/**
 * A browser's User-Agent in a few words, as the session list shows it: 'Firefox on Linux',
 * 'Safari on iOS', or just the browser or the system when only one is known, else the first
 * product the header names ('curl'); null without a header.
 */
export function describeUserAgent(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || userAgent.split(/[\s/;(]/, 1)[0]!.slice(0, 40) || null;
}
