import { useEffect, useState } from 'react';
import { today } from '../../../domain/clock.js';
import { FORM_BASE } from '../../../domain/resources/contract.js';
import { type DocumentFamily, institutionDocuments } from '../../../domain/resources/documents.js';
import { useApp } from '../../../src/app/AppContext.js';

type Row = Record<string, unknown>;

/**
 * The chosen elder's row (of the family's elders, as the placeholders read it) and the chosen
 * template's text, loaded as the choice changes.
 */
export function usePreviewSources(
  oldmanId: number,
  templateId: number,
  family: DocumentFamily = institutionDocuments,
) {
  const { request } = useApp();
  const [elder, setElder] = useState<Row | null>(null);
  const [template, setTemplate] = useState<Row | null>(null);
  useEffect(() => {
    if (!oldmanId) return setElder(null);
    let live = true;
    request<Row>({ url: family.elderDetail.replace(':id', String(oldmanId)), silent: true }).then(
      (row) => live && setElder(family.elderValues(row, today())),
      () => live && setElder(null),
    );
    return () => {
      live = false;
    };
  }, [request, oldmanId, family]);
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
