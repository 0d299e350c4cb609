import { describe, expect, it } from 'vitest';
import { type GameAccessFacts, gamePageRefusal, isInstructor } from '../../src-shared/rules/permissions';

const game: GameAccessFacts = {
  exists: true,
  deleted: false,
  draft: false,
  archived: false,
  hasFacilities: true,
  creatorId: 'creator',
};

describe('game page access', () => {
  it('opens a live game to anyone, signed in or not', () => {
    expect(gamePageRefusal(game, null)).toBeNull();
    expect(gamePageRefusal(game, 'someone')).toBeNull();
  });

  it.each([
    ['unknown', { exists: false }],
    ['deleted', { deleted: true }],
    ['without facilities', { hasFacilities: false }],
  ])('refuses a game that is %s, even to its creator', (_, change) => {
    expect(gamePageRefusal({ ...game, ...change }, 'creator')).toBe('dashboard.messGameUnknown');
  });

  it.each([
    ['draft', { draft: true }],
    ['archived', { archived: true }],
  ])('shows a %s game only to its creator', (_, change) => {
    expect(gamePageRefusal({ ...game, ...change }, 'creator')).toBeNull();
    expect(gamePageRefusal({ ...game, ...change }, 'player')).toBe('dashboard.messGameNotPublished');
    expect(gamePageRefusal({ ...game, ...change }, null)).toBe('dashboard.messGameNotPublished');
  });
});

describe('instructors', () => {
  it('are users with an e-mail account', () => {
    expect(isInstructor({ email: 'a@b.org' })).toBe(true);
    expect(isInstructor({ email: null })).toBe(false);
    expect(isInstructor(null)).toBe(false);
  });
});
