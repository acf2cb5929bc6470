import type { ComponentType } from 'react';

/** Loads a custom view's component (its own chunk: screens load lazily, spec 001 §2). */
export type ViewLoader = () => Promise<ComponentType>;

/** A folder's custom views by the keys its module descriptors name (`view: 'live.Archives'`). */
export type ViewLoaders = Readonly<Record<string, ViewLoader>>;

/** The loader of one named export of a lazily imported file. */
export const view =
  <M, K extends keyof M>(load: () => Promise<M>, name: K): ViewLoader =>
  () =>
    load().then((m) => m[name] as ComponentType);
