import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Code } from '../../domain/codes.js';
import { useApp } from '../../src/app/AppContext.js';
import { emit } from '../../src/util/events.js';
import {
  blankPassword,
  type PasswordDraft,
  type PasswordProblems,
  ProfileUrl,
  passwordProblems,
} from './profile.js';
import { messageOf } from './useProfile.js';

const FIELDS: { key: keyof PasswordDraft; label: string; autoComplete: string; helper?: string }[] = [
  { key: 'oldPwd', label: '原密码', autoComplete: 'current-password' },
  { key: 'newPwd', label: '新密码', autoComplete: 'new-password', helper: '8-64位，须同时包含字母和数字' },
  { key: 'checkPwd', label: '确认新密码', autoComplete: 'new-password' },
];

/**
 * 修改密码 (PUT /passport/web-rbac/logins/userPwd). A new password ends every session of the user
 * with 4013 (docs/decisions.md), this one included: after the change a toast says so and the
 * console ends the session the usual way (spec 000 §8 alert, then the login page).
 */
export function PasswordForm({ userId }: { userId: number }) {
  const { request, toast } = useApp();
  const [draft, setDraft] = useState(blankPassword);
  const [problems, setProblems] = useState<PasswordProblems>({});
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const found = passwordProblems(draft);
    setProblems(found);
    setError('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await request<null>({
        url: ProfileUrl.password,
        method: 'PUT',
        data: { newPwd: draft.newPwd, oldPwd: draft.oldPwd, userId },
        silent: true,
      });
    } catch (e) {
      setSaving(false);
      // A wrong old password belongs under its input; anything else above the button.
      if (Number((e as { code?: unknown }).code) === Code.wrongCredentials)
        setProblems({ oldPwd: messageOf(e, '原密码错误') });
      else setError(messageOf(e, '修改失败'));
      return;
    }
    // The server has ended this session (4013): say why, then let the shell end it as it ends any
    // 4013 (the spec's blocking alert, then the login page). The push channel would report it too.
    toast('密码修改成功，请使用新密码重新登录', 'success');
    emit('sessionError', { code: Code.keyInfoChanged, message: '' });
  };

  return (
    <form
      className="password-form"
      data-testid="password-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {FIELDS.map((f) => (
        <FormGroup
          key={f.key}
          label={f.label}
          labelFor={`pwd-${f.key}`}
          labelInfo="*"
          helperText={problems[f.key] ?? f.helper}
          intent={problems[f.key] ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id={`pwd-${f.key}`}
            type="password"
            autoComplete={f.autoComplete}
            maxLength={64}
            value={draft[f.key]}
            intent={problems[f.key] ? Intent.DANGER : Intent.NONE}
            onChange={(e) => {
              const value = e.target.value;
              setDraft((d) => ({ ...d, [f.key]: value }));
              setProblems(({ [f.key]: _gone, ...rest }) => rest);
            }}
          />
        </FormGroup>
      ))}
      {error && (
        <Callout intent={Intent.DANGER} className="form-error">
          {error}
        </Callout>
      )}
      <Button type="submit" intent={Intent.PRIMARY} icon="key" text="修改密码" loading={saving} />
    </form>
  );
}
