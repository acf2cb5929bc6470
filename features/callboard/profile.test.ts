import { describe, expect, it } from 'vitest';
import {
  avatarProblem,
  blankPassword,
  empUpdate,
  passwordProblems,
  profileProblems,
  type StaffRecord,
} from './profile.js';

const record: StaffRecord = {
  empId: 7,
  empName: '李秀英',
  phoneNum: '13800000002',
  sex: 1,
  language: 'zh-CN',
  headImage: '/files/images/a.png',
};
const MB = 1024 * 1024;

describe('profile checks', () => {
  it('asks for a name and an 11-digit mobile number', () => {
    expect(profileProblems({ empName: '  ', sex: 1, phoneNum: '1380000000' })).toEqual({
      empName: '请输入姓名',
      phoneNum: '请输入正确的手机号',
    });
    expect(profileProblems({ empName: '李'.repeat(33), sex: 1, phoneNum: '13800000002' })).toEqual({
      empName: '姓名不能超过32个字',
    });
    expect(profileProblems({ empName: '李秀英', sex: 1, phoneNum: '13900001111' })).toEqual({});
  });

  it('sends the whole staff record with the edits, trimmed, and keeps language and avatar', () => {
    expect(empUpdate(record, { empName: ' 李秀兰 ', sex: 1, phoneNum: ' 13900001111 ' })).toEqual({
      empId: 7,
      empName: '李秀兰',
      phoneNum: '13900001111',
      sex: 1,
      language: 'zh-CN',
      headImage: '/files/images/a.png',
    });
  });
});

describe('avatar checks (spec 000 §5)', () => {
  it('takes the listed formats whatever the case of the extension', () => {
    expect(avatarProblem({ name: '我.JPG', size: MB })).toBeNull();
    expect(avatarProblem({ name: 'me.webp', size: 2 * MB })).toBeNull();
  });
  it('refuses other formats and larger files with the spec messages', () => {
    expect(avatarProblem({ name: 'me.svg', size: 10 })).toBe(
      '上传头像图片要求是 jpg/jpeg/png/gif/bmp/webp 格式',
    );
    expect(avatarProblem({ name: 'png', size: 10 })).toBe(
      '上传头像图片要求是 jpg/jpeg/png/gif/bmp/webp 格式',
    );
    expect(avatarProblem({ name: 'me.png', size: 2 * MB + 1 })).toBe('上传头像图片大小不能超过 2MB');
    expect(avatarProblem({ name: 'me.png', size: 0 })).toBe('上传文件为空');
  });
});

describe('password change checks', () => {
  it('asks for every field', () => {
    expect(passwordProblems(blankPassword)).toEqual({
      oldPwd: '请输入原密码',
      newPwd: '请输入新密码',
      checkPwd: '请再次输入新密码',
    });
  });
  it('applies the password rule, refuses the old password again and a different repetition', () => {
    expect(passwordProblems({ oldPwd: 'Huli@2026', newPwd: 'short1', checkPwd: 'short1' }).newPwd).toBe(
      '密码长度须为8-64位',
    );
    expect(
      passwordProblems({ oldPwd: 'Huli@2026', newPwd: 'onlyletters', checkPwd: 'onlyletters' }).newPwd,
    ).toBe('密码须同时包含字母和数字');
    expect(passwordProblems({ oldPwd: 'Huli@2026', newPwd: 'Huli@2026', checkPwd: 'Huli@2026' }).newPwd).toBe(
      '新密码不能与原密码相同',
    );
    expect(passwordProblems({ oldPwd: 'Huli@2026', newPwd: 'Huli2026new', checkPwd: 'Huli2026neW' })).toEqual(
      {
        checkPwd: '两次输入的密码不一致',
      },
    );
    expect(passwordProblems({ oldPwd: 'Huli@2026', newPwd: 'Huli2026new', checkPwd: 'Huli2026new' })).toEqual(
      {},
    );
  });
});
