import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { BillingData } from './billing-api';
import { countryOptions } from './countries';

/** The buyer as invoiced: organisation, address lines, country (names from Intl), EU VAT number. */
export function BillingForm({
  value,
  onChange,
  errors,
}: {
  value: BillingData;
  onChange: (value: BillingData) => void;
  errors: Partial<Record<'organisation' | 'countryCode' | 'euVatNumber', string>>;
}) {
  const intl = useIntl();
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const line = (index: number) => value.address[index] ?? '';
  const setLine = (index: number, text: string) => {
    const address = [0, 1, 2].map((i) => (i === index ? text : line(i)));
    onChange({ ...value, address });
  };
  return (
    <Stack gap="sm" maw={560}>
      <TextInput
        label={intl.formatMessage({ id: 'billing.organisation' })}
        value={value.organisation}
        onChange={(e) => onChange({ ...value, organisation: e.currentTarget.value })}
        error={errors.organisation}
        maxLength={120}
        required
        data-testid="billing-organisation"
      />
      {[0, 1, 2].map((index) => (
        <TextInput
          key={index}
          label={index === 0 ? intl.formatMessage({ id: 'billing.address' }) : undefined}
          aria-label={intl.formatMessage({ id: 'billing.addressLine' }, { line: index + 1 })}
          value={line(index)}
          onChange={(e) => setLine(index, e.currentTarget.value)}
          maxLength={120}
          data-testid={`billing-address-${index}`}
        />
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={intl.formatMessage({ id: 'billing.country' })}
          data={countries}
          value={value.countryCode || null}
          onChange={(code) => onChange({ ...value, countryCode: code ?? '' })}
          error={errors.countryCode}
          searchable
          required
          data-testid="billing-country"
        />
        <TextInput
          label={intl.formatMessage({ id: 'billing.vatNumber' })}
          description={intl.formatMessage({ id: 'billing.vatNumberHint' })}
          value={value.euVatNumber ?? ''}
          onChange={(e) => onChange({ ...value, euVatNumber: e.currentTarget.value || null })}
          error={errors.euVatNumber}
          maxLength={20}
          data-testid="billing-vat-number"
        />
      </SimpleGrid>
    </Stack>
  );
}
