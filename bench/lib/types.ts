import type { Api } from './api';

export interface MeasureResult {
  /** responses received (any status) */
  answered: number;
  /** responses 2xx */
  ok: number;
  /** requests sent (some may still be in flight when the run ends) */
  sent: number;
  /** when the load ended (ms since the epoch) */
  endedAt: number;
}

export type Query = <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }>;

/** what a scenario's setup made: where to send the load and how */
export interface Prepared {
  path: string;
  state?: Record<string, number | string>;
  /** extra request headers (e.g. the affiliate's X-Api-Key) */
  headers?: Record<string, string>;
  /** the JSON body of the i-th request (0-based), when each request needs its own */
  body?: (i: number) => unknown;
  /** the ceiling's path when it is not the scenario's `ceiling` (the click: the same path as the app's) */
  ceilingPath?: string;
  /** the path of the i-th request, when each request needs its own */
  pathOf?: (i: number) => string;
  /** extra headers of the i-th request (e.g. a visitor's X-Forwarded-For), when each request needs its own */
  headersOf?: (i: number) => Record<string, string>;
}

export interface Scenario {
  name: string;
  /** path on the ceiling server measured in the same run, or none */
  ceiling?: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  auth?: boolean;
  connections: number;
  /** a fixed number of requests instead of BENCH_DURATION seconds */
  amount?: number;
  /** the setup writes with SQL (and verify reads): PostgreSQL runs only */
  needsDatabase?: boolean;
  /** the scenario answers 302 (a redirect is its success, not a non-2xx) */
  expect302?: boolean;
  /** answers other than 2xx are expected (e.g. a cap refusing the rest) and not a miss by themselves */
  allowNon2xx?: boolean;
  /** target numbers from the issues; a miss is reported, never lowered */
  targets: { ratioOfCeiling?: number; p99Ms?: number; minRps?: number };
  /** the targets on the embedded database where they differ (issue 22: the lead row ≥ 500/s on PGlite) */
  embeddedTargets?: { ratioOfCeiling?: number; p99Ms?: number; minRps?: number };
  /** makes the data the scenario needs through the API (and SQL when given); answers the path to load and state for verify */
  setup?(api: Api, query: Query | undefined): Promise<Prepared>;
  /** after the load: checks on the database (PostgreSQL runs only); answers the misses; `note` adds a figure to the row */
  verify?(
    api: Api,
    result: MeasureResult,
    state: Record<string, number | string>,
    query: Query,
    note: (text: string) => void,
  ): Promise<string[]>;
}
