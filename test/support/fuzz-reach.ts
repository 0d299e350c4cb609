/**
 * How deep the fuzz gets: per procedure, how many calls passed every middleware (input
 * validation, sign-in, access to the game or session) and reached the procedure's own resolver.
 * A procedure whose inputs are all refused at the door is tested for its refusals only.
 *
 * tRPC runs a procedure as a chain of middlewares whose last one, `resolveMiddleware`, calls the
 * resolver; the chain is an array shared by the procedure and its caller, so replacing its last
 * link counts every call that reaches it, whether it came over HTTP or a WebSocket.
 */
import type { AnyTRPCRouter } from '@trpc/server';

type Link = (options: unknown) => Promise<unknown>;
const COUNTED = Symbol('counted by fuzz-reach');

export interface ResolverCalls {
  /** Calls of `path` that reached its resolver since the counter was installed. */
  of(path: string): number;
}

/** Counts the calls of every procedure of `router` that reach its resolver (once per router). */
export function countResolverCalls(router: AnyTRPCRouter): ResolverCalls {
  const calls = new Map<string, number>();
  const procedures = router._def.procedures as Record<string, { _def: { middlewares: Link[] } }>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const chain = procedure._def.middlewares;
    const resolve = chain.at(-1) as (Link & { [COUNTED]?: true }) | undefined;
    if (resolve?.[COUNTED]) throw new Error(`${path}: its resolver is counted already`);
    // A tRPC that builds procedures otherwise fails here, not with a table of zeros.
    if (resolve?.name !== 'resolveMiddleware')
      throw new Error(`${path}: the last middleware is ${resolve?.name}, not tRPC's resolveMiddleware`);
    const counted = Object.assign(
      (options: unknown) => {
        calls.set(path, (calls.get(path) ?? 0) + 1);
        return resolve(options);
      },
      { [COUNTED]: true as const },
    );
    chain[chain.length - 1] = counted;
  }
  return { of: (path) => calls.get(path) ?? 0 };
}

export interface ReachRow {
  path: string;
  sent: number;
  reached: number;
}

/** The reach table, one procedure a line, then a summary: `fuzz reach: 79/79 procedures, ...`. */
export function reachTable(rows: readonly ReachRow[]): string {
  const width = Math.max(...rows.map((row) => row.path.length));
  const lines = rows.map(
    (row) =>
      `  ${row.path.padEnd(width)} ${String(row.reached).padStart(6)} of ${String(row.sent).padStart(6)}` +
      `  ${row.sent === 0 ? '' : `${((100 * row.reached) / row.sent).toFixed(0).padStart(3)} %`}` +
      (row.reached === 0 ? '  NEVER REACHED' : ''),
  );
  const reached = rows.filter((row) => row.reached > 0).length;
  const total = (key: 'sent' | 'reached') => rows.reduce((sum, row) => sum + row[key], 0);
  return [
    'fuzz reach: inputs that passed validation and access and reached the resolver, per procedure',
    ...lines,
    `fuzz reach: ${reached}/${rows.length} procedures reached, ${total('reached')} of ${total('sent')} inputs`,
  ].join('\n');
}
