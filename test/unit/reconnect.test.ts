import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, socketAddress } from '../../src-client/api-links';

describe('reconnecting after the server went away', () => {
  it('tries again quickly, then at most every second, so a page knocks within a second of the server', () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      expect(reconnectDelayMs(attempt, () => 0.999)).toBeLessThan(1000);
      expect(reconnectDelayMs(attempt, () => 0)).toBeGreaterThanOrEqual(100);
    }
    expect(reconnectDelayMs(0, () => 0)).toBe(100);
  });

  it('spreads a class over half a second instead of reconnecting all at once', () => {
    expect(reconnectDelayMs(10, () => 0)).toBe(500);
    expect(reconnectDelayMs(10, () => 0.5)).toBe(750);
  });

  it("names the game of the page in the socket's address, for the proxy to keep a game on one process", () => {
    const base = 'wss://games.example.org/api/trpc';
    expect(socketAddress(base, '/game/Ab3_x-9/play')).toBe(`${base}?game=Ab3_x-9`);
    expect(socketAddress(base, '/game/Ab3_x-9')).toBe(`${base}?game=Ab3_x-9`);
    for (const page of ['/', '/dashboard/games', '/session/s1/lobby', '/j/ABCDEF', '/gameplay'])
      expect(socketAddress(base, page)).toBe(base);
  });
});
