/**
 * Programs the tests need from Debian's packages (Java for the Nu HTML checker, PostgreSQL's client for the backup
 * test): found, or installed with apt-get when running as root on Debian, as `npm test` installs Chromium.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * True when `runs()` is; else installs `packageName` if it can, and says how to get it when it cannot. `purpose`
 * names what needs it, for the messages.
 */
export function ensureDebianPackage(runs: () => boolean, packageName: string, purpose: string, log: (line: string) => void = console.log): boolean {
  if (runs()) return true;
  let aptGet = false;
  try {
    accessSync('/usr/bin/apt-get', constants.X_OK);
    aptGet = true;
  } catch { /* not Debian */ }
  if (process.getuid?.() === 0 && aptGet) {
    log(`Nothing found for ${purpose}: installing Debian's ${packageName} (apt-get install -y ${packageName})…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', packageName], { stdio: 'inherit', env }).status === 0;
    // The package lists are refreshed only when they are too old to install from (an update takes a while).
    if (!install() && spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0) install();
    if (runs()) return true;
  }
  log(`Nothing could be installed for ${purpose}: install it (on Debian: sudo apt-get install -y ${packageName}), then run npm test again.`);
  return false;
}
