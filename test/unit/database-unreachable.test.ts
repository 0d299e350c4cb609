import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../src-server/db/unreachable';

/** An error as pg raises it: PostgreSQL's SQLSTATE, or Node's socket code, in `code`. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('a database that cannot be reached', () => {
  it.each([
    ['a server that refuses connections', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection reset', pgError('read ECONNRESET', 'ECONNRESET')],
    ['a server shutting down', pgError('terminating connection due to administrator command', '57P01')],
    ['a server starting up', pgError('the database system is starting up', '57P03')],
    ['a connection failure', pgError('could not connect to server', '08006')],
    ['a connection lost mid-query', pgError('Connection terminated unexpectedly')],
    ['a pool that waited for a connection', pgError('timeout exceeded when trying to connect')],
    ['the same, wrapped', new Error('append failed', { cause: pgError('x', 'ECONNREFUSED') })],
  ])('is %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique key violated', pgError('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', pgError('could not serialize access', '40001')],
    ['a syntax error', pgError('syntax error at or near', '42601')],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is not %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
