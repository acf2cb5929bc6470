import { HTMLSelect } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApp } from '../../app/AppContext.js';
import {
  deepestCode,
  levelCodes,
  loadRegionChildren,
  loadRegionPath,
  REGION_LEVELS,
  type RegionOption,
  ROOT_REGION,
} from './regionPath.js';

const LEVELS = [
  { label: '省', placeholder: '请选择省' },
  { label: '市', placeholder: '请选择市' },
  { label: '区县', placeholder: '请选择区县' },
] as const;

export interface RegionSelectProps {
  /** A 6-digit division code of any level, or null. */
  value: string | null;
  /** The deepest chosen code; null when the province is cleared. */
  onChange(code: string | null): void;
  disabled?: boolean;
  /** Given to the province select, for a FormGroup's labelFor. */
  id?: string;
}

/** Province / city / county cascade over LookupPaths.regions (spec 000 §3 region tree). */
export function RegionSelect({ value, onChange, disabled = false, id }: RegionSelectProps) {
  const { request } = useApp();
  const [codes, setCodes] = useState<string[]>(() => levelCodes([]));
  const [children, setChildren] = useState<ReadonlyMap<string, RegionOption[]>>(() => new Map());
  // The selection as last set here, to tell an echo of our own onChange from a new value.
  const current = useRef(codes);
  const select = useCallback((next: string[]) => {
    current.current = next;
    setCodes(next);
  }, []);
  const learn = useCallback(
    (parentCode: string, list: RegionOption[]) =>
      setChildren((known) => (known.get(parentCode) === list ? known : new Map(known).set(parentCode, list))),
    [],
  );

  // A value from outside (a stored record): load its path and every list on it, then preselect.
  useEffect(() => {
    if (value === deepestCode(current.current)) return;
    if (value === null) {
      select(levelCodes([]));
      return;
    }
    let live = true;
    loadRegionPath(request, value)
      .then((path) =>
        Promise.all(path.map((r) => loadRegionChildren(request, r.parentCode))).then((lists) => {
          if (!live) return;
          path.forEach((r, i) => {
            const list = lists[i];
            if (list) learn(r.parentCode, list);
          });
          select(levelCodes(path));
        }),
      )
      .catch(() => undefined); // the API client has already shown the failure
    return () => {
      live = false;
    };
  }, [request, value, select, learn]);

  // The list of each level: the provinces, then the children of the level above once chosen.
  const parents = [ROOT_REGION, ...codes.slice(0, REGION_LEVELS - 1)];
  const parentKey = parents.join(',');
  useEffect(() => {
    let live = true;
    for (const parentCode of parentKey.split(',')) {
      if (!parentCode) continue;
      loadRegionChildren(request, parentCode).then(
        (list) => {
          if (live) learn(parentCode, list);
        },
        () => undefined, // shown by the API client; asked again on the next choice
      );
    }
    return () => {
      live = false;
    };
  }, [request, parentKey, learn]);

  const choose = (level: number, code: string) => {
    const next = codes.map((c, i) => (i < level ? c : i === level ? code : ''));
    select(next);
    onChange(deepestCode(next));
  };

  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {LEVELS.map((level, i) => {
        const parentCode = parents[i] ?? '';
        const options = (parentCode && children.get(parentCode)) || [];
        return (
          <HTMLSelect
            key={level.label}
            id={i === 0 ? id : undefined}
            aria-label={level.label}
            value={codes[i] ?? ''}
            disabled={disabled || options.length === 0}
            onChange={(e) => choose(i, e.currentTarget.value)}
          >
            <option value="">{level.placeholder}</option>
            {options.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </HTMLSelect>
        );
      })}
    </div>
  );
}
