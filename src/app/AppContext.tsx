import { createContext, type ReactNode, useContext } from 'react';
import type { Request } from './request.js';

export interface AppServices {
  request: Request;
  /** Shows a short toast (spec: 2500 ms); one with a key replaces the shown toast of that key. */
  toast(message: string, intent?: 'success' | 'warning' | 'danger' | 'primary', key?: string): void;
  /** The data department in use, where a new record goes by default; undefined with 全部部门. */
  dataDeptId?: number;
}

const AppContext = createContext<AppServices | null>(null);

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside AppProvider');
  return services;
}
