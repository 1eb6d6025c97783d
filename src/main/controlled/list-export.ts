// Files the controlled screen downloads: a category's list (CSV with a BOM, or XLSX; CAS + name,
// the same two columns the import reads back), written by list-export/table-file.ts.
import type { ControlledCategory, ControlledEntry } from '../../shared/controlled';
import type { LabelLanguage } from '../../shared/record-labels';
import type { ExportFile } from '../list-export/export-file';
import { writeTableFile } from '../list-export/table-file';

/** A file name part from a category's name: letters, digits and CJK kept, the rest a dash. */
export function fileSafe(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'list';
}

export function exportListFile(
  dir: string,
  input: { format: 'csv' | 'xlsx'; lang: LabelLanguage; category: ControlledCategory; entries: ControlledEntry[] },
): Promise<ExportFile> {
  const zh = input.lang === 'zh-CN';
  const name = zh ? input.category.name_zh : input.category.name_en;
  return writeTableFile(dir, input.format, {
    base: `${zh ? '管控名录' : 'controlled-list'}-${fileSafe(name)}`,
    sheetName: zh ? '名录' : 'List',
    headers: zh ? ['CAS号', '名称'] : ['CAS', 'Name'],
    rows: input.entries.map((e) => [e.cas, e.name]),
  });
}
