/**
 * Finds Java for the W3C Nu HTML checker (npm vnu-jar) of the end-to-end tests, or installs Debian's
 * default-jre-headless when running as root; returns whether `java` runs, after saying how to get it if not.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const runs = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

export function ensureJava(log: (line: string) => void = console.log): boolean {
  if (runs()) return true;
  let aptGet = false;
  try {
    accessSync('/usr/bin/apt-get', constants.X_OK);
    aptGet = true;
  } catch { /* not Debian */ }
  if (process.getuid?.() === 0 && aptGet) {
    log('No Java found for the Nu HTML checker: installing Debian\'s default-jre-headless (apt-get install -y default-jre-headless)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0) spawnSync('apt-get', ['install', '-y', 'default-jre-headless'], { stdio: 'inherit', env });
    if (runs()) return true;
  }
  log('No Java could be installed for the Nu HTML checker: install one (on Debian: sudo apt-get install -y default-jre-headless), then run npm test again.');
  return false;
}
