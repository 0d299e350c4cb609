/**
 * The front door's rules (issue 28): a demo's life, the loading redirect's target and the
 * leaderboard's lines and ranks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BeerCommand,
  beergameDecider,
  DecidedGame,
  initialBeerState,
  leaderboardEntry,
  rankLeaderboard,
  templateWeeks,
} from '../../../src-shared/beergame';
import {
  DEMO_CREATOR_ID,
  DEMO_LIFETIME_MS,
  demoExpired,
  demoExpiresAt,
  isDemoCreator,
} from '../../../src-shared/rules/demo';
import { isLocalPath, loadingTarget } from '../../../src-shared/rules/loading-target';

describe('a demo game', () => {
  it('is marked by its creator, which no account holds', () => {
    expect(isDemoCreator(DEMO_CREATOR_ID)).toBe(true);
    expect(isDemoCreator('Xy3kq0aZ1bC2dE3fG4hI5jK6lM7nO8pQ')).toBe(false);
    expect(isDemoCreator('')).toBe(false);
  });

  it('lives exactly a day', () => {
    expect(DEMO_LIFETIME_MS).toBe(86_400_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 2 * 86_400_000 }),
        (t, age) => {
          expect(demoExpiresAt(t)).toBe(t + 86_400_000);
          expect(demoExpired(t, t + age)).toBe(age >= 86_400_000);
        },
      ),
    );
  });
});

describe('the loading redirect', () => {
  it('sends an instructor to the dashboard and anyone else home', () => {
    expect(loadingTarget({ to: null, instructor: true })).toBe('/dashboard');
    expect(loadingTarget({ to: null, instructor: false })).toBe('/');
  });

  it('follows a path of this site', () => {
    expect(loadingTarget({ to: '/game/abc/play', instructor: false })).toBe('/game/abc/play');
    expect(loadingTarget({ to: '/dashboard/games?x=1#y', instructor: false })).toBe('/dashboard/games?x=1#y');
  });

  it('never sends anyone to another site, nor back to itself', () => {
    for (const to of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      ' /dashboard',
      '/ok\n//evil',
      '/a\\b',
      '',
      'dashboard',
      '/loading',
      '/loading?to=/x',
    ])
      expect(loadingTarget({ to, instructor: false })).toBe('/');
  });

  it('for any text, goes to a path that starts with one slash and is not protocol-relative', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 60 })), fc.boolean(), (to, instructor) => {
        const target = loadingTarget({ to, instructor });
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        expect(target.includes('\\')).toBe(false);
        // The browser reads it as this site's path.
        expect(new URL(target, 'https://app.example').origin).toBe('https://app.example');
        if (to !== null && isLocalPath(to)) expect(target).toBe(to);
      }),
    );
  });
});

/** A classic game (or `template`), `userId` in the retailer's seat, played to its end by closing each week. */
function playedGame(
  options: {
    template?: string;
    creatorId?: string;
    weeks?: number;
    player?: string | null;
    endAfter?: number;
  } = {},
) {
  const create = {
    type: 'CreateGame',
    gameId: 'g1',
    name: 'Game',
    creatorId: options.creatorId ?? 'instructor',
    seed: 1,
    template: options.template ?? 'classic',
    overrides: options.weeks === undefined ? {} : { weeks: options.weeks },
  } as BeerCommand;
  const system = { userId: 'system', role: 'system' as const };
  const [created] = beergameDecider.decide(create, initialBeerState, { now: 1000, actor: system });
  const game = new DecidedGame(created!);
  if (options.player !== null)
    game.run(
      { type: 'JoinRole', facilityId: 'retailer' },
      { userId: options.player ?? 'u1', role: 'player' },
    );
  for (const f of game.state.facilities)
    if (f.userId === null) game.run({ type: 'HandToComputer', facilityId: f.id });
  let closed = 0;
  while (!game.state.finished) {
    if (options.endAfter !== undefined && closed === options.endAfter) game.run({ type: 'EndGame' });
    else game.run({ type: 'CloseWeek', reason: 'instructor' });
    closed++;
  }
  return game;
}

describe('a line on the leaderboard', () => {
  it('is a finished game of a built-in template played for its whole length, with its team cost', () => {
    const game = playedGame();
    const entry = leaderboardEntry(game.state);
    expect(entry).toMatchObject({ gameId: 'g1', template: 'classic', weeks: 36 });
    const byFacility = game.state.facilities.map((f) => f.history[35]!.cumulativeCost);
    expect(entry!.teamCost).toBeCloseTo(
      byFacility.reduce((a, b) => a + b, 0),
      2,
    );
    expect(entry!.teamCost).toBeGreaterThan(0);
  });

  it('is none for a game in play, a demo, a shortened template, a game ended early or without a person', () => {
    expect(leaderboardEntry(initialBeerState)).toBeNull();
    expect(leaderboardEntry(playedGame({ creatorId: DEMO_CREATOR_ID }).state)).toBeNull();
    expect(leaderboardEntry(playedGame({ weeks: 12 }).state)).toBeNull();
    expect(leaderboardEntry(playedGame({ endAfter: 10 }).state)).toBeNull();
    expect(leaderboardEntry(playedGame({ player: null }).state)).toBeNull();
  });

  it('is none once the game is deleted', () => {
    const game = playedGame();
    game.run({ type: 'DeleteGame' });
    expect(leaderboardEntry(game.state)).toBeNull();
  });

  it('knows each template by its own number of weeks', () => {
    expect(templateWeeks('classic')).toBe(36);
    expect(templateWeeks('short')).toBe(20);
    expect(templateWeeks('twoStages')).toBe(24);
    expect(templateWeeks('nope')).toBeNull();
    expect(templateWeeks('__proto__')).toBeNull();
  });
});

describe('the leaderboard ranks', () => {
  it('lowest cost first, an earlier game first on a tie, and equal costs share a rank', () => {
    const ranked = rankLeaderboard([
      { teamCost: 300, weeks: 36, endedAt: 5 },
      { teamCost: 200, weeks: 36, endedAt: 9 },
      { teamCost: 200, weeks: 36, endedAt: 3 },
      { teamCost: 100, weeks: 36, endedAt: 7 },
    ]);
    expect(ranked.map((r) => [r.rank, r.teamCost, r.endedAt])).toEqual([
      [1, 100, 7],
      [2, 200, 3],
      [2, 200, 9],
      [4, 300, 5],
    ]);
  });

  it('for any lines: sorted by cost, ranks from 1 that never fall, a rank is one more than the lines cheaper', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            teamCost: fc.integer({ min: 0, max: 50 }),
            weeks: fc.integer({ min: 1, max: 52 }),
            endedAt: fc.integer({ min: 0, max: 1e6 }),
          }),
          { maxLength: 30 },
        ),
        (entries) => {
          const ranked = rankLeaderboard(entries);
          expect(ranked).toHaveLength(entries.length);
          ranked.forEach((r, i) => {
            expect(r.rank).toBe(entries.filter((e) => e.teamCost < r.teamCost).length + 1);
            if (i > 0) expect(ranked[i - 1]!.teamCost).toBeLessThanOrEqual(r.teamCost);
          });
        },
      ),
    );
  });
});
