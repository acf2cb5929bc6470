import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { LOADING_TEXT } from '../../domain/http.js';
import { on } from '../util/events.js';

/** The reference-counted busy indicator: shown while any non-silent call runs (spec 000 §4, §9). */
export function LoadingBar() {
  const [busy, setBusy] = useState(false);
  useEffect(() => on('loading', setBusy), []);
  if (!busy) return null;
  return (
    <div className="loading-bar" role="status" data-testid="loading">
      <Spinner size={14} />
      <span>{LOADING_TEXT}</span>
    </div>
  );
}
