import { describe, expect, it } from 'vitest';
import { deleteConfirmationRefusal } from '../../../src-shared/rules/delete-confirmation';

describe('confirming a deletion by typing the number of games', () => {
  it('accepts exactly the number selected', () => {
    expect(deleteConfirmationRefusal('3', 3)).toBeNull();
    expect(deleteConfirmationRefusal(' 12 ', 12)).toBeNull();
  });
  it('refuses any other number or text', () => {
    for (const typed of ['', '2', '4', '3.0', 'three', '-3', '3 games'])
      expect(deleteConfirmationRefusal(typed, 3), typed).toBe('dashboard.btnDeleteNumberError');
  });
});
