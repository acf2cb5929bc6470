import { z } from 'zod';

/**
 * 健康宣教 (spec 001 §2 "Education, base /education"; §7 "Education (/hpms/web-hp)"): paths, screens,
 * authority codes and article states, shared by the console, the server and articleMachine.
 */
const HP = '/hpms/web-hp';
export const EducationPaths = {
  category: `${HP}/articleCategory`,
  categoryOne: `${HP}/articleCategory/:id`,
  categorySort: `${HP}/articleCategory/updateSort/:ids/:indexes`,
  article: `${HP}/edArticle`,
  articleOne: `${HP}/edArticle/:id`,
  articleState: `${HP}/edArticle/updateState/:ids/:state`,
  articleSort: `${HP}/edArticle/updateSort/:ids/:indexes`,
} as const;

/** Spec 001 §9: isWard 1 is a department's education, 0 the whole organisation's. */
export const IsWard = { ward: 1, whole: 0 } as const;
export type IsWardCode = (typeof IsWard)[keyof typeof IsWard];

export const EducationScreens = {
  ward: '/education/ward/list',
  wardSave: '/education/ward/save',
  whole: '/education/wholeWard/list',
  wholeSave: '/education/wholeWard/save',
} as const;

export const EducationAuthority = {
  group: 'education',
  ward: 'education:ward',
  whole: 'education:whole',
  /** Articles and categories: 新增/编辑/删除/排序. */
  edit: 'education:article:edit',
  publish: 'education:article:publish',
  category: 'education:category',
} as const;

/** Longest article body, in characters of HTML. */
export const MAX_ARTICLE_HTML = 100_000;

const idList = z
  .string()
  .regex(/^\d{1,12}(,\d{1,12}){0,199}$/, '编号无效')
  .transform((s) => s.split(',').map(Number));
const indexList = z
  .string()
  .regex(/^\d{1,6}(,\d{1,6}){0,199}$/, '排序号无效')
  .transform((s) => s.split(',').map(Number));

/** updateSort/{ids}/{indexes}: as many sort indexes as ids, in the same order. */
export const sortParams = z
  .object({ ids: idList, indexes: indexList })
  .refine((p) => p.ids.length === p.indexes.length, '编号与排序号数量不一致');

export const stateParams = z.object({
  ids: idList,
  state: z.enum(['1', '2'], { error: '状态只能是1（发布）或2（撤回）' }).transform(Number),
});

export const changedAnswer = z.object({ changed: z.number().int() });

/**
 * An image an article may show (issue #42 point 2): a file of our own file store (what the upload
 * route answers: /files/…), or any https address. Anything else — a pasted image still inline
 * (data:, blob:), http:, a bare name — is refused with articleImageMessage, never dropped silently.
 */
export const isArticleImageSrc = (src: string) =>
  /^\/files\/[\w./-]+$/.test(src) && !src.includes('..') ? true : /^https:\/\/[^\s"'<>]+$/i.test(src);

/** What a save with images the article may not keep says (the console before sending, the server). */
export const articleImageMessage = (srcs: readonly string[]) => {
  const inline = srcs.filter((s) => /^(data|blob):/i.test(s.trim())).length;
  const other = srcs.length - inline;
  return [
    inline ? `正文中有${inline}张图片尚未上传（粘贴的内嵌图片），请删除后重新粘贴或用“图片”按钮插入` : '',
    other ? `正文中有${other}张图片的地址不可用，图片须为本平台上传的图片或 https 地址` : '',
  ]
    .filter(Boolean)
    .join('；');
};
