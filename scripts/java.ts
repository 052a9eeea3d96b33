/** Finds Java for the W3C Nu HTML checker (npm vnu-jar) of the end-to-end tests, or installs Debian's default-jre-headless. */
import { spawnSync } from 'node:child_process';
import { ensureDebianPackage } from './debian-package.ts';

export function ensureJava(log: (line: string) => void = console.log): boolean {
  return ensureDebianPackage(() => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0, 'default-jre-headless', 'the Nu HTML checker (Java)', log);
}
