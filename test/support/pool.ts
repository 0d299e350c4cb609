/**
 * Connections each test server and each test's own database handle may open to PostgreSQL: two
 * test files run at once (vitest.config.ts), each with up to three servers and a handle, well within
 * PostgreSQL's default of 100 connections. A server's own default is 20 (config.ts).
 */
export const TEST_POOL_MAX = 8;
