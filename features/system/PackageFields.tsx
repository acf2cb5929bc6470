import { FileInput, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { PackagePaths } from '../../domain/api/settingsPaths.js';
import { useApp } from '../../src/app/AppContext.js';
import { fileSize } from './format.js';
import {
  blankPackage,
  type PackageDraft,
  type PackageProblems,
  PackageRule,
  packageProblems,
  signatureProblem,
} from './packageRules.js';

/** Suggestions only: the server takes any device type name. */
const DEVICE_TYPES = ['床旁机', '护士站主机', 'PDA', '定位手表', '定位手环', '智能床垫'];

/** One upload of an installation package: the draft, the checks, the multipart POST. */
export function usePackageUpload(onUploaded: () => void) {
  const { request, toast } = useApp();
  const [draft, setDraft] = useState(blankPackage);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<PackageProblems>({});
  const [busy, setBusy] = useState(false);
  // A new key after each upload gives a fresh file input, so the same file can be chosen again.
  const [round, setRound] = useState(0);
  const submit = async () => {
    const found = packageProblems(draft, file);
    if (file && !found.file) {
      const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
      const wrong = signatureProblem(file.name, head);
      if (wrong) found.file = wrong;
    }
    setProblems(found);
    if (!file || Object.keys(found).length > 0) return;
    setBusy(true);
    // The server reads the fields that come before the file, so the file goes last.
    const data = new FormData();
    for (const [key, value] of Object.entries(draft)) data.append(key, value);
    data.append('file', file);
    // A refusal is the server's message, shown by the client as a toast.
    await request({ url: PackagePaths.list, method: 'POST', data, form: 'multipart' }).then(
      () => {
        toast('上传成功', 'success');
        setDraft(blankPackage);
        setFile(null);
        setRound((r) => r + 1);
        onUploaded();
      },
      () => undefined,
    );
    setBusy(false);
  };
  // A problem goes away as soon as its input changes; the rest stay until the next try.
  const forget = (key: keyof PackageProblems) => setProblems(({ [key]: _gone, ...rest }) => rest);
  const set = (key: keyof PackageDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    forget(key);
  };
  const choose = (next: File | null) => {
    setFile(next);
    forget('file');
  };
  return { draft, set, file, setFile: choose, problems, busy, submit, round };
}
export type PackageUpload = ReturnType<typeof usePackageUpload>;

/**
 * The package's inputs: in a row above the list (inline; the list shows the first problem) or as
 * the add page's form (each problem under its input, with the remark).
 */
export function PackageFields({ upload, inline }: { upload: PackageUpload; inline?: boolean }) {
  const { draft, set, file, setFile, problems, round } = upload;
  const field = (key: keyof PackageDraft, label: string, control: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`pkg-${key}`}
      labelInfo={inline || key === 'remark' ? undefined : '*'}
      inline={inline}
      intent={!inline && problems[key] ? Intent.DANGER : Intent.NONE}
      helperText={inline ? undefined : problems[key]}
    >
      {control}
    </FormGroup>
  );
  const text = (key: keyof PackageDraft, placeholder?: string) => (
    <InputGroup
      id={`pkg-${key}`}
      value={draft[key]}
      placeholder={placeholder}
      intent={problems[key] ? Intent.DANGER : Intent.NONE}
      list={key === 'deviceType' ? 'pkg-device-types' : undefined}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const fileLabel = file
    ? `${file.name}（${fileSize(file.size)}）`
    : `选择文件（${PackageRule.extensions.join('/')}）`;
  const fileInput = (
    <FileInput
      key={round}
      fill={!inline}
      text={fileLabel}
      hasSelection={file !== null}
      buttonText="浏览"
      inputProps={{ accept: PackageRule.extensions.map((e) => `.${e}`).join(','), id: 'pkg-file' }}
      onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
    />
  );
  return (
    <>
      {field(
        'packageName',
        inline ? '名称' : '安装包名称',
        text('packageName', inline ? undefined : '如：床旁机应用'),
      )}
      {field('version', inline ? '版本' : '版本号', text('version', inline ? undefined : '如：2.1.0'))}
      {field('deviceType', '设备类型', text('deviceType', '如 床旁机'))}
      <datalist id="pkg-device-types">
        {DEVICE_TYPES.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
      {!inline &&
        field(
          'remark',
          '备注',
          <TextArea
            id="pkg-remark"
            fill
            rows={3}
            value={draft.remark}
            placeholder="更新内容、适用机型等（选填）"
            onChange={(e) => set('remark', e.target.value)}
          />,
        )}
      {inline ? (
        fileInput
      ) : (
        <FormGroup
          label="安装包文件"
          labelInfo="*"
          labelFor="pkg-file"
          intent={problems.file ? Intent.DANGER : Intent.NONE}
          helperText={problems.file ?? `支持 ${PackageRule.extensions.join('/')}，不超过 200MB`}
        >
          {fileInput}
        </FormGroup>
      )}
    </>
  );
}
