export interface Scenario {
  name: string;
  /** path on the ceiling server measured in the same run, or none */
  ceiling?: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  auth?: boolean;
  connections: number;
  /** target numbers from the issues; a miss is reported, never lowered */
  targets: { ratioOfCeiling?: number; p99Ms?: number; minRps?: number };
}
