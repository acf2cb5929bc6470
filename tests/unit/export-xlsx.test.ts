import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readTable, toXlsx } from '../../server/resources/export.js';

describe('toXlsx: an exported list opens as the table it was', () => {
  const rows = [
    ['长者姓名', '床位', '余额', '备注'],
    ['王秀英', '1号楼 1层 1101-1', '1,234.56', '=SUM(A1)'],
    ['李建国', '', '0.00', '含"引号"、逗号,和\n换行'],
    ['赵一', '2号楼 3层 2301-2', '-20.00', 'a'.repeat(100)],
  ];

  it('reads back cell for cell: Chinese text, empty cells, formula-like text as text, line breaks', async () => {
    const file = await toXlsx('长者档案', rows);
    expect(await readTable('长者档案.xlsx', file)).toEqual(rows.map((r) => r.map((c) => c.trim())));
  });

  it('names the sheet (at most 31 characters), bolds the header only and sizes columns to their text', async () => {
    const file = await toXlsx('费用账单'.repeat(10), rows);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('费用账单'.repeat(10).slice(0, 31));
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(1).font?.bold).not.toBe(true);
    // 长者姓名: 4 characters → 8; 1号楼 1层 1101-1: 13 → 26; the long note is capped at 40
    expect([1, 2, 4].map((c) => sheet?.getColumn(c).width)).toEqual([8, 26, 40]);
    // a formula-like text stays text: nothing is computed when the file opens
    expect(sheet?.getRow(2).getCell(4).value).toBe('=SUM(A1)');
  });

  it('writes 50,000 rows, and reads them back in seconds (an import of as many)', async () => {
    const many = [rows[0] as string[]];
    for (let i = 0; i < 50_000; i++) many.push([`长者${i}`, `${i}`, `${i}.00`, '']);
    const back = await readTable('big.xlsx', await toXlsx('big', many));
    expect(back).toHaveLength(50_001);
    expect(back[50_000]).toEqual(['长者49999', '49999', '49999.00', '']);
  }, 60_000);
});
