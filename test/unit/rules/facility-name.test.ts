import { describe, expect, it } from 'vitest';
import { facilityDisplayName } from '../../../src-shared/rules/facility-name';

describe('facilityDisplayName', () => {
  const messages: Record<string, string> = { 'facility.retailer': 'Détaillant' };
  const message = (id: string) => messages[id];
  it('translates a standard kind and keeps the given name of any other', () => {
    expect(facilityDisplayName({ name: 'Shop', type: 'retailer' }, message)).toBe('Détaillant');
    expect(facilityDisplayName({ name: 'Rim maker', type: 'supplier' }, message)).toBe('Rim maker');
  });
});
