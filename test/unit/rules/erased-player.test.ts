import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountDeletionRefusal } from '../../../src-shared/rules/delete-confirmation';
import { erasedPlayerName, erasedPlayerTag } from '../../../src-shared/rules/erased-player';

describe('the pseudonym of a player whose account was deleted', () => {
  it('is the translated word with a stable tag of four hexadecimal characters', () => {
    const name = erasedPlayerName('user-1', 'Player {tag}');
    expect(name).toMatch(/^Player [0-9a-f]{4}$/);
    expect(erasedPlayerName('user-1', 'Joueur {tag}')).toBe(`Joueur ${erasedPlayerTag('user-1')}`);
    expect(erasedPlayerName('user-1', 'Player {tag}')).toBe(name);
  });
  it('never contains the id, and tells most ids apart', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5 }), (id) => {
        expect(erasedPlayerTag(id)).toMatch(/^[0-9a-f]{4}$/);
        expect(erasedPlayerName(id, 'Player {tag}')).not.toContain(id);
      }),
    );
    const tags = new Set(Array.from({ length: 100 }, (_, i) => erasedPlayerTag(`user-${i}`)));
    expect(tags.size).toBeGreaterThan(95);
  });
});

describe('confirming an account deletion by typing its e-mail', () => {
  it('accepts the address, whatever the spaces around it and the case', () => {
    expect(accountDeletionRefusal('ann@example.com', 'ann@example.com')).toBeNull();
    expect(accountDeletionRefusal('  Ann@Example.com ', 'ann@example.com')).toBeNull();
  });
  it('refuses anything else', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        fc.pre(typed.trim().toLowerCase() !== 'ann@example.com');
        expect(accountDeletionRefusal(typed, 'ann@example.com')).toBe('account.yourData.errEmail');
      }),
    );
  });
});
