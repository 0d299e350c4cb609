/** Issue 28, item 4: the rules of the top bar (spec point 2, "Navigation bar"; point 6, the audio player). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gameTabsState,
  type LogoTargetInput,
  logoTarget,
  showAudioPlayer,
  showChangelogBell,
  showDashboardIcon,
  showLanguagePicker,
  unreadChangelogCount,
} from '../../../src-shared/rules/navigation';

const nothing: LogoTargetInput = {
  signedInWithEmail: false,
  currentSessionId: null,
  workspace: null,
  gameId: null,
  userPageId: null,
  sessionId: null,
};
const everything: LogoTargetInput = {
  signedInWithEmail: true,
  currentSessionId: 'played-session',
  workspace: { id: 'ws1', activePage: true },
  gameId: 'g1',
  userPageId: 'u1',
  sessionId: 'open-session',
};

describe('the logo target', () => {
  it('is the dashboard for a user with an e-mail, whatever the page', () => {
    expect(logoTarget(everything)).toBe('/dashboard/intro');
    expect(logoTarget({ ...nothing, signedInWithEmail: true })).toBe('/dashboard/intro');
  });

  it('follows the order of preference of the spec, each step when the ones before are missing', () => {
    let input: LogoTargetInput = { ...everything, signedInWithEmail: false };
    expect(logoTarget(input)).toBe('/session/played-session/lobby');
    input = { ...input, currentSessionId: null };
    expect(logoTarget(input)).toBe('/user/ws1');
    input = { ...input, workspace: null };
    expect(logoTarget(input)).toBe('/game/g1/intro');
    input = { ...input, gameId: null };
    expect(logoTarget(input)).toBe('/user/u1');
    input = { ...input, userPageId: null };
    expect(logoTarget(input)).toBe('/session/open-session/lobby');
    input = { ...input, sessionId: null };
    expect(logoTarget(input)).toBe('/');
  });

  it('skips a workspace whose public page is switched off, and keeps one not set', () => {
    const base = { ...everything, signedInWithEmail: false, currentSessionId: null };
    expect(logoTarget({ ...base, workspace: { id: 'ws1', activePage: false } })).toBe('/game/g1/intro');
    expect(logoTarget({ ...base, workspace: { id: 'ws1', activePage: null } })).toBe('/user/ws1');
  });

  it('encodes the ids it puts in a path', () => {
    expect(logoTarget({ ...nothing, gameId: 'a/b?c' })).toBe('/game/a%2Fb%3Fc/intro');
  });

  it('is always an absolute path of the app', () => {
    const id = fc.option(fc.string(), { nil: null });
    fc.assert(
      fc.property(fc.boolean(), id, id, id, id, (email, current, game, userPage, session) => {
        const target = logoTarget({
          signedInWithEmail: email,
          currentSessionId: current,
          workspace: null,
          gameId: game,
          userPageId: userPage,
          sessionId: session,
        });
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
      }),
    );
  });
});

describe('the home-to-dashboard icon and the bell', () => {
  it('shows the icon to users with an e-mail off the dashboard only', () => {
    expect(showDashboardIcon(true, false)).toBe(true);
    expect(showDashboardIcon(true, true)).toBe(false);
    expect(showDashboardIcon(false, false)).toBe(false);
  });

  it('rings on dashboard routes only', () => {
    expect(showChangelogBell('/dashboard')).toBe(true);
    expect(showChangelogBell('/dashboard/intro')).toBe(true);
    expect(showChangelogBell('/dashboard/sessions/s1')).toBe(true);
    expect(showChangelogBell('/dashboards')).toBe(false);
    expect(showChangelogBell('/game/g1/intro')).toBe(false);
    expect(showChangelogBell('/')).toBe(false);
  });
});

describe("a game's tabs", () => {
  const base = { playing: false, finished: false, stagePage: false, inSession: false };
  it('close Play to a visitor without a seat on the intro, with its reason', () => {
    expect(gameTabsState(base)).toEqual({
      play: 'game.tab.playDisabled',
      results: 'game.tab.resultsDisabled',
    });
  });
  it('open Play to a player, once finished, on the stage page, and in a session', () => {
    expect(gameTabsState({ ...base, playing: true }).play).toBeNull();
    expect(gameTabsState({ ...base, finished: true }).play).toBeNull();
    expect(gameTabsState({ ...base, stagePage: true }).play).toBeNull();
    expect(gameTabsState({ ...base, inSession: true }).play).toBeNull();
  });
  it('open Results once the game is finished only', () => {
    expect(gameTabsState({ ...base, playing: true, stagePage: true }).results).toBe(
      'game.tab.resultsDisabled',
    );
    expect(gameTabsState({ ...base, finished: true }).results).toBeNull();
  });
});

describe('the language picker', () => {
  it('shows outside a session and when the session allows it', () => {
    expect(showLanguagePicker({ sessionAllows: null, sessionAdmin: false, gameHasCreator: true })).toBe(true);
    expect(showLanguagePicker({ sessionAllows: true, sessionAdmin: false, gameHasCreator: true })).toBe(true);
  });
  it('hides in a session that forbids it, except for its admins and in a game without creator', () => {
    expect(showLanguagePicker({ sessionAllows: false, sessionAdmin: false, gameHasCreator: true })).toBe(
      false,
    );
    expect(showLanguagePicker({ sessionAllows: false, sessionAdmin: false, gameHasCreator: null })).toBe(
      false,
    );
    expect(showLanguagePicker({ sessionAllows: false, sessionAdmin: true, gameHasCreator: true })).toBe(true);
    expect(showLanguagePicker({ sessionAllows: false, sessionAdmin: false, gameHasCreator: false })).toBe(
      true,
    );
  });
});

describe('the music player (spec point 6)', () => {
  it('is for instructors outside a session', () => {
    expect(showAudioPlayer({ allowAudioPlayer: null, sessionAdmin: false, signedInWithEmail: true })).toBe(
      true,
    );
    expect(showAudioPlayer({ allowAudioPlayer: null, sessionAdmin: false, signedInWithEmail: false })).toBe(
      false,
    );
  });
  it("follows the session's allowAudioPlayer: admins for instructor, the others for player", () => {
    const admin = { sessionAdmin: true, signedInWithEmail: true };
    const player = { sessionAdmin: false, signedInWithEmail: false };
    expect(showAudioPlayer({ ...admin, allowAudioPlayer: ['instructor'] })).toBe(true);
    expect(showAudioPlayer({ ...admin, allowAudioPlayer: ['player'] })).toBe(false);
    expect(showAudioPlayer({ ...player, allowAudioPlayer: ['instructor'] })).toBe(false);
    expect(showAudioPlayer({ ...player, allowAudioPlayer: ['player'] })).toBe(true);
    expect(showAudioPlayer({ ...player, allowAudioPlayer: [] })).toBe(false);
    expect(showAudioPlayer({ ...admin, allowAudioPlayer: [] })).toBe(false);
  });
});

describe("the changelog bell's count", () => {
  const ids = ['c', 'b', 'a'];
  it('counts the entries above the last one seen', () => {
    expect(unreadChangelogCount(ids, 'c')).toBe(0);
    expect(unreadChangelogCount(ids, 'b')).toBe(1);
    expect(unreadChangelogCount(ids, 'a')).toBe(2);
  });
  it('counts them all when none was seen, or one no longer listed', () => {
    expect(unreadChangelogCount(ids, null)).toBe(3);
    expect(unreadChangelogCount(ids, 'gone')).toBe(3);
    expect(unreadChangelogCount([], null)).toBe(0);
  });
});
