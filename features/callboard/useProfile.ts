import { useCallback, useEffect, useState } from 'react';
import { UserPaths } from '../../domain/api/org.js';
import { pathWith } from '../../domain/api/path.js';
import type { UserInfo } from '../../domain/session.js';
import { useApp } from '../../src/app/AppContext.js';
import {
  avatarProblem,
  draftOf,
  empUpdate,
  factsOf,
  type ProfileDraft,
  type ProfileFacts,
  type ProfileProblems,
  ProfileUrl,
  profileProblems,
  STAFF_PICTURE,
  type StaffRecord,
} from './profile.js';

export const messageOf = (e: unknown, fallback: string) =>
  (e as { message?: string } | null)?.message || fallback;

/**
 * The signed-in user's profile: who they are (proFile), their staff record (emp/{empId}), the
 * edits to it and the avatar upload. Saving goes through PUT /ifms/web-org/emp, which also keeps
 * the account's phone (the forgotten-password SMS) the same.
 */
export function useProfile() {
  const { request, toast } = useApp();
  const [facts, setFacts] = useState<ProfileFacts | null>(null);
  const [record, setRecord] = useState<StaffRecord | null>(null);
  const [draft, setDraft] = useState<ProfileDraft>({ empName: '', sex: 0, phoneNum: '' });
  const [problems, setProblems] = useState<ProfileProblems>({});
  const [error, setError] = useState('');
  const [avatarError, setAvatarError] = useState('');
  const [busy, setBusy] = useState<'save' | 'avatar' | null>(null);

  const load = useCallback(async () => {
    try {
      const info = await request<UserInfo>({ url: ProfileUrl.me, silent: true });
      const emp = await request<StaffRecord>({
        url: pathWith(UserPaths.emp, { empId: info.empInfo.empId }),
        silent: true,
      });
      setFacts(factsOf(info));
      setRecord(emp);
      setDraft(draftOf(emp));
      setProblems({});
      setError('');
    } catch (e) {
      setError(messageOf(e, '个人信息加载失败'));
    }
  }, [request]);
  useEffect(() => {
    void load();
  }, [load]);

  const put = (body: ReturnType<typeof empUpdate>) =>
    request<null>({ url: ProfileUrl.emp, method: 'PUT', data: body, silent: true });

  const save = async () => {
    if (!record) return;
    const found = profileProblems(draft);
    setProblems(found);
    setError('');
    if (Object.keys(found).length > 0) return;
    setBusy('save');
    const body = empUpdate(record, draft);
    try {
      await put(body);
      setRecord({ ...record, ...body });
      setDraft(draftOf({ ...record, ...body }));
      toast('个人信息已保存', 'success');
    } catch (e) {
      setError(messageOf(e, '保存失败'));
    }
    setBusy(null);
  };

  /** Checks the picture (spec 000 §5), uploads it, then saves it as the avatar at once. */
  const uploadAvatar = async (file: File) => {
    if (!record) return;
    const problem = avatarProblem(file);
    setAvatarError(problem ?? '');
    if (problem) return;
    setBusy('avatar');
    try {
      // The server reads the fields that come before the file, so the file goes last.
      const data = new FormData();
      data.append('picRoute', String(STAFF_PICTURE));
      data.append('file', file);
      const { imagePath } = await request<{ imagePath: string }>({
        url: ProfileUrl.upload,
        method: 'POST',
        data,
        form: 'multipart',
        silent: true,
      });
      const saved = { ...record, headImage: imagePath };
      await put(empUpdate(saved, draftOf(record)));
      setRecord(saved);
      toast('头像已更新', 'success');
    } catch (e) {
      setAvatarError(messageOf(e, '头像上传失败'));
    }
    setBusy(null);
  };

  const edit = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };
  const reset = () => {
    if (record) setDraft(draftOf(record));
    setProblems({});
    setError('');
  };
  return { facts, record, draft, problems, error, avatarError, busy, edit, reset, save, uploadAvatar, load };
}
export type Profile = ReturnType<typeof useProfile>;
