/**
 * The hosted service's settings (README, "Plans and billing"). `PLANS=off`, the default, is the
 * self-hosted product: every instructor has every game type without limit and the commerce
 * screens are hidden. `PLANS=on` turns on plans, trials, purchases and invoices.
 */
import type { SellerParty } from '../../src-shared/billing/invoice';

export interface BillingConfig {
  /** Plans, limits and commerce screens on (the hosted service) or off (self-hosting). */
  plans: boolean;
  /** The operator on its invoices; its country's buyers pay its VAT even with a VAT number. */
  seller: SellerParty;
  /** A VIES-style VAT service (quotes and validations); none: the built-in table and format check. */
  vatService?: { url: string; apiKey: string | null };
  /** Days a trial plan lasts. */
  trialDays: number;
  /** Players at once under a trial plan. */
  trialPlayers: number;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1, got "${text}"`);
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = (env[name] ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  if (text === 'on' || text === 'true' || text === '1') return true;
  if (text === 'off' || text === 'false' || text === '0') return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

function countryCode(env: NodeJS.ProcessEnv, name: string): string | null {
  const text = (env[name] ?? '').trim().toUpperCase();
  if (text === '') return null;
  if (!/^[A-Z]{2}$/.test(text))
    throw new Error(`${name} must be a two-letter country code, got "${env[name]}"`);
  return text;
}

function serviceUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = (env[name] ?? '').trim();
  if (text === '') return undefined;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  }
  return text.replace(/\/$/, '');
}

export function billingConfig(env: NodeJS.ProcessEnv): BillingConfig {
  const vatUrl = serviceUrl(env, 'VAT_SERVICE_URL');
  return {
    plans: onOff(env, 'PLANS', false),
    seller: {
      name: env.SELLER_NAME?.trim() || 'SimGames',
      address: (env.SELLER_ADDRESS ?? '')
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
      countryCode: countryCode(env, 'SELLER_COUNTRY') ?? '',
      vatNumber: env.SELLER_VAT_NUMBER?.trim() || null,
      email: env.SELLER_EMAIL?.trim() || null,
    },
    vatService: vatUrl ? { url: vatUrl, apiKey: env.VAT_SERVICE_KEY?.trim() || null } : undefined,
    trialDays: whole(env, 'TRIAL_DAYS', 14),
    trialPlayers: whole(env, 'TRIAL_PLAYERS', 30),
  };
}
