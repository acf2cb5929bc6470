import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every console source file: what the browser draws. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|html)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// A native date box reads mm/dd/yyyy outside China and has no month control in Firefox or Safari:
// dates are entered through src/ui/dates (decisions: "Dates are typed text …").
// (A field definition's `type: 'date'` is drawn by FieldInput through them; only markup is looked for.)
const NATIVE = /\btype\s*=\s*[{]?\s*["'`](date|month|week|time|datetime-local)["'`]/;

describe('date entry', () => {
  it('draws no native date, month, week, time or date-time input anywhere in the console', () => {
    const files = [...sources('src'), ...sources('features'), ...sources('public')].filter((f) =>
      NATIVE.test(readFileSync(f, 'utf8')),
    );
    expect(files).toEqual([]);
  });

  it('would notice one', () => {
    expect(NATIVE.test('<InputGroup type="date" />')).toBe(true);
    expect(NATIVE.test("<input type='month'>")).toBe(true);
    expect(NATIVE.test('type={"datetime-local"}')).toBe(true);
    expect(NATIVE.test('<InputGroup type="text" />')).toBe(false);
    expect(NATIVE.test("xAxis: { type: 'time' }")).toBe(false);
  });
});
