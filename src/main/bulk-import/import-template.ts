// "Download a template" of the bulk import: an XLSX whose header row names every column the import
// reads in Chinese and English ("名称 / Name": the import recognises either half), one example row
// that imports as it is, and a second sheet explaining each column in both languages.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportColumn } from '../../shared/records';
import { RECORD_LABELS } from '../../shared/record-labels';
import type { ExportFile } from '../list-export/export-file';

const EXAMPLE: Record<ImportColumn, string> = {
  name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', specification: '500ml', quantity: '2', unit: '瓶',
  storage_location: '化学楼 › 301室 › 试剂柜A', brand: '国药', category: '有机溶剂', product_number: '10009218', hazardous: '是',
  container_size: '', container_label: '', lot_number: 'L2025001', expiry_date: '2027-03-01', received_date: '2025-03-01', opened_date: '',
  supplier: '国药集团', min_stock: '', ghs: 'GHS02,GHS07', notes: '无水',
};

/** What each column takes: [中文, English]. */
const HELP: Record<ImportColumn, [string, string]> = {
  name: ['必填。试剂名称。', 'Required. The chemical\'s name.'],
  english_name: ['英文名称，可空。', 'English name; may be empty.'],
  cas_number: ['如 64-17-5，也可写 CAS:64-17-5、全角或带空格；无 CAS 写“无”或留空。', 'e.g. 64-17-5; "CAS:", full-width and spaces are fine; "无" or empty for none.'],
  specification: ['规格：单瓶容量（500ml、4L）或等级（AR、分析纯）。', 'One container\'s size (500ml, 4L) or a grade (AR, HPLC).'],
  quantity: ['必填。数量，如 2、2瓶、1.5、1/2瓶、500ml×2；规格为容量时“2 瓶”即 2 瓶该容量。', 'Required. 2, 2瓶, 1.5, 1/2瓶, 500ml×2; with a size as specification, "2 瓶" is two containers of it.'],
  unit: ['单位：瓶、g、mL 等。', 'Unit: 瓶 (bottle), g, mL …'],
  storage_location: ['存放位置，如 化学楼 › 301室 › 试剂柜A，或 301室试剂柜A；导入时与位置树逐一核对。', 'Where it is kept; matched against the location tree in the preview.'],
  brand: ['品牌或生产厂家。', 'Brand or manufacturer.'],
  category: ['类别。', 'Category.'],
  product_number: ['货号。', 'Product (catalogue) number.'],
  hazardous: ['是否危险品：是/否。', 'Hazardous: yes/no (是/否).'],
  container_size: ['单瓶规格（与单位相同），可空。', 'One container\'s size in the unit; may be empty.'],
  container_label: ['容器：瓶、袋、盒…，可空。', 'Container word: bottle, bag, box …; may be empty.'],
  lot_number: ['批号。', 'Lot number.'],
  expiry_date: ['有效期：2027-03-01、2027/3/1、2027年3月；“长期”“无”为无有效期；也可写保质期“3年”“36个月”（自入库日期起算）。', 'Expiry: 2027-03-01, 2027/3/1, 2027年3月; 长期/无 for none; or a shelf life such as 3年 / 36个月 from the received date.'],
  received_date: ['入库（购买）日期。', 'Received (bought) on.'],
  opened_date: ['开封日期。', 'Opened on.'],
  supplier: ['供应商。', 'Supplier.'],
  min_stock: ['最低库存（与单位相同）。', 'Minimum stock in the unit.'],
  ghs: ['GHS 象形图，如 GHS02,GHS07。', 'GHS pictograms, e.g. GHS02,GHS07.'],
  notes: ['备注。', 'Notes.'],
};

const label = (c: ImportColumn, lang: 'zh-CN' | 'en') => (RECORD_LABELS[lang].field as Record<string, string>)[c] ?? c;

/** Writes the template into `dir` (the exports folder) and answers it as a download. */
export async function writeImportTemplate(dir: string): Promise<ExportFile> {
  await fs.promises.mkdir(dir, { recursive: true });
  const fileName = 'inventory-import-template.xlsx';
  const file = path.join(dir, `template-${process.hrtime.bigint()}.xlsx`);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('库存 Inventory');
  sheet.addRow(IMPORT_COLUMNS.map((c) => `${label(c, 'zh-CN')} / ${label(c, 'en')}`)).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => EXAMPLE[c]));
  sheet.columns.forEach((col) => (col.width = 18));
  const help = wb.addWorksheet('说明 Columns');
  help.addRow(['列 Column', '说明', 'Explanation', '示例 Example']).font = { bold: true };
  for (const c of IMPORT_COLUMNS) help.addRow([`${label(c, 'zh-CN')} / ${label(c, 'en')}`, HELP[c][0], HELP[c][1], EXAMPLE[c]]);
  help.addRow([]);
  help.addRow(['', '表头上方可有标题行；空行、分组标题、合计行、“注：”行不会导入。', 'Title rows above the header, blank rows, section headings, totals and notes are left out.']);
  help.columns = [{ width: 28 }, { width: 60 }, { width: 60 }, { width: 24 }];
  await wb.xlsx.writeFile(file);
  return { fileName, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', rows: 1, path: file };
}
