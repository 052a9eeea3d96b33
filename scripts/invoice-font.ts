/**
 * Finds the font invoices embed (src/server/billing/invoice-font.ts), or installs Debian's fonts-wqy-microhei the
 * platform's normal way when running as root (scripts/debian-package.ts), as npm test installs Chromium. Returns
 * whether a font is there, after saying in one sentence how to get one when it is not.
 */
import { findInvoiceFont } from '../src/server/billing/invoice-font.ts';
import { ensureDebianPackage } from './debian-package.ts';

export function ensureInvoiceFont(log: (line: string) => void = console.log): boolean {
  const setting = process.env.INVOICE_FONT;
  if (setting && !findInvoiceFont(setting)) {
    log(`INVOICE_FONT is set to ${setting}, which is not a font file: point it at a TrueType or OpenType font, or unset it.`);
    return false;
  }
  return ensureDebianPackage(() => findInvoiceFont(setting) !== null, 'fonts-wqy-microhei', 'the CJK font of invoice PDFs', log);
}

if (import.meta.main) process.exit(ensureInvoiceFont() ? 0 : 1);
