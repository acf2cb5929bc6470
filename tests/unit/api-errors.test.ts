import { describe, expect, it } from 'vitest';
import { describeApiError, normaliseCode } from '../../src/api/errors.js';

const path = '/pims/x';
const d = (code: number | string, message = '出错了') => describeApiError({ code, message, path });

describe('spec 000 §8 error table, one row each', () => {
  it('4010 or 401 → toast 权限不足', () => {
    expect(d(4010)).toEqual({ code: 4010, text: '权限不足，无法访问，请联系管理员', kind: 'toast' });
    expect(d(401)).toMatchObject({ text: '权限不足，无法访问，请联系管理员', kind: 'toast' });
  });
  it('500 meaning token abnormal or organisation id empty → 4011', () => {
    expect(d(500, '用户token异常')).toMatchObject({
      code: 4011,
      kind: 'blockingAlert',
      text: '登录状态失效，请重新登录',
    });
    expect(d(5000, '机构id为空')).toMatchObject({ code: 4011 });
    expect(d(5000, '数据库错误')).toMatchObject({ code: 5000, text: '数据库错误#5000' });
  });
  it('4011 → blocking alert 登录状态失效，请重新登录', () =>
    expect(d(4011)).toEqual({ code: 4011, text: '登录状态失效，请重新登录', kind: 'blockingAlert' }));
  it('4012 → blocking alert 此账号已被其他人登录，请重新登录', () =>
    expect(d(4012)).toEqual({ code: 4012, text: '此账号已被其他人登录，请重新登录', kind: 'blockingAlert' }));
  it('4013 → blocking alert 用户关键信息发生变化，请重新登录', () =>
    expect(d(4013)).toEqual({ code: 4013, text: '用户关键信息发生变化，请重新登录', kind: 'blockingAlert' }));
  it('9999 → only logged', () => expect(d(9999)).toMatchObject({ kind: 'logOnly' }));
  it('998 → 脚本异常#998', () => expect(d(998).text).toBe('脚本异常#998'));
  it('404 → 接口不存在{path}#404', () => expect(d(404).text).toBe('接口不存在/pims/x#404'));
  it('403 or 2001 → 请求拒绝{path}#code', () => {
    expect(d(403).text).toBe('请求拒绝/pims/x#403');
    expect(d(2001).text).toBe('请求拒绝/pims/x#2001');
  });
  it('408 or 504 → 请求超时{path}#code', () => {
    expect(d(408).text).toBe('请求超时/pims/x#408');
    expect(d(504).text).toBe('请求超时/pims/x#504');
  });
  it('code over four digits → server message alone', () =>
    expect(d(10001, '参数校验失败').text).toBe('参数校验失败'));
  it('other → message#code', () => expect(d(999, '网络异常').text).toBe('网络异常#999'));
  it('500 and 401 get a trailing 0', () => {
    expect(normaliseCode(500)).toBe(5000);
    expect(normaliseCode(401)).toBe(4010);
    expect(normaliseCode(404)).toBe(404);
  });
});
