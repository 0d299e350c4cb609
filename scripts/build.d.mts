/** The types of scripts/build.mjs, for the tests and load runs that start the built server. */
export declare const root: string;
/** dist/server/main.js */
export declare const serverEntry: string;
export declare function isStale(part: 'client' | 'server'): boolean;
export declare function buildServer(): Promise<void>;
export declare function buildParts(options?: {
  client?: boolean;
  server?: boolean;
  stale?: boolean;
}): Promise<Array<'client' | 'server'>>;
