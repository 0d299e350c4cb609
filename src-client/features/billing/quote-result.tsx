import { Alert, Badge, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconReceiptOff, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { QuoteAnswer } from '../../../src-server/billing/vat-service';
import { formatCents, formatRate, TABULAR } from './format';

function Line({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size={strong ? 'lg' : 'md'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'xl' : 'md'}
        fw={strong ? 700 : 500}
        style={TABULAR}
        ta="right"
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}

/** The verdict on the VAT number given (spec point 8): validated (true or unknown), or incorrect. */
function VatVerdict({ valid }: { valid: boolean }) {
  return (
    <Alert
      data-testid="quote-vat-verdict"
      data-valid={valid}
      color={valid ? 'teal' : 'red'}
      variant="light"
      icon={valid ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
      p="sm"
    >
      <FormattedMessage id={valid ? 'billing.vatValidated' : 'billing.vatInvalid'} />
    </Alert>
  );
}

/** A quote as its buyer reads it: the amount, the VAT at its rate, the total, and why the VAT is what it is. */
export function QuoteResult({
  quote,
  locale,
  countryName,
}: {
  quote: QuoteAnswer;
  locale: string;
  countryName: string;
}) {
  const money = (cents: number) => formatCents(locale, cents, quote.currency);
  return (
    <Stack gap="md" data-testid="quote-result">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="lg">
          <FormattedMessage id="billing.resultTitle" values={{ country: countryName }} />
        </Text>
        <Badge variant="light" size="lg" data-testid="quote-currency">
          {quote.currency}
        </Badge>
      </Group>
      {quote.vatNumberValid !== null && <VatVerdict valid={quote.vatNumberValid} />}
      <Stack gap={8}>
        <Line
          label={<FormattedMessage id="billing.net" />}
          value={money(quote.totalCents - quote.taxCents)}
          testId="quote-net"
        />
        <Line
          label={<FormattedMessage id="billing.vatLine" values={{ rate: formatRate(locale, quote.rate) }} />}
          value={money(quote.taxCents)}
          testId="quote-vat"
        />
        <Divider />
        <Line
          label={<FormattedMessage id="billing.total" />}
          value={money(quote.totalCents)}
          strong
          testId="quote-total"
        />
      </Stack>
      {quote.reverseCharge && (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="quote-reverse-charge">
          <ThemeIcon variant="light" color="blue" radius="xl">
            <IconReceiptOff size={18} />
          </ThemeIcon>
          <Text size="sm">
            <FormattedMessage id="billing.reverseCharge" />
            <Text span c="dimmed" size="sm" display="block">
              <FormattedMessage
                id="billing.reverseChargeRate"
                values={{ rate: formatRate(locale, quote.standardRate) }}
              />
            </Text>
          </Text>
        </Group>
      )}
      {quote.currency === 'USD' && (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="quote-outside-eu">
          <ThemeIcon variant="light" color="gray" radius="xl">
            <IconWorld size={18} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="billing.outsideEu" />
          </Text>
        </Group>
      )}
    </Stack>
  );
}
