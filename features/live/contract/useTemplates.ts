import { useEffect, useState } from 'react';
import { FORM_BASE, TEMPLATE_LIST } from '../../../domain/resources/contract.js';
import { useApp } from '../../../src/app/AppContext.js';

export interface TemplateOption {
  templateId: number;
  templateName: string;
  typeId: number;
  typeName: string;
  /** The template family (templateType.isHome): 0/1 HTML documents, 2 forms. */
  isHome: number;
}
export const FORM_FAMILY = 2;

/** Enabled templates in their saved order (template/list), with each one's family. */
export function useTemplates(): TemplateOption[] {
  const { request } = useApp();
  const [options, setOptions] = useState<TemplateOption[]>([]);
  useEffect(() => {
    let live = true;
    Promise.all([
      request<{ list: Omit<TemplateOption, 'isHome'>[] }>({
        url: TEMPLATE_LIST,
        params: { pageHelper: 0, status: 1 },
        silent: true,
      }),
      request<{ typeId: number; isHome: number }[]>({ url: `${FORM_BASE}/templateType`, silent: true }),
    ]).then(
      ([templates, types]) => {
        const family = new Map(types.map((t) => [t.typeId, t.isHome]));
        if (live) setOptions(templates.list.map((t) => ({ ...t, isHome: family.get(t.typeId) ?? 0 })));
      },
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [request]);
  return options;
}
