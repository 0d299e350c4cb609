/**
 * The VAT service adapter (src-server/billing/vat-service.ts) against a real HTTP server on this
 * machine standing in for the operator's VAT service: what it sends (the API key header, the
 * quote's amount 100 and country, the VAT number in the query), what it makes of the answers, and
 * that a failure, a slow answer or nonsense costs the buyer nothing (the table's rate; an unknown
 * verdict, which counts as valid) and is logged. And the quote the purchase and /quote share.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  offlineVatService,
  onlineVatService,
  percentToBasisPoints,
  quoteFor,
  type VatService,
  vatServiceFor,
  wellFormedVatNumber,
} from '../../src-server/billing/vat-service';

interface Received {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
}

type Reply = (request: Received, response: ServerResponse) => void;

let server: Server;
let url: string;
const received: Received[] = [];
/** How the stand-in answers the next calls (per test). */
let reply: Reply;
const warnings: Array<{ msg: string }> = [];
const log = pino(
  { level: 'warn' },
  {
    write: (line: string) => {
      warnings.push(JSON.parse(line) as { msg: string });
    },
  },
);

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** A VAT service that knows three member states and two valid numbers. */
const standIn: Reply = (request, response) => {
  if (request.method !== 'POST') return json(response, 405, {});
  const address = new URL(request.path, 'http://x');
  if (address.pathname === '/quotes') {
    const { country_code: country, amount } = request.body as { country_code: string; amount: number };
    const rates: Record<string, number> = { FR: 20, FI: 25.5, RO: 19 };
    if (amount !== 100) return json(response, 422, { error: 'amount' });
    if (!(country in rates)) return json(response, 200, { member_state: false, vat: { rate: 0 } });
    return json(response, 200, { member_state: true, country_code: country, vat: { rate: rates[country] } });
  }
  if (address.pathname === '/validations') {
    const number = address.searchParams.get('vat_number');
    if (number === 'FR40303265045') return json(response, 200, { valid: null });
    return json(response, 200, { valid: number === 'BE0403170701' });
  }
  json(response, 404, {});
};

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      const call: Received = {
        method: request.method ?? '',
        path: request.url ?? '',
        apiKey: request.headers['x-api-key'] as string | undefined,
        body: text ? JSON.parse(text) : undefined,
      };
      received.push(call);
      reply(call, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  warnings.length = 0;
  reply = standIn;
});

const online = (options: { timeoutMs?: number; rateCacheMs?: number } = {}) =>
  onlineVatService({ url, apiKey: 'public-key-1', log, rateCacheMs: 0, ...options });

describe('the online VAT service', () => {
  it("asks for a member state's rate with amount 100 and the API key, and reads the percentage", async () => {
    const service = online();
    expect(await service.rateOf('fr')).toBe(2000);
    expect(await service.rateOf('FI')).toBe(2550);
    // The service's rate, not the table's (Romania's is 21 % there).
    expect(await service.rateOf('RO')).toBe(1900);
    expect(received).toEqual([
      { method: 'POST', path: '/quotes', apiKey: 'public-key-1', body: { amount: 100, country_code: 'FR' } },
      { method: 'POST', path: '/quotes', apiKey: 'public-key-1', body: { amount: 100, country_code: 'FI' } },
      { method: 'POST', path: '/quotes', apiKey: 'public-key-1', body: { amount: 100, country_code: 'RO' } },
    ]);
    expect(warnings).toEqual([]);
  });

  it('does not ask about a country outside the EU', async () => {
    expect(await online().rateOf('US')).toBeNull();
    expect(received).toEqual([]);
  });

  it("keeps a member state's rate for a while", async () => {
    const service = online({ rateCacheMs: 60_000 });
    expect(await service.rateOf('FR')).toBe(2000);
    expect(await service.rateOf('FR')).toBe(2000);
    expect(received).toHaveLength(1);
  });

  it('validates a well-formed number with the service, the number in the query', async () => {
    const service = online();
    expect(await service.validate('BE0403170701')).toBe(true);
    expect(await service.validate('DE136695976')).toBe(false);
    expect(await service.validate('FR40303265045')).toBeNull();
    expect(received.map((call) => [call.path, call.apiKey, call.body])).toEqual([
      ['/validations?vat_number=BE0403170701', 'public-key-1', undefined],
      ['/validations?vat_number=DE136695976', 'public-key-1', undefined],
      ['/validations?vat_number=FR40303265045', 'public-key-1', undefined],
    ]);
  });

  it('finds a badly formed number invalid without asking', async () => {
    expect(await online().validate('BE0403170702')).toBe(false);
    expect(received).toEqual([]);
  });

  it('sends no key header when none is configured', async () => {
    await onlineVatService({ url, apiKey: null, log, rateCacheMs: 0 }).rateOf('FR');
    expect(received[0]?.apiKey).toBeUndefined();
  });

  it('falls back on a 500: the rate from the table, the number unknown, both logged', async () => {
    reply = (_request, response) => json(response, 500, { error: 'down' });
    const service = online();
    expect(await service.rateOf('RO')).toBe(2100);
    expect(await service.validate('BE0403170701')).toBeNull();
    expect(warnings.map((line) => line.msg)).toEqual([
      'VAT service: rate from the table',
      'VAT service: validation unknown',
    ]);
  });

  it('falls back when the service is too slow', async () => {
    const held: ServerResponse[] = [];
    reply = (_request, response) => {
      held.push(response);
    };
    const service = online({ timeoutMs: 200 });
    const started = Date.now();
    expect(await service.rateOf('FR')).toBe(2000);
    expect(await service.validate('BE0403170701')).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warnings).toHaveLength(2);
    for (const response of held) response.end();
  });

  it('falls back on answers that say nothing usable, and when nobody listens', async () => {
    const answers: unknown[] = [
      { member_state: true, vat: { rate: 'twenty' } },
      { member_state: true, vat: { rate: 120 } },
      { member_state: false, vat: { rate: 20 } },
      { valid: 'yes' },
      null,
    ];
    reply = (_request, response) => json(response, 200, answers.shift());
    const service = online();
    expect(await service.rateOf('FR')).toBe(2000);
    expect(await service.rateOf('FR')).toBe(2000);
    expect(await service.rateOf('FR')).toBe(2000);
    expect(await service.validate('BE0403170701')).toBeNull();
    expect(await service.validate('BE0403170701')).toBeNull();
    const nobody = onlineVatService({ url: 'http://127.0.0.1:9', apiKey: null, log, rateCacheMs: 0 });
    expect(await nobody.rateOf('DE')).toBe(1900);
    expect(await nobody.validate('BE0403170701')).toBeNull();
    expect(warnings).toHaveLength(7);
  });
});

describe('the offline VAT service', () => {
  it('gives the table and checks the format only: well formed is unknown, else invalid', async () => {
    expect(await offlineVatService.rateOf('RO')).toBe(2100);
    expect(await offlineVatService.rateOf('US')).toBeNull();
    expect(await offlineVatService.validate('BE0403170701')).toBeNull();
    expect(await offlineVatService.validate('EL094259216')).toBeNull();
    expect(await offlineVatService.validate('BE0403170702')).toBe(false);
    expect(await offlineVatService.validate('GB123456789')).toBe(false);
  });

  it('is the one used unless the operator configures a service', () => {
    expect(vatServiceFor(undefined, log)).toBe(offlineVatService);
    expect(vatServiceFor({ url, apiKey: null }, log)).not.toBe(offlineVatService);
  });
});

describe('a VAT number format', () => {
  it.each([
    ['BE0403170701', true],
    ['ATU13585627', true],
    ['DE136695976', true],
    ['NL004495445B01', true],
    ['EL094259216', true],
    ['ELGR094259216', false],
    ['BE0403170702', false],
    ['FR0403170701', false],
    ['XX123', false],
  ])('%s is well formed: %s', (number, wellFormed) => {
    expect(wellFormedVatNumber(number)).toBe(wellFormed);
  });
});

describe('a percentage from the service', () => {
  it.each([
    [21, 2100],
    [25.5, 2550],
    ['21.00', 2100],
    [0, 0],
    [100, 10_000],
    [101, null],
    [-1, null],
    [21.005, null],
    ['21%', null],
    [null, null],
    [Number.NaN, null],
  ])('%j is %j basis points', (value, basisPoints) => {
    expect(percentToBasisPoints(value)).toBe(basisPoints);
  });
});

describe('a quote', () => {
  const request = { countryCode: 'BE', amountCents: 10_000 };
  const services: Array<[string, () => VatService]> = [
    ['offline', () => offlineVatService],
    ['online', () => online()],
  ];

  it.each(services)('(%s) reverses the charge for a valid Belgian number', async (_name, service) => {
    expect(await quoteFor(service(), 'FR', { ...request, vatNumber: ' BE 0403.170.701 ' })).toEqual({
      countryCode: 'BE',
      standardRate: 2100,
      rate: 0,
      currency: 'EUR',
      symbol: '€',
      reverseCharge: true,
      taxCents: 0,
      totalCents: 10_000,
      vatNumberValid: true,
      vatNumber: 'BE0403170701',
    });
  });

  it.each(services)(
    "(%s) charges the seller's country its VAT, valid number or not",
    async (_name, service) => {
      expect(await quoteFor(service(), 'BE', { ...request, vatNumber: 'BE0403170701' })).toMatchObject({
        rate: 2100,
        reverseCharge: false,
        taxCents: 2100,
        totalCents: 12_100,
        vatNumberValid: true,
      });
    },
  );

  it.each(services)('(%s) charges VAT on an invalid number and says so', async (_name, service) => {
    for (const vatNumber of ['BE0403170702', 'FR40303265045', 'nonsense'])
      expect(await quoteFor(service(), null, { ...request, vatNumber })).toMatchObject({
        rate: 2100,
        reverseCharge: false,
        taxCents: 2100,
        vatNumberValid: false,
        vatNumber: null,
      });
  });

  it('charges VAT when the online service finds a well-formed number invalid', async () => {
    expect(
      await quoteFor(online(), null, { countryCode: 'DE', amountCents: 999, vatNumber: 'DE136695976' }),
    ).toMatchObject({
      rate: 1900,
      taxCents: 190,
      totalCents: 1189,
      vatNumberValid: false,
    });
  });

  it('gives no verdict without a number, nor outside the EU, where no VAT is charged', async () => {
    expect(await quoteFor(offlineVatService, null, { countryCode: 'fr', amountCents: 999 })).toMatchObject({
      countryCode: 'FR',
      rate: 2000,
      taxCents: 200,
      totalCents: 1199,
      vatNumberValid: null,
    });
    expect(
      await quoteFor(online(), null, { countryCode: 'US', amountCents: 999, vatNumber: 'BE0403170701' }),
    ).toEqual({
      countryCode: 'US',
      standardRate: 0,
      rate: 0,
      currency: 'USD',
      symbol: '$',
      reverseCharge: false,
      taxCents: 0,
      totalCents: 999,
      vatNumberValid: null,
      vatNumber: null,
    });
    expect(received).toEqual([]);
  });

  it("charges the service's rate when it has one", async () => {
    expect(await quoteFor(online(), null, { countryCode: 'RO', amountCents: 10_000 })).toMatchObject({
      standardRate: 1900,
      rate: 1900,
      taxCents: 1900,
    });
  });
});
