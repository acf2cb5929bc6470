import { describe, expect, it } from 'vitest';
import { blankPackage, packageProblems, signatureProblem } from './packageRules.js';

const filled = { packageName: '床旁机', version: '2.1.0', deviceType: '床旁机', remark: '' };

describe('installation package checks', () => {
  it('asks for the file first, then every required field', () => {
    expect(Object.entries(packageProblems(blankPackage, null))).toEqual([
      ['file', '请选择安装包文件'],
      ['packageName', '请输入安装包名称'],
      ['version', '请输入版本号'],
      ['deviceType', '请输入设备类型'],
    ]);
    expect(packageProblems({ ...filled, version: '   ' }, { name: 'a.apk', size: 10 })).toEqual({
      version: '请输入版本号',
    });
  });

  it('refuses what the server refuses: extension, empty, over 200 MB, over-long fields', () => {
    expect(packageProblems(filled, { name: 'a.exe', size: 10 }).file).toBe(
      '上传安装包要求是 apk/zip/bin/hex 格式',
    );
    expect(packageProblems(filled, { name: 'noext', size: 10 }).file).toBe(
      '上传安装包要求是 apk/zip/bin/hex 格式',
    );
    expect(packageProblems(filled, { name: 'a.BIN', size: 0 }).file).toBe('上传文件为空');
    expect(packageProblems(filled, { name: 'a.zip', size: 200 * 1024 * 1024 + 1 }).file).toBe(
      '上传安装包大小不能超过 200MB',
    );
    expect(packageProblems({ ...filled, remark: 'x'.repeat(201) }, { name: 'a.hex', size: 1 })).toEqual({
      remark: '备注不能超过200个字',
    });
    expect(packageProblems(filled, { name: 'a.hex', size: 1 })).toEqual({});
  });

  it('checks that an apk or zip starts like a zip archive; bin and hex may start with anything', () => {
    expect(signatureProblem('a.apk', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBeNull();
    expect(signatureProblem('a.zip', new TextEncoder().encode('not a package'))).toBe('文件内容与扩展名不符');
    expect(signatureProblem('a.bin', new Uint8Array([1, 2]))).toBeNull();
  });
});
