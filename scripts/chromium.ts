/**
 * Finds a Chromium for the end-to-end tests, or installs one the platform's normal way: CHROMIUM_PATH,
 * then Debian's /usr/bin/chromium, then a Playwright-managed browser; failing those, Playwright's own
 * installer (where downloads work), then Debian's `chromium` package when running as root. Returns
 * the executable, or null after saying in one sentence how to install one.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Long enough for a real download; a mirror without browsers fails much sooner. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;

function executable(path: string | undefined): path is string {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function managedChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return executable(configured) ? configured : undefined;
  if (executable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return managedChromium();
}

export function ensureChromium(log: (line: string) => void = console.log): string | null {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    log(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which is not an executable: point it at a Chromium binary, or unset it.`);
    return null;
  }
  log('No Chromium found for the end-to-end tests: trying Playwright\'s installer (npx playwright-core install chromium)…');
  const playwright = spawnSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit', timeout: INSTALL_TIMEOUT_MS });
  const installed = playwright.status === 0 ? managedChromium() : undefined;
  if (installed) return installed;
  const root = process.getuid?.() === 0;
  if (root && executable('/usr/bin/apt-get')) {
    log('Playwright could not download a browser here: installing Debian\'s chromium package (apt-get install -y chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (update.status === 0) spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
    if (executable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  log('No Chromium could be installed: install one (on Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.');
  return null;
}
