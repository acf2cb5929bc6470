/**
 * What a form (report) template's content holds: the fields a member of staff fills in, stored
 * as JSON in template.content. The spec leaves the format open (docs/decisions.md).
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'date' | 'select';
export const fieldKindNames: Record<FieldKind, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  date: '日期',
  select: '单选',
};
export interface FormField {
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Choices of a select field. */
  options: string[];
}

export const blankField = (): FormField => ({ label: '', kind: 'text', required: false, options: [] });

const isKind = (k: unknown): k is FieldKind => typeof k === 'string' && k in fieldKindNames;

/** Reads stored content; anything that is not our JSON gives no fields and readable=false. */
export function parseFormContent(content: string): { fields: FormField[]; readable: boolean } {
  if (!content.trim()) return { fields: [], readable: true };
  try {
    const raw = (JSON.parse(content) as { fields?: unknown }).fields;
    if (!Array.isArray(raw)) return { fields: [], readable: false };
    const fields = raw.flatMap((f: Partial<FormField>) =>
      f && typeof f.label === 'string' && isKind(f.kind)
        ? [
            {
              label: f.label,
              kind: f.kind,
              required: f.required === true,
              options: Array.isArray(f.options) ? f.options.filter((o) => typeof o === 'string') : [],
            },
          ]
        : [],
    );
    return { fields, readable: fields.length === raw.length };
  } catch {
    return { fields: [], readable: false };
  }
}

export function serializeFormContent(fields: FormField[]): string {
  return JSON.stringify({
    fields: fields.map((f) => ({
      label: f.label.trim(),
      kind: f.kind,
      required: f.required,
      options: f.kind === 'select' ? choices(f) : [],
    })),
  });
}

/** A select's choices as saved: trimmed, empty ones dropped (the editor keeps them while typing). */
export const choices = (f: FormField) => f.options.map((o) => o.trim()).filter(Boolean);

/** The first thing wrong with the fields, in the words the page shows, or null. */
export function fieldsProblem(fields: FormField[]): string | null {
  const seen = new Set<string>();
  for (const [i, f] of fields.entries()) {
    const label = f.label.trim();
    if (!label) return `第${i + 1}个字段未填写名称`;
    if (seen.has(label)) return `字段“${label}”重复`;
    seen.add(label);
    if (f.kind === 'select' && choices(f).length < 2) return `单选字段“${label}”至少需要两个选项`;
  }
  return null;
}
