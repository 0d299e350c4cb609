import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { EU_VAT_RATES, VAT_TABLE_VALID_FROM } from '../../../src-shared/billing/vat';
import { formatRate, TABULAR } from './format';

/**
 * The rates list (spec: country_code, standard_rate, currency, symbol): every member state's
 * standard rate, by name in the page's language, and the date and source of the table.
 */
export function VatRates({ locale, nameOf }: { locale: string; nameOf: (code: string) => string }) {
  const lines = [...EU_VAT_RATES].sort((a, b) =>
    nameOf(a.countryCode).localeCompare(nameOf(b.countryCode), locale),
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="vat-rates">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            <FormattedMessage id="billing.ratesTitle" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="billing.ratesSource"
              values={{
                date: <FormattedDate value={`${VAT_TABLE_VALID_FROM}T12:00:00Z`} dateStyle="long" />,
              }}
            />
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg" verticalSpacing={4}>
          {lines.map((line) => (
            <Group key={line.countryCode} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {nameOf(line.countryCode)}
              </Text>
              <Text size="sm" fw={500} style={TABULAR}>
                {formatRate(locale, line.standardRate)}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
