/**
 * The font invoices print in (issue 40, decision 0028): PDFKit's built-in Helvetica cannot print Chinese names, so an
 * invoice embeds a CJK-capable font (PDFKit subsets it: only the glyphs used go into the file). It is WenQuanYi Micro
 * Hei from Debian's fonts-wqy-microhei (one 5 MB file; Latin, Malay and Chinese), which the project's scripts install
 * as they install Chromium (scripts/invoice-font.ts); INVOICE_FONT points at another TrueType or OpenType file (a
 * collection takes `path#PostScriptName`). Without one, invoices print in Helvetica and the server says why at start.
 */
import { existsSync } from 'node:fs';

export interface InvoiceFont {
  path: string;
  /** The font's PostScript name inside a collection (.ttc). */
  family?: string;
}

/** Where Debian's fonts-wqy-microhei puts its font, and its name inside the collection. */
export const DEBIAN_INVOICE_FONT: InvoiceFont = { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' };

/** The font file an INVOICE_FONT setting names (`file` or `file#PostScriptName`). */
export function parseInvoiceFont(setting: string): InvoiceFont {
  const [path, family] = setting.split('#');
  return family ? { path: path!, family } : { path: path! };
}

/** The invoice font to use: the configured one, else Debian's when installed; null when there is none. */
export function findInvoiceFont(setting: string | undefined): InvoiceFont | null {
  const font = setting ? parseInvoiceFont(setting) : DEBIAN_INVOICE_FONT;
  return existsSync(font.path) ? font : null;
}

/** The one line the server logs at start when invoices fall back to Helvetica. */
export function invoiceFontWarning(setting: string | undefined): string | null {
  if (findInvoiceFont(setting)) return null;
  return setting
    ? `Invoices print in Helvetica: INVOICE_FONT names ${parseInvoiceFont(setting).path}, which does not exist, so Chinese names on invoices cannot print.`
    : 'Invoices print in Helvetica: no CJK font is installed (run npm test as root, or apt-get install fonts-wqy-microhei, or set INVOICE_FONT), so Chinese names on invoices cannot print.';
}
