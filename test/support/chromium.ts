import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (`.ci/install-chromium.sh`: `apt-get install chromium`), driven by
 * playwright-core; never a browser downloaded by Playwright.
 */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, no sandbox (CI runs as root), and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches {@link CHROMIUM} headless with {@link CHROMIUM_ARGS}. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
