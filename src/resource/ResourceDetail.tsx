import { Button, Callout, Card, H5, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { type FieldDef, type ResourceDef, refNameKey } from '../../domain/resource.js';
import { useApp } from '../app/AppContext.js';
import { loadRegionName } from '../ui/region/regionPath.js';
import { EMPTY_TEXT, formatValue, type Row } from './format.js';
import { fillPath } from './listQuery.js';
import { groupBySection } from './sections.js';
import { useLookup } from './useLookup.js';

export interface ResourceDetailProps {
  def: ResourceDef;
  /** The row to show; without it the row is loaded by id from def.api.get. */
  row?: Row;
  id?: number;
  /** Section keys to show, in def.sections order (default: all; '' is the fields outside sections). */
  sections?: readonly string[];
  /** Shows an 编辑 button on each section. */
  onEditSection?(sectionKey: string, row: Row): void;
  /** A change reloads the row by id. */
  refreshKey?: unknown;
}

/** A ref whose row came without its name falls back to the lookup's label. */
function RefValue({ field, row }: { field: FieldDef; row: Row }) {
  const named = row[refNameKey(field.name)] != null;
  const labels = useLookup(named ? undefined : field.ref);
  return <>{formatValue(field, row, labels) || EMPTY_TEXT}</>;
}

/** A region code shows its full name (省市区) unless the row carries it. */
function RegionValue({ field, row }: { field: FieldDef; row: Row }) {
  const { request } = useApp();
  const code = row[field.name];
  const named = row[refNameKey(field.name)] != null;
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (named || typeof code !== 'string' || !code) return;
    let live = true;
    loadRegionName(request, code).then(
      (found) => live && setName(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, code, named]);
  return <>{name ?? (formatValue(field, row) || EMPTY_TEXT)}</>;
}

function Value({ field, row }: { field: FieldDef; row: Row }) {
  if (field.type === 'ref') return <RefValue field={field} row={row} />;
  if (field.type === 'region') return <RegionValue field={field} row={row} />;
  const text = formatValue(field, row);
  if (field.type === 'image' && text) return <img className="resource-thumb" src={text} alt={field.label} />;
  return <>{text || EMPTY_TEXT}</>;
}

/** Label and value pairs of a record, one card per section. */
export function ResourceDetail({ def, row, id, sections, onEditSection, refreshKey }: ResourceDetailProps) {
  const { request } = useApp();
  const [loaded, setLoaded] = useState<Row | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is a reload trigger
  useEffect(() => {
    if (row || id === undefined || !def.api.get) return;
    let live = true;
    setError('');
    request<Row>({ url: fillPath(def.api.get, [id]), silent: true }).then(
      (answer) => live && setLoaded(answer),
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, def.api.get, row, id, refreshKey]);
  const record = row ?? loaded;
  if (error) return <Callout intent={Intent.DANGER}>{error}</Callout>;
  if (!record) return <Spinner size={24} aria-label="加载中" />;
  const groups = groupBySection(def, def.fields).filter((g) => !sections || sections.includes(g.key));
  return (
    <div className="resource-detail" data-testid={`resource-detail-${def.name}`}>
      {groups.map((group) => {
        const title = group.title || (def.sections?.length ? '其他信息' : `${def.title}信息`);
        return (
          <Card key={group.key} compact className="resource-section" role="region" aria-label={title}>
            <div className="resource-section-head">
              <H5>{title}</H5>
              {onEditSection ? (
                <Button
                  size="small"
                  icon="edit"
                  text="编辑"
                  onClick={() => onEditSection(group.key, record)}
                />
              ) : null}
            </div>
            <dl className="resource-pairs">
              {group.fields.map((f) => (
                <div key={f.name} className={f.wide || f.type === 'textarea' ? 'resource-wide' : undefined}>
                  <dt>{f.label}</dt>
                  <dd data-field={f.name}>
                    <Value field={f} row={record} />
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        );
      })}
    </div>
  );
}
