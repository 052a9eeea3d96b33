/**
 * Finds a Chromium for the end-to-end tests, or installs one the platform's normal way: CHROMIUM_PATH, then Debian's
 * headless shell (/usr/bin/chromium-headless-shell), then Debian's /usr/bin/chromium, then a Playwright-managed
 * browser. When the headless shell is missing, root on Debian installs it (scripts/debian-package.ts); failing that, a
 * browser found stays; else Playwright's own installer (where downloads work), then Debian's `chromium` package as
 * root. Returns the executable, or null after saying in one sentence how to install one.
 *
 * The headless shell is Chromium's old headless mode, the one Playwright itself runs headless by default: the same
 * journeys cost it 39 s of CPU against the full browser's 100 s, and the end-to-end leg took 436 s against 600 s.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ensureDebianPackage } from './debian-package.ts';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
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

/** The full browser (CHROMIUM_PATH, Debian's, Playwright's): what Lighthouse measures pages with. */
export function findFullChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return executable(configured) ? configured : undefined;
  if (executable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return managedChromium();
}

/** The end-to-end tests' browser: CHROMIUM_PATH, else Debian's headless shell, else the full browser. */
export function findChromium(): string | undefined {
  if (!process.env.CHROMIUM_PATH && executable(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  return findFullChromium();
}

export function ensureChromium(log: (line: string) => void = console.log): string | null {
  if (process.env.CHROMIUM_PATH) {
    if (executable(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    log(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which is not an executable: point it at a Chromium binary, or unset it.`);
    return null;
  }
  // Root on Debian installs what is missing (scripts/debian-package.ts); elsewhere a browser found is taken silently.
  const canInstall = process.getuid?.() === 0 && executable('/usr/bin/apt-get');
  const shell = () => executable(DEBIAN_HEADLESS_SHELL);
  if (shell() || (canInstall && ensureDebianPackage(shell, 'chromium-headless-shell', 'the end-to-end tests (Chromium\'s headless shell)', log))) return DEBIAN_HEADLESS_SHELL;
  const found = findFullChromium();
  if (found) return found;
  log('No Chromium found for the end-to-end tests: trying Playwright\'s installer (npx playwright-core install chromium)…');
  const playwright = spawnSync('npx', ['playwright-core', 'install', 'chromium'], { stdio: 'inherit', timeout: INSTALL_TIMEOUT_MS });
  const installed = playwright.status === 0 ? managedChromium() : undefined;
  if (installed) return installed;
  // Playwright could not download a browser here: Debian's own, which says how to get it when it cannot install it.
  if (canInstall) return ensureDebianPackage(() => executable(DEBIAN_CHROMIUM), 'chromium', 'the end-to-end tests (Chromium)', log) ? DEBIAN_CHROMIUM : null;
  log('No Chromium could be installed: install one (on Debian: sudo apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary, then run npm test again.');
  return null;
}
