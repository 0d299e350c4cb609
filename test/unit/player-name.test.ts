import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlayerName, checkUserName, PLAYER_NAME_MAX, USER_NAME_MAX } from '../../src-shared/api/account';
import { playerNameInput, textInput, userNameInput } from '../../src-shared/api/inputs';
import { checkText } from '../../src-shared/api/text-rules';

describe('checkPlayerName', () => {
  it('accepts a name, trimmed, up to the maximum', () => {
    expect(checkPlayerName('Pat')).toBeNull();
    expect(checkPlayerName('  Pat  ')).toBeNull();
    expect(checkPlayerName('é'.repeat(PLAYER_NAME_MAX))).toBeNull();
    expect(checkPlayerName(`  ${'a'.repeat(PLAYER_NAME_MAX)}  `)).toBeNull();
    expect(checkPlayerName('Zoë 🍺')).toBeNull();
  });

  it('refuses an empty name', () => {
    expect(checkPlayerName('')).toEqual({ messageId: 'errors.textRequired', values: { min: 1 } });
    expect(checkPlayerName('   ')).toEqual({ messageId: 'errors.textRequired', values: { min: 1 } });
  });

  it('refuses a name above the maximum, with the maximum', () => {
    expect(checkPlayerName('a'.repeat(PLAYER_NAME_MAX + 1))).toEqual({
      messageId: 'errors.textTooLong',
      values: { max: PLAYER_NAME_MAX },
    });
    expect(checkUserName('a'.repeat(USER_NAME_MAX + 1))?.values).toEqual({ max: USER_NAME_MAX });
  });

  it('refuses control characters, line breaks and lone surrogates', () => {
    for (const name of ['Pat\u0000', 'Pat\nLee', 'Pat\tLee', 'Pat\u007f', 'Pat\ud800', 'Pat\u2028Lee']) {
      expect(checkPlayerName(name)).toEqual({ messageId: 'errors.textInvalid', values: {} });
    }
  });

  it('says the first reason only: too long before unusable', () => {
    expect(checkPlayerName(`\u0000${'a'.repeat(PLAYER_NAME_MAX)}`)?.messageId).toBe('errors.textTooLong');
  });

  it('allows line breaks in multi-line text, and a longer minimum says too short', () => {
    expect(checkText('a\nb', { max: 10, multiline: true })).toBeNull();
    expect(checkText('ab', { max: 10, min: 3 })).toEqual({
      messageId: 'errors.textTooShort',
      values: { min: 3 },
    });
  });
});

/** What the server answers for a refused input (src-server/trpc/trpc.ts reads the first issue). */
function serverRefusal(result: ReturnType<typeof playerNameInput.safeParse>) {
  if (result.success) return null;
  const issue = result.error.issues[0] as { message: string; maximum?: number; minimum?: number };
  const values: Record<string, number> = {};
  if (typeof issue.maximum === 'number') values.max = issue.maximum;
  if (typeof issue.minimum === 'number') values.min = issue.minimum;
  return { messageId: issue.message, values };
}

describe('the server schemas are built on the same rule', () => {
  const names = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constantFrom('', ' ', 'Pat', '\u0000', 'a'.repeat(41), ' '.repeat(50)),
  );

  it('refuses exactly what checkPlayerName refuses, with the same message and values', () => {
    fc.assert(
      fc.property(names, (name) => {
        expect(serverRefusal(playerNameInput.safeParse(name))).toEqual(checkPlayerName(name));
        expect(serverRefusal(userNameInput.safeParse(name))).toEqual(checkUserName(name));
      }),
    );
  });

  it('trims what it accepts and refuses what is not text', () => {
    expect(playerNameInput.parse('  Pat ')).toBe('Pat');
    expect(serverRefusal(playerNameInput.safeParse(42))?.messageId).toBe('errors.textRequired');
    expect(serverRefusal(textInput({ max: 5, min: 2 }).safeParse('a'))).toEqual({
      messageId: 'errors.textTooShort',
      values: { min: 2 },
    });
  });
});
