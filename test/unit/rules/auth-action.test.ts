import { describe, expect, it } from 'vitest';
import { authActionLink, readAuthAction } from '../../../src-shared/rules/auth-action';

describe('the links of mails (/auth-action)', () => {
  it('reads back the action a link was written for', () => {
    const link = authActionLink(
      'https://games.example.org/base',
      'resetPassword',
      'Mh4IQfGA0T2QiJMBbXuG6Tli',
    );
    expect(link).toBe(
      'https://games.example.org/auth-action?mode=resetPassword&code=Mh4IQfGA0T2QiJMBbXuG6Tli',
    );
    expect(readAuthAction(new URL(link).search)).toEqual({
      mode: 'resetPassword',
      code: 'Mh4IQfGA0T2QiJMBbXuG6Tli',
    });
  });

  it('reads back a verification link, whose code is a signed token', () => {
    const code = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLm9yZyJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const link = authActionLink('https://games.example.org', 'verifyEmail', code);
    expect(readAuthAction(new URL(link).search)).toEqual({ mode: 'verifyEmail', code });
    expect(readAuthAction(`?mode=verifyEmail&code=${code.replaceAll('.', '')}`)).toBeNull();
  });

  it.each([
    ['', 'nothing'],
    ['?mode=resetPassword', 'no code'],
    ['?code=Mh4IQfGA0T2QiJMBbXuG6Tli', 'no mode'],
    ['?mode=deleteEverything&code=Mh4IQfGA0T2QiJMBbXuG6Tli', 'an unknown mode'],
    ['?mode=resetPassword&code=short', 'a code too short'],
    ['?mode=resetPassword&code=abc%3Cscript%3Edefgh', 'a code with other characters'],
    [`?mode=resetPassword&code=${'a'.repeat(129)}`, 'a code too long'],
  ])('refuses %s (%s)', (search) => {
    expect(readAuthAction(search)).toBeNull();
  });
});
