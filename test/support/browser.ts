import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium; `.ci/run` installs it where it is missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, offline browser in a container (no sandbox, no GPU, no calls home). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const hasBrowser = () => fs.existsSync(CHROMIUM_PATH);

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
