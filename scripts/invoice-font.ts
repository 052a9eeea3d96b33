/**
 * Finds the font invoices embed (src/server/billing/invoice-font.ts), or installs Debian's fonts-wqy-microhei the
 * platform's normal way when running as root, as scripts/chromium.ts does for the browser. Returns whether a font is
 * there, after saying in one sentence how to get one when it is not.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { findInvoiceFont } from '../src/server/billing/invoice-font.ts';

export function ensureInvoiceFont(log: (line: string) => void = console.log): boolean {
  const setting = process.env.INVOICE_FONT;
  if (findInvoiceFont(setting)) return true;
  if (setting) {
    log(`INVOICE_FONT is set to ${setting}, which is not a font file: point it at a TrueType or OpenType font, or unset it.`);
    return false;
  }
  let aptGet = false;
  try {
    accessSync('/usr/bin/apt-get', constants.X_OK);
    aptGet = true;
  } catch { /* not Debian */ }
  if (process.getuid?.() === 0 && aptGet) {
    log('No CJK font for invoices: installing Debian\'s fonts-wqy-microhei (apt-get install -y fonts-wqy-microhei)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-wqy-microhei'], { stdio: 'inherit', env }).status === 0;
    // A fresh machine's package lists may be missing or stale: update them once when the first try fails.
    if (!install() && spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0) install();
    if (findInvoiceFont(undefined)) return true;
  }
  log('No CJK font for invoices could be installed: install one (on Debian: sudo apt-get install -y fonts-wqy-microhei) or set INVOICE_FONT to a font file, then run npm test again.');
  return false;
}

if (import.meta.main) process.exit(ensureInvoiceFont() ? 0 : 1);
