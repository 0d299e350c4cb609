/**
 * /quote (spec: "Quote or pricing screen, which shows VAT-based quote results"): a country, an
 * optional EU VAT number and an amount before VAT give the VAT and the total, as billing.quote
 * (the purchase's own quote) answers them, with the verdict on the VAT number; below, the EU's
 * standard rates. Open to anyone; `?country=BE&amount=149&vat=…` fills the form and asks at once.
 */
import { Alert, Button, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { QUOTE_AMOUNT_RULE, type QuoteInput } from '../../../src-shared/api/billing';
import { COUNTRY_CODES } from '../../../src-shared/billing/countries';
import { readAmount } from '../../../src-shared/billing/money';
import { memberState, OUTSIDE_EU, VAT_NUMBER_MAX } from '../../../src-shared/billing/vat';
import { useLocale } from '../../i18n';
import { usePageTitle } from '../../look';
import { trpc } from '../../trpc';
import { countryNamer, countryOfLanguage } from './format';
import { QuoteResult } from './quote-result';
import { VatRates } from './vat-rates';

/** The country picker's choices: the member states first, then every other country, by name. */
function useCountryChoices(locale: string) {
  const intl = useIntl();
  return useMemo(() => {
    const nameOf = countryNamer(locale);
    const choices = (eu: boolean) =>
      COUNTRY_CODES.filter((code) => (memberState(code) !== undefined) === eu)
        .map((code) => ({ value: code, label: nameOf(code) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale));
    return {
      nameOf,
      data: [
        { group: intl.formatMessage({ id: 'billing.groupEu' }), items: choices(true) },
        { group: intl.formatMessage({ id: 'billing.groupOther' }), items: choices(false) },
      ],
    };
  }, [locale, intl]);
}

/** What the address asks for, if it names a country and an amount the form would accept. */
function askedByAddress(search: URLSearchParams): QuoteInput | null {
  const country = search.get('country')?.toUpperCase() ?? '';
  const amount = readAmount(search.get('amount') ?? '', QUOTE_AMOUNT_RULE);
  if (!COUNTRY_CODES.includes(country) || !amount.ok) return null;
  const vatNumber = search.get('vat')?.trim().slice(0, VAT_NUMBER_MAX) || undefined;
  return { countryCode: country, amountCents: amount.cents, ...(vatNumber ? { vatNumber } : {}) };
}

function firstCountry(search: URLSearchParams): string | null {
  const named = search.get('country')?.toUpperCase();
  if (named && COUNTRY_CODES.includes(named)) return named;
  const guessed = countryOfLanguage(navigator.language);
  return guessed && COUNTRY_CODES.includes(guessed) ? guessed : null;
}

export function QuotePage() {
  const intl = useIntl();
  const { locale } = useLocale();
  usePageTitle(intl.formatMessage({ id: 'billing.quoteTitle' }));
  const [search] = useSearchParams();
  const { nameOf, data } = useCountryChoices(locale);
  const [country, setCountry] = useState<string | null>(() => firstCountry(search));
  const [vatNumber, setVatNumber] = useState(() => search.get('vat') ?? '');
  const [amountText, setAmountText] = useState(() => search.get('amount') ?? '');
  const [showRefusals, setShowRefusals] = useState(false);
  const [asked, setAsked] = useState<QuoteInput | null>(() => askedByAddress(search));
  const quote = trpc.billing.quote.useQuery(asked ?? skipToken, {
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 60_000,
  });

  const inEu = country !== null && memberState(country) !== undefined;
  const amount = readAmount(amountText, QUOTE_AMOUNT_RULE);
  // The bounds in the reader's way (100,000,000), the other values (a count of decimals) as they are.
  const amountError =
    showRefusals && !amount.ok
      ? intl.formatMessage(
          { id: amount.messageId },
          {
            ...amount.values,
            min: intl.formatNumber(amount.values.min!),
            max: intl.formatNumber(amount.values.max!),
          },
        )
      : null;
  const countryError = showRefusals && !country ? intl.formatMessage({ id: 'billing.errCountry' }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowRefusals(true);
    if (!country || !amount.ok) return;
    const typed = inEu ? vatNumber.trim() : '';
    setAsked({ countryCode: country, amountCents: amount.cents, ...(typed ? { vatNumber: typed } : {}) });
  };
  const errorId = (quote.error?.data as { messageId?: string } | undefined)?.messageId ?? 'errors.unexpected';
  const answer = quote.data;

  return (
    <Stack gap="lg" py={{ base: 'xs', sm: 'lg' }} maw={1040} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          <FormattedMessage id="billing.quoteTitle" />
        </Title>
        <Text c="dimmed" maw={640}>
          <FormattedMessage id="billing.quoteIntro" />
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} shadow="xs">
          <form onSubmit={submit} noValidate data-testid="quote-form">
            <Stack gap="md">
              <Select
                label={intl.formatMessage({ id: 'billing.country' })}
                placeholder={intl.formatMessage({ id: 'billing.countryPlaceholder' })}
                data={data}
                value={country}
                onChange={setCountry}
                searchable
                nothingFoundMessage={intl.formatMessage({ id: 'billing.countryNone' })}
                error={countryError}
                required
                data-testid="quote-country"
                comboboxProps={{ shadow: 'md' }}
                autoComplete="off"
              />
              {inEu && (
                <TextInput
                  label={intl.formatMessage({ id: 'billing.vatNumber' })}
                  description={intl.formatMessage({ id: 'billing.vatNumberHint' })}
                  placeholder={`${memberState(country)!.vatPrefix}…`}
                  value={vatNumber}
                  onChange={(e) => setVatNumber(e.currentTarget.value)}
                  maxLength={VAT_NUMBER_MAX}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  data-testid="quote-vat-number"
                />
              )}
              <TextInput
                label={intl.formatMessage({ id: 'billing.amount' })}
                leftSection={<Text c="dimmed">{inEu || !country ? '€' : OUTSIDE_EU.symbol}</Text>}
                placeholder="149.00"
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                onChange={(e) => setAmountText(e.currentTarget.value)}
                error={amountError}
                required
                data-testid="quote-amount"
              />
              <Button
                type="submit"
                size="md"
                loading={quote.isFetching}
                leftSection={<IconReceipt2 size={18} />}
              >
                <FormattedMessage id="billing.getQuote" />
              </Button>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg={answer ? undefined : 'gray.0'}>
          {quote.error ? (
            <Alert color="red" variant="light" data-testid="quote-error">
              <FormattedMessage id={errorId} values={quote.error.data?.values ?? undefined} />
            </Alert>
          ) : answer ? (
            <QuoteResult quote={answer} locale={locale} countryName={nameOf(answer.countryCode)} />
          ) : (
            <Stack align="center" justify="center" h="100%" mih={160} gap="xs">
              <IconReceipt2 size={36} stroke={1.5} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed" ta="center" size="sm" maw={280}>
                <FormattedMessage id="billing.resultEmpty" />
              </Text>
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      <VatRates locale={locale} nameOf={nameOf} />
    </Stack>
  );
}
