import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_AUDIENCES, messageAudience } from '../../src-client/message-audience';
import { BEER_EVENT_TYPES } from '../../src-shared/beergame/events';
import { LOCALES } from '../../src-shared/rules/locale';

/**
 * Which part of a language each message travels in (src-client/message-audience.ts): the build
 * splits every locale file by it (vite.config.ts) and a page loads only its parts (i18n.tsx).
 */
const read = (locale: string) =>
  JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;

describe('the parts of a language', () => {
  it('gives instructors, the lean game and the debriefs their own words, and the rest to every page', () => {
    expect(messageAudience('gameSettings.weeks')).toBe('instructor');
    expect(messageAudience('dashboard.actionArchive')).toBe('instructor');
    // Quotes and purchases: an instructor buys; the open /quote page loads them with its code.
    expect(messageAudience('billing.vatInvalid')).toBe('instructor');
    // A refused page's message and the share link show on every page.
    expect(messageAudience('dashboard.messGameUnknown')).toBeNull();
    expect(messageAudience('dashboard.copyLink')).toBeNull();
    expect(messageAudience('debrief.title')).toBe('debrief');
    expect(messageAudience('lean.debrief.print')).toBe('debrief');
    // The lean floor's way to its debrief is a lean word, not a debrief one.
    expect(messageAudience('lean.debriefReady')).toBe('lean');
    expect(messageAudience('lean.clockMinute')).toBe('lean');
    expect(messageAudience('beer.orderTitle')).toBeNull();
    expect(messageAudience('session.lobby.freeSeats')).toBeNull();
    // The music player's words load with it, the changelog's with the dashboard; the bar's button is everyone's.
    expect(messageAudience('music.volume')).toBe('music');
    expect(messageAudience('changelog.title')).toBe('instructor');
    expect(messageAudience('nav.music')).toBeNull();
  });

  it.each(LOCALES)('splits %s into the same parts as English, each part non-empty', (locale) => {
    const english = read('en');
    const messages = read(locale);
    const parts = (all: Record<string, string>) =>
      Object.fromEntries(
        [null, ...MESSAGE_AUDIENCES].map((audience) => [
          audience ?? 'every page',
          Object.keys(all)
            .filter((id) => messageAudience(id) === audience)
            .sort(),
        ]),
      );
    expect(parts(messages)).toEqual(parts(english));
    for (const ids of Object.values(parts(messages))) expect(ids.length).toBeGreaterThan(0);
  });
});

// The debrief's replay says what each step was (`debrief.event.<type>`, replay-controls.tsx): a type
// without its words showed its id (ResultsSeen, DebriefQuestionAnswered and four more until issue 24).
it('names every event of the beer game for the replay', () => {
  const english = read('en');
  expect(BEER_EVENT_TYPES.filter((type) => !(`debrief.event.${type}` in english))).toEqual([]);
});
