import type { Api } from './api';

export interface MeasureResult {
  /** responses received (any status) */
  answered: number;
  /** requests sent (some may still be in flight when the run ends) */
  sent: number;
}

export type Query = <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

export interface Scenario {
  name: string;
  /** path on the ceiling server measured in the same run, or none */
  ceiling?: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  auth?: boolean;
  connections: number;
  /** the scenario answers 302 (a redirect is its success, not a non-2xx) */
  expect302?: boolean;
  /** target numbers from the issues; a miss is reported, never lowered */
  targets: { ratioOfCeiling?: number; p99Ms?: number; minRps?: number };
  /** makes the data the scenario needs through the API; answers the path to load (and state for verify) */
  setup?(api: Api): Promise<{ path: string; state?: Record<string, number | string> }>;
  /** after the load: checks on the database (PostgreSQL runs only); answers the misses */
  verify?(api: Api, result: MeasureResult, state: Record<string, number | string>, query: Query): Promise<string[]>;
}
