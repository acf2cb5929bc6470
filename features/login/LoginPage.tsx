import {
  Button,
  Callout,
  Card,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ConfigPaths } from '../../domain/api/settingsPaths.js';
import { dataDeptChoices } from '../../domain/deptChoice.js';
import type { ApiClient } from '../../src/api/client.js';
import { landingPath, readReturnUrl } from '../../src/menu/landing.js';
import { SessionAlert } from '../../src/session/SessionAlert.js';
import { useSession } from '../../src/session/useSession.js';
import { type Preload, signInApi } from './api.js';
import { PhotoCodeField } from './PhotoCodeField.js';

// Loaded when 注册 or 忘记密码 is clicked: the page shows sooner without them (issue #43).
const RegisterDialog = lazy(() => import('./RegisterDialog.js').then((m) => ({ default: m.RegisterDialog })));
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog.js').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/** Spec 000 §2: standalone pages a sign-in returns to as they are, not as hash routes of index.html. */
const STANDALONE_PAGE = /^\/(?:fullchart|settleIn)\.html(?:[?#]|$)/;

/**
 * Where the console opens after sign-in: returnUrl/backurl when safe, else the landing of spec 000
 * §2 (the workbench when the login page config has a main first URL, otherwise the welcome view).
 */
function enterConsole(mainFirstUrl: Promise<string>) {
  const back = readReturnUrl(window.location.search);
  if (back) return window.location.assign(STANDALONE_PAGE.test(back) ? back : `/index.html#${back}`);
  mainFirstUrl.then(
    (url) => window.location.assign(`/index.html#${landingPath(url)}`),
    () => window.location.assign(`/index.html#${landingPath('')}`),
  );
}

/** login.html: sign-in, picture code, register, forgotten password, department choice, forced password change. */
export function LoginPage({ client }: { client: ApiClient }) {
  const api = useMemo(() => signInApi(client.request), [client]);
  // (the request layer's session errors reach the machine here too: a session ended while the
  // department is chosen or the menus load shows its alert, as in the console)
  const { sessionRef: session, state, ctx } = useSession(client);
  const [preload, setPreload] = useState<Preload | null>(null);
  const [form, setForm] = useState({ loginName: '', loginPassword: '', photoCode: '', verifyStr: '' });
  const [dialog, setDialog] = useState<'register' | 'forgot' | null>(null);
  const [notice, setNotice] = useState('');
  const [deptId, setDeptId] = useState<number | null>(null);
  const [newPassword, setNewPassword] = useState({ first: '', second: '', error: '' });
  // The server ends the session after a forced change (docs/decisions.md); the page then signs in
  // again with the new password, so the user lands in the console instead of on an empty form.
  const reentry = useRef<{ loginName: string; loginPassword: string } | null>(null);
  useEffect(() => {
    if (state === 'passwordChangeRequired') reentry.current = null;
    if (state === 'anonymous' && reentry.current) {
      const credentials = reentry.current;
      reentry.current = null;
      setForm((f) => ({ ...f, loginName: credentials.loginName, loginPassword: '' }));
      setNewPassword({ first: '', second: '', error: '' });
      setNotice('密码已修改，请使用新密码登录');
      session.send({ type: 'session.login', ...credentials });
    }
  }, [state, session]);

  useEffect(() => {
    api.preload().then(setPreload, () => setPreload(null));
  }, [api]);
  useEffect(() => {
    if (state === 'authenticated')
      enterConsole(client.request<string>({ url: ConfigPaths.loginPageConfig, silent: true }));
  }, [state, client]);
  // Each picture code answers once: after every failed attempt a new one is shown. The server
  // counts failures per login name, so it is asked whether this name now needs the code.
  const [attempt, setAttempt] = useState(0);
  const [serverWantsPhoto, setServerWantsPhoto] = useState(false);
  const askServer = (loginName: string) => {
    if (loginName.trim())
      api.check(loginName.trim()).then(
        (r) => setServerWantsPhoto(r.needPhotoCode),
        () => undefined,
      );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an attempt ends, not when the name is typed
  useEffect(() => {
    if (state === 'anonymous' && ctx.error) {
      setAttempt((a) => a + 1);
      askServer(form.loginName);
    }
  }, [state, ctx.error]);
  useEffect(() => {
    if (preload?.loginIconName) document.title = `登录 · ${preload.loginIconName}`;
  }, [preload]);

  /** 退出登录 (or 重新登录) under a step after the sign-in: ends the session, back to the form. */
  const logoutLink = (text: string) => (
    <div className="login-links">
      <button type="button" onClick={() => session.send({ type: 'session.logout' })}>
        {text}
      </button>
    </div>
  );
  const busy =
    state === 'authenticating' ||
    state === 'checking' ||
    state === 'loadingMenus' ||
    state === 'selectingDepartment';
  const showPhoto = ctx.photoCodeRequired || serverWantsPhoto || preload?.photoCodeConfig.mode === 'ALWAYS';
  const background = preload?.loginBackground
    ? { backgroundImage: `url(${preload.loginBackground})` }
    : undefined;
  const depts = ctx.userInfo ? dataDeptChoices(ctx.userInfo) : [];

  return (
    <main className="login-page" style={background}>
      <Card className="login-card" elevation={3}>
        <div className="login-brand">
          {preload?.loginIcon ? (
            <img src={preload.loginIcon} alt="" width={40} height={40} />
          ) : (
            <img src="/favicon.svg" alt="" width={40} height={40} />
          )}
          <h1>{preload?.loginIconName || '智慧养老平台'}</h1>
        </div>
        {(state === 'anonymous' || state === 'authenticating' || state === 'checking') && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setNotice('');
              session.send({ type: 'session.login', ...form });
            }}
          >
            <FormGroup label="账号" labelFor="loginName">
              <InputGroup
                id="loginName"
                autoComplete="username"
                value={form.loginName}
                onChange={(e) => setForm({ ...form, loginName: e.target.value })}
                onBlur={() => askServer(form.loginName)}
              />
            </FormGroup>
            <FormGroup label="密码" labelFor="loginPassword">
              <InputGroup
                id="loginPassword"
                type="password"
                autoComplete="current-password"
                value={form.loginPassword}
                onChange={(e) => setForm({ ...form, loginPassword: e.target.value })}
              />
            </FormGroup>
            {showPhoto && (
              <PhotoCodeField
                api={api}
                value={form.photoCode}
                refreshKey={attempt}
                onChange={(photoCode, verifyStr) => setForm((f) => ({ ...f, photoCode, verifyStr }))}
              />
            )}
            {ctx.error && state === 'anonymous' && (
              <Callout intent={Intent.DANGER} className="login-error" data-testid="login-error" icon={null}>
                {ctx.error.message}
              </Callout>
            )}
            {notice && (
              <Callout intent={Intent.SUCCESS} icon={null}>
                {notice}
              </Callout>
            )}
            <Button type="submit" intent={Intent.PRIMARY} fill size="large" loading={busy} text="登录" />
            <div className="login-links">
              <button type="button" onClick={() => setDialog('register')}>
                注册账号
              </button>
              <button type="button" onClick={() => setDialog('forgot')}>
                忘记密码
              </button>
            </div>
          </form>
        )}
        {(state === 'choosingDepartment' || (state === 'selectingDepartment' && deptId !== null)) && (
          <div data-testid="dept-chooser">
            <h3>请选择数据部门</h3>
            <RadioGroup
              selectedValue={deptId ?? undefined}
              onChange={(e) => setDeptId(Number(e.currentTarget.value))}
            >
              {depts.map((d) => (
                <Radio key={d.deptId} value={d.deptId} label={d.deptName} />
              ))}
            </RadioGroup>
            {ctx.error && <Callout intent={Intent.DANGER}>{ctx.error.message}</Callout>}
            <Button
              intent={Intent.PRIMARY}
              fill
              disabled={deptId === null}
              loading={state === 'selectingDepartment'}
              text="进入系统"
              onClick={() => deptId !== null && session.send({ type: 'session.selectDept', deptId })}
            />
            {logoutLink('退出登录')}
          </div>
        )}
        {(state === 'loadingMenus' || (state === 'selectingDepartment' && deptId === null)) && (
          <div className="login-entering" role="status">
            <Spinner size={20} />
            正在进入系统…
          </div>
        )}
        {(state === 'passwordChangeRequired' || state === 'changingPassword') && (
          <div data-testid="forced-password">
            <Callout intent={Intent.WARNING}>首次登录或密码已被重置，请先修改密码。</Callout>
            <FormGroup label="新密码" labelFor="np1" helperText="8-64位，须同时包含字母和数字">
              <InputGroup
                id="np1"
                type="password"
                value={newPassword.first}
                onChange={(e) => setNewPassword({ ...newPassword, first: e.target.value })}
              />
            </FormGroup>
            <FormGroup label="确认新密码" labelFor="np2">
              <InputGroup
                id="np2"
                type="password"
                value={newPassword.second}
                onChange={(e) => setNewPassword({ ...newPassword, second: e.target.value })}
              />
            </FormGroup>
            {(newPassword.error || ctx.error) && (
              <Callout intent={Intent.DANGER}>{newPassword.error || ctx.error?.message}</Callout>
            )}
            <Button
              intent={Intent.PRIMARY}
              fill
              loading={state === 'changingPassword'}
              text="修改密码"
              onClick={() => {
                if (newPassword.first !== newPassword.second)
                  return setNewPassword({ ...newPassword, error: '两次输入的密码不一致' });
                setNewPassword({ ...newPassword, error: '' });
                reentry.current = {
                  loginName: ctx.userInfo?.username ?? form.loginName,
                  loginPassword: newPassword.first,
                };
                session.send({ type: 'session.changePassword', password: newPassword.first });
              }}
            />
            {logoutLink('退出登录')}
          </div>
        )}
        {(state === 'loggingOut' || state === 'leaving') && <p>正在返回登录…</p>}
        {state === 'startupFailed' && (
          <>
            <Callout intent={Intent.DANGER}>加载菜单失败：{ctx.error?.message}</Callout>
            {logoutLink('重新登录')}
          </>
        )}
      </Card>
      {preload?.recordNum && (
        <footer className="login-footer">
          {preload.recordNumDesc} · {preload.recordNum}
        </footer>
      )}
      <SessionAlert
        state={state}
        text={ctx.alertText}
        onClose={() => session.send({ type: 'session.alertClosed' })}
      />
      <Suspense fallback={null}>
        {dialog === 'register' ? (
          <RegisterDialog
            api={api}
            isOpen
            onClose={() => setDialog(null)}
            onRegistered={(name) => {
              setDialog(null);
              setForm((f) => ({ ...f, loginName: name, loginPassword: '' }));
              setNotice('注册成功，请登录');
            }}
          />
        ) : null}
        {dialog === 'forgot' ? (
          <ForgotPasswordDialog
            api={api}
            isOpen
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              setNotice('密码已重置，请使用新密码登录');
            }}
          />
        ) : null}
      </Suspense>
    </main>
  );
}
