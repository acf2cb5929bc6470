import { useEffect, useState } from 'react';
import { FORM_BASE } from '../../domain/resources/contract.js';
import { PROFILE } from '../../domain/resources/oldman.js';
import { useApp } from '../../src/app/AppContext.js';

type Row = Record<string, unknown>;

/** The chosen elder's profile row and the chosen template's text, loaded as the choice changes. */
export function usePreviewSources(oldmanId: number, templateId: number) {
  const { request } = useApp();
  const [elder, setElder] = useState<Row | null>(null);
  const [template, setTemplate] = useState<Row | null>(null);
  useEffect(() => {
    if (!oldmanId) return setElder(null);
    let live = true;
    request<Row>({ url: `${PROFILE}/${oldmanId}`, silent: true }).then(
      (row) => live && setElder(row),
      () => live && setElder(null),
    );
    return () => {
      live = false;
    };
  }, [request, oldmanId]);
  useEffect(() => {
    if (!templateId) return setTemplate(null);
    let live = true;
    request<Row>({ url: `${FORM_BASE}/templates/files/${templateId}`, silent: true }).then(
      (row) => live && setTemplate(row),
      () => live && setTemplate(null),
    );
    return () => {
      live = false;
    };
  }, [request, templateId]);
  return { elder, template };
}
