/**
 * The fonts invoices print in (issue 40, decision 0028; issue 62): PDFKit's built-in Helvetica cannot print Chinese
 * names, so an invoice embeds a CJK-capable font (PDFKit subsets it: only the glyphs used go into the file). It comes
 * through npm with the project, so `npm install` is all a machine needs: Noto Sans SC (SIL Open Font License) from
 * `@expo-google-fonts/noto-sans-sc`, its Regular and Bold (Latin, Malay and Simplified Chinese). INVOICE_FONT points
 * at another TrueType or OpenType file instead (a collection takes `path#PostScriptName`), for headings too; one that
 * does not exist is refused at start (config.ts).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A font file, and the font's PostScript name inside a collection (.ttc). */
interface FontFile {
  path: string;
  family?: string;
}

/** The fonts of an invoice: its text, and its headings. */
export interface InvoiceFont {
  regular: FontFile;
  bold: FontFile;
}

const packaged = createRequire(import.meta.url);

/** Noto Sans SC, as the npm package installs it. */
const PACKAGED_INVOICE_FONT: InvoiceFont = {
  regular: { path: packaged.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf') },
  bold: { path: packaged.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf') },
};

/** The font file an INVOICE_FONT setting names (`file` or `file#PostScriptName`). */
function parseFontFile(setting: string): FontFile {
  const [path, family] = setting.split('#');
  return family ? { path: path!, family } : { path: path! };
}

/** The invoice fonts of an INVOICE_FONT setting (one file for text and headings), else the packaged Noto Sans SC. */
export function invoiceFontOf(setting: string | undefined): InvoiceFont {
  if (!setting) return PACKAGED_INVOICE_FONT;
  const file = parseFontFile(setting);
  return { regular: file, bold: file };
}

/** Whether a setting names a font file that exists (config.ts refuses one that does not). */
export function fontSettingValid(setting: string): boolean {
  return existsSync(parseFontFile(setting).path);
}
