/** What screens need of the API client: one call, resolved with the payload or rejected with {code, message}. */
export interface RequestConfig {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  data?: unknown;
  form?: 'json' | 'urlencoded' | 'multipart';
  silent?: boolean;
  apiVersion?: 'V1.0' | '2';
  /** Milliseconds before the call fails with 请求超时, where the spec sets one (photos: 300000). */
  timeout?: number;
}
export type Request = <T>(config: RequestConfig) => Promise<T>;
