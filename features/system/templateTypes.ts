/**
 * The template families kept apart by templateType.isHome (docs/decisions.md); the server
 * (features/system/server/formTemplates.ts) uses the same numbers.
 */
export const TemplateFamily = { institution: 0, homeCare: 1, form: 2 } as const;
export type TemplateFamilyValue = (typeof TemplateFamily)[keyof typeof TemplateFamily];

export interface TemplateType {
  typeId: number;
  typeName: string;
  sort: number;
  isHome: number;
}
export interface Template {
  templateId: number;
  typeId: number;
  templateName: string;
  content: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  updateTime: string;
}

/** The server's limits (zod in formTemplates.ts), checked before sending. */
export const Limits = { typeName: 32, templateName: 64, content: 200_000 } as const;

export function typeNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return '请输入类型名称';
  if (trimmed.length > Limits.typeName) return `类型名称不能超过${Limits.typeName}个字`;
  return null;
}

/**
 * The whole order after moving one type up (-1) or down (+1), as PUT templateType/sort takes it;
 * null when it cannot move. Every type gets its index, so equal sorts from older data end too.
 */
export function moveType(
  types: readonly TemplateType[],
  typeId: number,
  delta: -1 | 1,
): { typeId: number; sort: number }[] | null {
  const from = types.findIndex((t) => t.typeId === typeId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= types.length) return null;
  const order = [...types];
  const [moved] = order.splice(from, 1);
  if (!moved) return null;
  order.splice(to, 0, moved);
  return order.map((t, sort) => ({ typeId: t.typeId, sort }));
}
