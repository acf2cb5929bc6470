import {
  Button,
  Callout,
  FileInput,
  FormGroup,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Radio,
  RadioGroup,
  Section,
  SectionCard,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { PasswordForm } from './PasswordForm.js';
import { AvatarRule } from './profile.js';
import { type Profile, useProfile } from './useProfile.js';
import './callboard.css';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="profile-fact">
      <span className="profile-fact-label">{label}</span>
      <span className="profile-fact-value">{children}</span>
    </div>
  );
}

/** The avatar with its upload (spec 000 §5 checks first, then POST common/upload). */
function AvatarCard({ profile }: { profile: Profile }) {
  const { record, facts, busy, avatarError, uploadAvatar } = profile;
  return (
    <SectionCard className="profile-card">
      <div className="profile-avatar" data-testid="profile-avatar">
        {record?.headImage ? <img src={record.headImage} alt="头像" /> : <Icon icon="person" size={56} />}
      </div>
      <div className="profile-name">{record?.empName}</div>
      <div className="profile-login">{facts?.loginName}</div>
      <FileInput
        className="profile-upload"
        text={busy === 'avatar' ? '上传中…' : '选择图片'}
        buttonText="上传头像"
        disabled={busy !== null}
        inputProps={{ accept: 'image/*', 'aria-label': '上传头像' }}
        onInputChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void uploadAvatar(file);
        }}
      />
      <div className="profile-hint">
        支持 {AvatarRule.extensions.join('/')}，不超过 {AvatarRule.maxMb}MB
      </div>
      {avatarError && (
        <Callout intent={Intent.DANGER} className="form-error" data-testid="avatar-error">
          {avatarError}
        </Callout>
      )}
    </SectionCard>
  );
}

/** /callboard/personal/information: the signed-in user's own profile and password. */
export function PersonalInformation() {
  const profile = useProfile();
  const { facts, record, draft, problems, error, busy, edit, reset, save } = profile;
  usePageRefresh(() => void profile.load());
  if (!facts || !record)
    return (
      <div className="page" data-testid="page-personal">
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : <NonIdealState icon={<Spinner />} />}
      </div>
    );
  return (
    <div className="page profile-page" data-testid="page-personal">
      <Section title="我的头像" className="profile-side">
        <AvatarCard profile={profile} />
      </Section>
      <div className="profile-main">
        <Section title="基本信息" icon="id-number">
          <SectionCard>
            <div className="profile-facts">
              <Fact label="账号">{facts.loginName}</Fact>
              <Fact label="所属机构">{facts.orgName}</Fact>
              <Fact label="部门">{facts.deptName}</Fact>
              <Fact label="岗位">{facts.jobNames.join('、') || '—'}</Fact>
              <Fact label="数据部门">
                {facts.dataDeptNames.length
                  ? facts.dataDeptNames.map((d) => (
                      <Tag key={d} minimal className="profile-tag">
                        {d}
                      </Tag>
                    ))
                  : '—'}
              </Fact>
            </div>
          </SectionCard>
          <SectionCard>
            <form
              className="profile-form"
              data-testid="profile-form"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <FormGroup
                label="姓名"
                labelFor="profile-empName"
                labelInfo="*"
                helperText={problems.empName}
                intent={problems.empName ? Intent.DANGER : Intent.NONE}
              >
                <InputGroup
                  id="profile-empName"
                  value={draft.empName}
                  maxLength={32}
                  onChange={(e) => edit('empName', e.target.value)}
                />
              </FormGroup>
              <FormGroup label="性别">
                <RadioGroup
                  inline
                  selectedValue={draft.sex}
                  onChange={(e) => edit('sex', Number(e.currentTarget.value))}
                >
                  <Radio value={0} label="男" />
                  <Radio value={1} label="女" />
                </RadioGroup>
              </FormGroup>
              <FormGroup
                label="手机号"
                labelFor="profile-phoneNum"
                labelInfo="*"
                helperText={problems.phoneNum ?? '也用于找回密码的短信验证'}
                intent={problems.phoneNum ? Intent.DANGER : Intent.NONE}
              >
                <InputGroup
                  id="profile-phoneNum"
                  value={draft.phoneNum}
                  maxLength={11}
                  inputMode="numeric"
                  onChange={(e) => edit('phoneNum', e.target.value)}
                />
              </FormGroup>
              {error && (
                <Callout intent={Intent.DANGER} className="form-error" data-testid="profile-error">
                  {error}
                </Callout>
              )}
              <div className="profile-actions">
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  icon="floppy-disk"
                  text="保存"
                  loading={busy === 'save'}
                />
                <Button text="重置" onClick={reset} disabled={busy !== null} />
              </div>
            </form>
          </SectionCard>
        </Section>
        <Section title="修改密码" icon="lock">
          <SectionCard>
            <PasswordForm userId={facts.userId} />
          </SectionCard>
        </Section>
      </div>
    </div>
  );
}
