import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUserName, USER_NAME_MAX } from '../../../src-shared/api/account';
import { isSocialProvider, socialUserName } from '../../../src-shared/rules/social-sign-in';
import { assertProperty } from '../../support/property';

describe('socialUserName', () => {
  it("keeps the provider's name as it is when it is a usable name", () => {
    expect(socialUserName('Ada Lovelace', 'ada@example.org')).toBe('Ada Lovelace');
    expect(socialUserName('  Zoë 🍺 ', 'zoe@example.org')).toBe('Zoë 🍺');
  });

  it('tidies a name with line breaks or controls, and cuts a long one without splitting a character', () => {
    expect(socialUserName('Ada\nLovelace\u0000', 'ada@example.org')).toBe('Ada Lovelace');
    const long = socialUserName('🍺'.repeat(USER_NAME_MAX + 5), 'x@example.org');
    expect(long).toBe('🍺'.repeat(USER_NAME_MAX / 2));
    expect(checkUserName(long)).toBeNull();
  });

  it("takes the address's local part when the provider gives no name", () => {
    expect(socialUserName(undefined, 'ada.l@example.org')).toBe('ada.l');
    expect(socialUserName('   ', 'ada.l@example.org')).toBe('ada.l');
    expect(socialUserName(42, 'ada.l@example.org')).toBe('ada.l');
  });

  it('always gives a name that sign-up accepts, whatever the provider sends', () => {
    assertProperty(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.anything()),
        fc.emailAddress(),
        (name, email) => {
          expect(checkUserName(socialUserName(name, email))).toBeNull();
        },
      ),
    );
  });
});

describe('isSocialProvider', () => {
  it('knows Google and Microsoft only', () => {
    expect(isSocialProvider('google')).toBe(true);
    expect(isSocialProvider('microsoft')).toBe(true);
    expect(isSocialProvider('github')).toBe(false);
    expect(isSocialProvider(undefined)).toBe(false);
  });
});
