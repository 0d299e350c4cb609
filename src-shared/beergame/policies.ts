/**
 * Computer players (rules "Computer players"): pure functions of a facility's own numbers.
 * A policy string is `passthrough`, `fixed:N`, `basestock:f1,f2,...` (one target per facility in
 * network order, or one for all) or `sterman:theta,alpha,beta,S'`.
 */
import { MAX_ORDER_QUANTITY } from './constants';
import type { BeerState, WeekRow } from './state';
import { facilityPlansOf } from './week';

export type Policy =
  | { kind: 'passthrough' }
  | { kind: 'fixed'; quantity: number }
  | { kind: 'basestock'; targets: number[] }
  | { kind: 'sterman'; theta: number; alpha: number; beta: number; target: number };

const parsed = new Map<string, Policy | null>();

/** Parses a policy string; null when it is not valid. */
export function parsePolicy(text: string): Policy | null {
  let policy = parsed.get(text);
  if (policy === undefined) {
    policy = parsePolicyText(text);
    if (parsed.size < 10_000) parsed.set(text, policy);
  }
  return policy;
}

function parsePolicyText(text: string): Policy | null {
  const trimmed = text.trim();
  const [name, argText] = trimmed.includes(':')
    ? [trimmed.slice(0, trimmed.indexOf(':')), trimmed.slice(trimmed.indexOf(':') + 1)]
    : [trimmed, null];
  const numbers =
    argText === null ? [] : argText.split(',').map((x) => (x.trim() === '' ? Number.NaN : Number(x)));
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  switch (name) {
    case 'passthrough':
      return argText === null ? { kind: 'passthrough' } : null;
    case 'fixed':
      if (numbers.length !== 1 || !Number.isInteger(numbers[0]) || numbers[0]! < 0) return null;
      return { kind: 'fixed', quantity: numbers[0]! };
    case 'basestock':
      if (numbers.length < 1 || numbers.some((n) => n < 0)) return null;
      return { kind: 'basestock', targets: numbers };
    case 'sterman': {
      if (numbers.length !== 4) return null;
      const [theta, alpha, beta, target] = numbers as [number, number, number, number];
      if (theta < 0 || theta > 1 || alpha < 0 || beta < 0 || target < 0) return null;
      return { kind: 'sterman', theta, alpha, beta, target };
    }
    default:
      return null;
  }
}

/**
 * Whether a policy's numbers are within what a game may be given, checked like an order: a
 * quantity or a stock target at most MAX_ORDER_QUANTITY, Sterman's α and β fractions (0 to 1).
 * `parsePolicy` stays lenient so that a game saved before these bounds still folds the same.
 */
function withinBounds(policy: Policy): boolean {
  switch (policy.kind) {
    case 'passthrough':
      return true;
    case 'fixed':
      return policy.quantity <= MAX_ORDER_QUANTITY;
    case 'basestock':
      return policy.targets.every((target) => target <= MAX_ORDER_QUANTITY);
    case 'sterman':
      return policy.alpha <= 1 && policy.beta <= 1 && policy.target <= MAX_ORDER_QUANTITY;
  }
}

/** Whether a policy may be given to a game (a command's check): it parses and its numbers are in bounds. */
export function isValidPolicy(text: string): boolean {
  const policy = parsePolicy(text);
  return policy !== null && withinBounds(policy);
}

/** The kinds of policy `parsePolicy` knows, for a form's select. */
export const POLICY_NAMES = [
  'passthrough',
  'fixed',
  'basestock',
  'sterman',
] as const satisfies readonly Policy['kind'][];
export type PolicyName = (typeof POLICY_NAMES)[number];

/**
 * A valid policy of each kind with the classic game's parameters (docs/beergame.md, "Computer
 * players"): what a select offers, and a form starts from when the instructor edits the numbers.
 */
export const POLICY_EXAMPLES: Readonly<Record<PolicyName, string>> = {
  passthrough: 'passthrough',
  fixed: 'fixed:4',
  basestock: 'basestock:32,32,32,24',
  sterman: 'sterman:0.36,0.26,0.34,17',
};

/** What a policy sees of one product at one facility when it decides. */
export interface PolicyInput {
  /** Position of the facility in network order (basestock targets). */
  facilityIndex: number;
  /** Orders that reached the facility this week for the product (plus components needed by production). */
  demand: number;
  /** The same, week by week from week 1 up to this week. */
  demandHistory: number[];
  netInventory: number;
  /** Units ordered and not yet received. */
  supplyLine: number;
  /** Sterman: a precomputed smoothing of `demandHistory` with the policy's theta (same result, faster). */
  expected?: number;
}

/** Round half up. */
const roundHalfUp = (x: number) => Math.floor(x + 0.5);

/** The total quantity a policy orders for one product. */
export function policyOrder(policy: Policy, input: PolicyInput): number {
  switch (policy.kind) {
    case 'passthrough':
      return Math.max(0, input.demand);
    case 'fixed':
      return policy.quantity;
    case 'basestock': {
      const t = policy.targets;
      const target = t.length === 1 ? t[0]! : (t[input.facilityIndex] ?? t[t.length - 1]!);
      return Math.max(0, Math.round(target - (input.netInventory + input.supplyLine)));
    }
    case 'sterman': {
      let expected = input.expected;
      if (expected === undefined) {
        const h = input.demandHistory;
        expected = h.length > 0 ? h[0]! : input.demand;
        for (const l of h) expected = policy.theta * l + (1 - policy.theta) * expected;
      }
      const order =
        expected + policy.alpha * (policy.target - input.netInventory - policy.beta * input.supplyLine);
      return Math.max(0, roundHalfUp(order));
    }
  }
}

/**
 * The last smoothing computed for each facility position: the product row of the last week it
 * covered, the theta, and the result. History rows are immutable and a row object only ever
 * follows the same earlier rows, so when this week's history ends with the remembered row plus one,
 * one smoothing step gives the answer. A miss (another game, another theta) recomputes it all.
 * Plain identity checks: no WeakMap, whose entries cost more than the loop they would save.
 */
const lastSmoothing: Array<{ row: object; theta: number; expected: number } | undefined> = [];

/**
 * Sterman's smoothed demand over the facility's history: the same operations in the same order as
 * `policyOrder`'s loop over `demandHistory` (so bit for bit the same float), without building the
 * array, and from the previous week's result when it is remembered.
 */
function smoothedDemand(
  history: readonly WeekRow[],
  pid: string,
  theta: number,
  demand: number,
  slot: number,
): number {
  const n = history.length;
  if (n === 0) return demand;
  const last = history[n - 1]!.products[pid];
  const memo = lastSmoothing[slot];
  let start = 0;
  let expected = Number.NaN;
  if (memo !== undefined && memo.theta === theta) {
    if (memo.row === last) return memo.expected;
    if (n > 1 && memo.row === history[n - 2]!.products[pid]) {
      start = n - 1;
      expected = memo.expected;
    }
  }
  if (start === 0) expected = history[0]!.products[pid]?.demand ?? 0;
  for (let k = start; k < n; k++)
    expected = theta * (history[k]!.products[pid]?.demand ?? 0) + (1 - theta) * expected;
  if (!last) return expected;
  if (memo === undefined) lastSmoothing[slot] = { row: last, theta, expected };
  else {
    // The memo is this module's own object: updated in place, nothing else holds it.
    memo.row = last;
    memo.theta = theta;
    memo.expected = expected;
  }
  return expected;
}

/**
 * Makes a quantity respect a capability's constraints (moq, maximum, batch size; zero = none) and,
 * whatever the policy computed, the game's own maximum: the engine caps every order, as it refuses
 * a player's above it (guards.ts).
 */
export function fitConstraints(
  q: number,
  cap: { moq: number; maxOrderQty: number; batchSize: number },
): number {
  let x = Math.max(0, Math.round(q));
  if (!(x > 0)) return 0; // zero, or not a number
  if (cap.moq > 0 && x < cap.moq) x = cap.moq;
  if (cap.batchSize > 0) x = Math.ceil(x / cap.batchSize) * cap.batchSize;
  const max = cap.maxOrderQty > 0 ? Math.min(cap.maxOrderQty, MAX_ORDER_QUANTITY) : MAX_ORDER_QUANTITY;
  if (x > max) {
    x = max;
    if (cap.batchSize > 0) x = Math.floor(x / cap.batchSize) * cap.batchSize;
  }
  return x;
}

const NO_HISTORY: number[] = [];

/**
 * The orders of facility `fid` by capability under `policyText`. A component's demand counts the
 * components needed by the production requests that arrived this week; several capabilities for
 * one product share its order evenly (the remainder to the first); constraints are then applied.
 */
export function computerOrders(s: BeerState, fid: string, policyText: string): Record<string, number> {
  const policy = parsePolicy(policyText) ?? { kind: 'passthrough' };
  const i = s.index[fid]!;
  const f = s.facilities[i]!;
  const fc = s.live[i]!;
  const result: Record<string, number> = {};
  for (const { pid, capIds } of facilityPlansOf(s.live)[i]!.byPid) {
    const p = f.products[pid]!;
    const demand = p.incoming + p.internal;
    const total = policyOrder(policy, {
      facilityIndex: i,
      demand,
      // Sterman gets its smoothing precomputed (`expected`), so no policy reads the history here.
      demandHistory: NO_HISTORY,
      netInventory: p.stock - p.backlog,
      supplyLine: p.onOrder,
      expected:
        policy.kind === 'sterman' ? smoothedDemand(f.history, pid, policy.theta, demand, i) : undefined,
    });
    const share = Math.floor(total / capIds.length);
    for (let k = 0; k < capIds.length; k++) {
      const capId = capIds[k]!;
      const q = k === 0 ? total - share * (capIds.length - 1) : share;
      result[capId] = fitConstraints(q, fc.capabilities[capId]!);
    }
  }
  return result;
}

/**
 * How a policy is said to people (the instructor's choice, the close-week confirmation): a locale
 * message id and its values.
 */
export function describePolicy(
  text: string,
  facilityIndex = 0,
): { messageId: string; values: Record<string, number> } {
  const policy = parsePolicy(text);
  switch (policy?.kind) {
    case 'passthrough':
      return { messageId: 'policy.passthrough', values: {} };
    case 'fixed':
      return { messageId: 'policy.fixed', values: { quantity: policy.quantity } };
    case 'basestock':
      return {
        messageId: 'policy.basestock',
        values: { target: policy.targets[Math.min(facilityIndex, policy.targets.length - 1)]! },
      };
    case 'sterman':
      return {
        messageId: 'policy.sterman',
        values: { theta: policy.theta, alpha: policy.alpha, beta: policy.beta, target: policy.target },
      };
    default:
      return { messageId: 'policy.unknown', values: {} };
  }
}
