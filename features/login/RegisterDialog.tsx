import { Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog } from '../../src/ui/Dialog.js';
import type { SignInApi } from './api.js';
import { errorText } from './errorText.js';
import { PhotoCodeField } from './PhotoCodeField.js';
import { SmsCodeButton } from './SmsCodeButton.js';

const empty = {
  userName: '',
  userPassword: '',
  repactPassword: '',
  userTelephone: '',
  smsCode: '',
  photoCode: '',
  verifyStr: '',
};

/** Spec 000 §3 "Register": picture code, SMS code and a repeated password. */
export function RegisterDialog({
  api,
  isOpen,
  onClose,
  onRegistered,
}: {
  api: SignInApi;
  isOpen: boolean;
  onClose(): void;
  onRegistered(loginName: string): void;
}) {
  const [form, setForm] = useState(empty);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [photoKey, setPhotoKey] = useState(0);
  const set = (key: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = () => {
    if (form.userPassword !== form.repactPassword) return setError('两次输入的密码不一致');
    setBusy(true);
    setError('');
    api.register({ ...form, resource: 1 }).then(
      () => {
        setBusy(false);
        setForm(empty);
        onRegistered(form.userName);
      },
      (e: unknown) => {
        setBusy(false);
        setError(errorText(e));
        setPhotoKey((k) => k + 1);
      },
    );
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="注册账号" icon="new-person">
      <DialogBody>
        <FormGroup label="用户名" labelFor="reg-userName">
          <InputGroup
            id="reg-userName"
            value={form.userName}
            onChange={set('userName')}
            placeholder="2-32个字符"
          />
        </FormGroup>
        <FormGroup label="手机号" labelFor="reg-phone">
          <InputGroup
            id="reg-phone"
            value={form.userTelephone}
            onChange={set('userTelephone')}
            placeholder="11位手机号"
            maxLength={11}
          />
        </FormGroup>
        <PhotoCodeField
          api={api}
          value={form.photoCode}
          refreshKey={photoKey}
          onChange={(photoCode, verifyStr) => setForm((f) => ({ ...f, photoCode, verifyStr }))}
        />
        <FormGroup label="短信验证码" labelFor="reg-sms">
          <div className="login-photo-row">
            <InputGroup
              id="reg-sms"
              value={form.smsCode}
              onChange={set('smsCode')}
              maxLength={6}
              placeholder="6位数字"
            />
            <SmsCodeButton
              disabled={!/^1\d{10}$/.test(form.userTelephone)}
              send={() =>
                api.smsCode(form.userTelephone).catch((e: unknown) => Promise.reject(setError(errorText(e))))
              }
            />
          </div>
        </FormGroup>
        <FormGroup label="密码" labelFor="reg-pwd" helperText="8-64位，须同时包含字母和数字">
          <InputGroup id="reg-pwd" type="password" value={form.userPassword} onChange={set('userPassword')} />
        </FormGroup>
        <FormGroup label="确认密码" labelFor="reg-pwd2">
          <InputGroup
            id="reg-pwd2"
            type="password"
            value={form.repactPassword}
            onChange={set('repactPassword')}
          />
        </FormGroup>
        {error && (
          <Callout intent={Intent.DANGER} data-testid="register-error">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="cancel" onClick={onClose} text="取消" />,
          <Button key="ok" intent={Intent.PRIMARY} loading={busy} onClick={submit} text="注册" />,
        ]}
      />
    </Dialog>
  );
}
