import { Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog } from '../../src/ui/Dialog.js';
import type { SignInApi } from './api.js';
import { errorText } from './errorText.js';
import { PhotoCodeField } from './PhotoCodeField.js';
import { SmsCodeButton } from './SmsCodeButton.js';

type Step = 'account' | 'sms' | 'password';

/**
 * Forgotten password in three steps (spec 000 §7: userPhoneNum, userId, reset). The first step
 * shows only a masked number; the user types the full number to receive the SMS code.
 */
export function ForgotPasswordDialog({
  api,
  isOpen,
  onClose,
  onDone,
}: {
  api: SignInApi;
  isOpen: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const [step, setStep] = useState<Step>('account');
  const [f, setF] = useState({
    loginName: '',
    photoCode: '',
    verifyStr: '',
    masked: '',
    phoneNum: '',
    smsCode: '',
    userId: 0,
    userPassword: '',
    checkPass: '',
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [photoKey, setPhotoKey] = useState(0);
  const set = (key: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setF({ ...f, [key]: e.target.value });
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    work().then(
      () => setBusy(false),
      (e: unknown) => {
        setBusy(false);
        setError(errorText(e));
        setPhotoKey((k) => k + 1);
      },
    );
  };
  const next = () => {
    if (step === 'account')
      run(async () => {
        const { phoneNum } = await api.userPhoneNum({
          loginName: f.loginName,
          photoCode: f.photoCode,
          verifyStr: f.verifyStr,
        });
        setF((x) => ({ ...x, masked: phoneNum }));
        setStep('sms');
      });
    else if (step === 'sms')
      run(async () => {
        const userId = await api.userId({ phoneNum: f.phoneNum, smsCode: f.smsCode });
        setF((x) => ({ ...x, userId }));
        setStep('password');
      });
    else if (f.userPassword !== f.checkPass) setError('两次输入的密码不一致');
    else
      run(async () => {
        await api.reset({
          userPassword: f.userPassword,
          checkPass: f.checkPass,
          userId: f.userId,
          phoneNum: f.phoneNum,
        });
        setStep('account');
        onDone();
      });
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="找回密码" icon="key">
      <DialogBody>
        {step === 'account' && (
          <>
            <FormGroup label="账号" labelFor="fp-login">
              <InputGroup id="fp-login" value={f.loginName} onChange={set('loginName')} />
            </FormGroup>
            <PhotoCodeField
              api={api}
              value={f.photoCode}
              refreshKey={photoKey}
              onChange={(photoCode, verifyStr) => setF((x) => ({ ...x, photoCode, verifyStr }))}
            />
          </>
        )}
        {step === 'sms' && (
          <>
            <p>账号绑定的手机号：{f.masked}</p>
            <FormGroup label="完整手机号" labelFor="fp-phone">
              <InputGroup id="fp-phone" value={f.phoneNum} onChange={set('phoneNum')} maxLength={11} />
            </FormGroup>
            <FormGroup label="短信验证码" labelFor="fp-sms">
              <div className="login-photo-row">
                <InputGroup id="fp-sms" value={f.smsCode} onChange={set('smsCode')} maxLength={6} />
                <SmsCodeButton
                  disabled={!/^1\d{10}$/.test(f.phoneNum)}
                  send={() =>
                    api.smsCode(f.phoneNum).catch((e: unknown) => Promise.reject(setError(errorText(e))))
                  }
                />
              </div>
            </FormGroup>
          </>
        )}
        {step === 'password' && (
          <>
            <FormGroup label="新密码" labelFor="fp-pwd" helperText="8-64位，须同时包含字母和数字">
              <InputGroup id="fp-pwd" type="password" value={f.userPassword} onChange={set('userPassword')} />
            </FormGroup>
            <FormGroup label="确认新密码" labelFor="fp-pwd2">
              <InputGroup id="fp-pwd2" type="password" value={f.checkPass} onChange={set('checkPass')} />
            </FormGroup>
          </>
        )}
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="c" onClick={onClose} text="取消" />,
          <Button
            key="n"
            intent={Intent.PRIMARY}
            loading={busy}
            onClick={next}
            text={step === 'password' ? '重置密码' : '下一步'}
          />,
        ]}
      />
    </Dialog>
  );
}
