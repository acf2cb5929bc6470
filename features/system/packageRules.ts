/** Installation packages: the checks the server makes (server/routes/uploads PACKAGE rule and fields), made first here. */

export const PackageRule = {
  extensions: ['apk', 'zip', 'bin', 'hex'],
  maxBytes: 200 * 1024 * 1024,
  /** Extensions whose file is a zip archive and must start with PK\x03\x04 (server/uploads.ts). */
  zipBased: ['apk', 'zip'],
  lengths: { packageName: 64, version: 32, deviceType: 32, remark: 200 },
} as const;

export interface PackageDraft {
  packageName: string;
  version: string;
  deviceType: string;
  remark: string;
}
export const blankPackage: PackageDraft = { packageName: '', version: '', deviceType: '', remark: '' };
export type PackageProblems = Partial<Record<keyof PackageDraft | 'file', string>>;

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** What is wrong before anything is sent; the file comes first, as on the server. */
export function packageProblems(
  draft: PackageDraft,
  file: { name: string; size: number } | null,
): PackageProblems {
  const problems: PackageProblems = {};
  if (!file) problems.file = '请选择安装包文件';
  else if (!(PackageRule.extensions as readonly string[]).includes(extensionOf(file.name)))
    problems.file = `上传安装包要求是 ${PackageRule.extensions.join('/')} 格式`;
  else if (file.size === 0) problems.file = '上传文件为空';
  else if (file.size > PackageRule.maxBytes)
    problems.file = `上传安装包大小不能超过 ${PackageRule.maxBytes / 1024 / 1024}MB`;
  const required = { packageName: '请输入安装包名称', version: '请输入版本号', deviceType: '请输入设备类型' };
  const names = { packageName: '安装包名称', version: '版本号', deviceType: '设备类型', remark: '备注' };
  for (const key of ['packageName', 'version', 'deviceType', 'remark'] as const) {
    const value = key === 'remark' ? draft.remark : draft[key].trim();
    if (key !== 'remark' && !value) problems[key] = required[key];
    else if (value.length > PackageRule.lengths[key])
      problems[key] = `${names[key]}不能超过${PackageRule.lengths[key]}个字`;
  }
  return problems;
}

/** An apk or zip that does not start like a zip archive is refused by the server; say so before uploading. */
export function signatureProblem(name: string, head: Uint8Array): string | null {
  if (!(PackageRule.zipBased as readonly string[]).includes(extensionOf(name))) return null;
  const zip = [0x50, 0x4b, 0x03, 0x04];
  return zip.every((b, i) => head[i] === b) ? null : '文件内容与扩展名不符';
}
