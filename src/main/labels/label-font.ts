// The font label PDFs embed: resources/fonts/LabelSansSC.otf, a subset of Noto Sans CJK SC
// (scripts/make-label-font.sh: ASCII, Latin-1, Greek, symbols, all of GB2312, every character of the
// chemical names data and of the UI's Chinese strings). Found next to the code in every way the app
// runs: from source (vitest), out/main (dev, browser mode), and packaged (electron-builder copies
// resources/fonts to <resources>/fonts via extraResources).
import fs from 'node:fs';
import path from 'node:path';

export const LABEL_FONT_FILE = 'LabelSansSC.otf';

/** Where a text the subset lacks a character of is drawn instead: a system CJK font, if present. */
const SYSTEM_FALLBACKS: Array<{ file: string; family?: string }> = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { file: 'C:\\Windows\\Fonts\\msyh.ttc', family: 'MicrosoftYaHei' },
  { file: 'C:\\Windows\\Fonts\\simsun.ttc', family: 'SimSun' },
  { file: '/System/Library/Fonts/PingFang.ttc', family: 'PingFangSC-Regular' },
  { file: '/System/Library/Fonts/STHeiti Light.ttc', family: 'STHeitiSC-Light' },
];

/** Candidate paths of the shipped font, most specific first. */
function candidates(): string[] {
  const out: string[] = [];
  if (process.env.LAB_LABEL_FONT) out.push(process.env.LAB_LABEL_FONT);
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources) out.push(path.join(resources, 'fonts', LABEL_FONT_FILE));
  // Walk up from this module (src/main/labels, out/main, out/main/chunks, app.asar/out/main).
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    out.push(path.join(dir, 'resources', 'fonts', LABEL_FONT_FILE), path.join(dir, 'fonts', LABEL_FONT_FILE));
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}

let found: string | null | undefined;

/** The shipped label font's path; throws when the installation lacks it (a broken package). */
function labelFontPath(): string {
  if (found === undefined) found = candidates().find((p) => fs.existsSync(p)) ?? null;
  if (!found) throw new Error(`label font ${LABEL_FONT_FILE} not found (looked in: ${candidates().join(', ')})`);
  return found;
}

let bytes: Buffer | null = null;

/**
 * The shipped label font's bytes, read once per process: pdfkit then gets a Buffer instead of a
 * path it would read (1.7 MB) again for every PDF.
 */
export function labelFontBytes(): Buffer {
  bytes ??= fs.readFileSync(labelFontPath());
  return bytes;
}

/** A system CJK font for characters outside the subset, or null (they then show as the notdef box). */
export function systemFallbackFont(): { file: string; family?: string } | null {
  return SYSTEM_FALLBACKS.find((f) => fs.existsSync(f.file)) ?? null;
}
