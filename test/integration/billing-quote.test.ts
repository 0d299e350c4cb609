/**
 * billing.quote through the real server (issue 27, item 4): the operator's settings reach it (the
 * seller's country, the VAT service at VAT_SERVICE_URL with its key), a refused input names its
 * message, and quotes are counted per client address (QUOTE_LIMIT), whoever is signed in.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, type TestDatabase } from '../support/database';
import { rawRequest, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let vatService: Server;
const asked: Array<{ path: string; apiKey: unknown }> = [];

/** A VAT service that knows Belgium at 21 % and finds one number valid. */
function standInVatService(): Server {
  return createServer((request, response) => {
    asked.push({ path: request.url ?? '', apiKey: request.headers['x-api-key'] });
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const validation = request.url?.startsWith('/validations');
      response.end(
        JSON.stringify(
          validation
            ? { valid: request.url === '/validations?vat_number=BE0403170701' }
            : { member_state: true, vat: { rate: 21 } },
        ),
      );
    });
  });
}

beforeAll(async () => {
  vatService = standInVatService();
  await new Promise<void>((resolve) => vatService.listen(0, '127.0.0.1', resolve));
  const { port } = vatService.address() as AddressInfo;
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    // The test speaks as several client addresses through X-Forwarded-For.
    trustProxy: ['loopback'],
    limits: { quotes: { max: 3, windowSeconds: 60 } },
    billing: {
      seller: { name: 'SimGames', address: [], countryCode: 'FR', vatNumber: null, email: null },
      vatService: { url: `http://127.0.0.1:${port}`, apiKey: 'key-of-the-operator' },
    },
  });
});
afterAll(async () => {
  await server.close();
  await database.drop();
  vatService.closeAllConnections();
  await new Promise<void>((resolve) => vatService.close(() => resolve()));
});

/** billing.quote as the page asks it (an HTTP query), from `address`. */
const quote = (input: unknown, address: string) =>
  rawRequest(
    server.url,
    `/api/trpc/billing.quote?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`,
    { method: 'GET', headers: { 'x-forwarded-for': address } },
  );

const answerOf = (body: unknown) => (body as { result: { data: { json: unknown } } }).result.data.json;
const valuesOf = (body: unknown) =>
  (body as { error: { json: { data: { values?: unknown } } } }).error.json.data.values;

describe('billing.quote', () => {
  it("asks the operator's VAT service, with its key, and reverses the charge for a valid number of another state", async () => {
    const answer = await quote(
      { countryCode: 'be', vatNumber: 'BE 0403 170 701', amountCents: 14_900 },
      '192.0.2.1',
    );
    expect(answer.status).toBe(200);
    expect(answerOf(answer.body)).toEqual({
      countryCode: 'BE',
      standardRate: 2100,
      rate: 0,
      currency: 'EUR',
      symbol: '€',
      reverseCharge: true,
      taxCents: 0,
      totalCents: 14_900,
      vatNumberValid: true,
      vatNumber: 'BE0403170701',
    });
    expect(asked).toEqual(
      expect.arrayContaining([
        { path: '/quotes', apiKey: 'key-of-the-operator' },
        { path: '/validations?vat_number=BE0403170701', apiKey: 'key-of-the-operator' },
      ]),
    );
  });

  it("charges the seller's own country its VAT, valid number or not", async () => {
    const answer = await quote(
      { countryCode: 'FR', vatNumber: 'FR40303265045', amountCents: 10_000 },
      '192.0.2.2',
    );
    // The stand-in finds this number invalid: VAT is charged, and it would be anyway.
    expect(answerOf(answer.body)).toMatchObject({ rate: 2100, taxCents: 2100, vatNumberValid: false });
  });

  it.each([
    [{ countryCode: 'France', amountCents: 100 }, 'billing.errCountry', undefined],
    [{ countryCode: 'F1', amountCents: 100 }, 'billing.errCountry', undefined],
    [{ countryCode: 'FR', amountCents: 0 }, 'number.errRange', { min: 0.01, max: 100_000_000 }],
    [{ countryCode: 'FR', amountCents: 10.5 }, 'number.errRange', { min: 0.01, max: 100_000_000 }],
    [{ countryCode: 'FR', amountCents: 10_000_000_001 }, 'number.errRange', { min: 0.01, max: 100_000_000 }],
    [{ countryCode: 'FR', amountCents: '100' }, 'errors.invalidInput', undefined],
    [{ countryCode: 'FR', amountCents: 100, vatNumber: 'x'.repeat(33) }, 'errors.textTooLong', { max: 32 }],
    [{ countryCode: 'FR', amountCents: 100, vatNumber: 'BE\u0000' }, 'errors.textInvalid', undefined],
  ])('refuses %j with %s', async (input, messageId, values) => {
    const answer = await quote(input, '198.51.100.7');
    expect(answer.status).toBe(400);
    expect(answer.messageId).toBe(messageId);
    if (values) expect(valuesOf(answer.body)).toEqual(values);
  });

  it('counts quotes per client address: the fourth in a minute waits, another address does not', async () => {
    const input = { countryCode: 'US', amountCents: 100 };
    for (let call = 0; call < 3; call++) expect((await quote(input, '203.0.113.5')).status).toBe(200);
    const refused = await quote(input, '203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.messageId).toBe('errors.tooManyRequests');
    expect((await quote(input, '203.0.113.6')).status).toBe(200);
  });
});
