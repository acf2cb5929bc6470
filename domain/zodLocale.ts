import { z } from 'zod';

/**
 * Validation messages in Chinese everywhere a schema runs (server and console). Zod's own zh-CN
 * texts leak English ("期望 number >0", "string <=5 字符", regexes); ours say what is wrong in words
 * a clerk reads, written to follow the field's name: 金额 + 应为数字. The server puts the field's
 * Chinese name in front (server/http/errors.ts); a form shows the text beside its field.
 */
export const defaultMessageStarts = [
  '不能为空',
  '应为',
  '至少',
  '不能',
  '必须',
  '最多',
  '取值无效',
  '格式不正确',
];

type Issue = z.core.$ZodRawIssue;

function message(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return '不能为空';
      const expected = String(issue.expected);
      if (expected === 'int') return '应为整数';
      if (expected === 'number' || expected === 'bigint' || expected === 'nan') return '应为数字';
      if (expected === 'string') return '应为文字';
      if (expected === 'boolean') return '应为是或否';
      if (expected === 'array') return '应为列表';
      if (expected === 'date') return '应为日期';
      return '格式不正确';
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少${min}个字`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? '至少选择一项' : `至少${min}项`;
      return issue.inclusive ? `不能小于${min}` : `必须大于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `不能超过${max}个字`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}项`;
      return issue.inclusive ? `不能大于${max}` : `必须小于${max}`;
    }
    case 'invalid_format':
      return '格式不正确';
    case 'unrecognized_keys':
      return '格式不正确：含有无法识别的内容';
    default:
      return '取值无效';
  }
}

z.config({ localeError: (issue) => message(issue) });
