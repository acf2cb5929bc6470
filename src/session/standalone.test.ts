import { describe, expect, it } from 'vitest';
import { readReturnUrl } from '../menu/landing.js';
import { leaveFor, WALL_PAGE } from './standalone.js';

describe('leaveFor', () => {
  it('sends a visitor without a session to login.html, which brings them back to the wall', () => {
    const target = leaveFor('anonymous', null);
    expect(target).toBe('/login.html?returnUrl=%2Ffullchart.html');
    expect(readReturnUrl(new URL(target ?? '', 'http://x').search)).toBe(WALL_PAGE);
    expect(leaveFor('choosingDepartment', null)).toBe(target);
    expect(leaveFor('passwordChangeRequired', null)).toBe(target);
  });

  it('shows a start-up failure on error.html and stays otherwise', () => {
    expect(leaveFor('startupFailed', { code: 500, message: '菜单加载失败' })).toBe(
      '/error.html?code=500&msg=%E8%8F%9C%E5%8D%95%E5%8A%A0%E8%BD%BD%E5%A4%B1%E8%B4%A5',
    );
    expect(leaveFor('authenticated', null)).toBeNull();
    expect(leaveFor('expired', null)).toBeNull();
  });
});
