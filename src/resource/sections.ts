import type { FieldDef, ResourceDef } from '../../domain/resource.js';

export interface FieldGroup {
  key: string;
  /** '' for fields outside every section (shown last, without a heading in a form). */
  title: string;
  fields: FieldDef[];
}

/** Fields in the order of def.sections; groups left empty (e.g. by `only`) are dropped. */
export function groupBySection(def: ResourceDef, fields: readonly FieldDef[]): FieldGroup[] {
  const sections = def.sections ?? [];
  const known = new Set(sections.map((s) => s.key));
  const groups: FieldGroup[] = [
    ...sections.map((s) => ({
      key: s.key,
      title: s.title,
      fields: fields.filter((f) => f.section === s.key),
    })),
    { key: '', title: '', fields: fields.filter((f) => !f.section || !known.has(f.section)) },
  ];
  return groups.filter((g) => g.fields.length > 0);
}

/** The field names of one section, for a section-only update (`only`). */
export const sectionFields = (def: ResourceDef, key: string) =>
  def.fields.filter((f) => f.section === key && !f.readOnly).map((f) => f.name);
