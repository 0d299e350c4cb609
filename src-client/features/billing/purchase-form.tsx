import { Alert, Button, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconDownload, IconReceipt } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cataloguePlan } from '../../../src-shared/billing/catalogue';
import { newCommandId, trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import type { BillingData, PlansOnStatus } from './billing-api';
import { BillingForm } from './billing-form';
import { countryNamer, formatCents } from './format';
import { downloadPdf, gameTypeName, planLabel } from './labels';
import { type PlanChoice, PlanChooser } from './plan-chooser';
import { QuoteResult } from './quote-result';

const emptyBilling: BillingData = { organisation: '', address: [], countryCode: '', euVatNumber: null };

/** Why the billing data cannot go on an invoice yet, per field. */
function billingErrors(intl: ReturnType<typeof useIntl>, billing: BillingData) {
  const errors: Partial<Record<'organisation' | 'countryCode', string>> = {};
  if (!billing.organisation.trim())
    errors.organisation = intl.formatMessage({ id: 'billing.errOrganisation' });
  if (!billing.countryCode) errors.countryCode = intl.formatMessage({ id: 'billing.errCountry' });
  return errors;
}

/**
 * The purchase (spec point 7): choose a plan (game type, size, length) → the billing data → the
 * quote with VAT (billing.quote) → "Order, pay by invoice" (billing.purchase) → the invoice's
 * number and its PDF.
 */
export function PurchaseForm({ status }: { status: PlansOnStatus }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [step, setStep] = useState(0);
  // On a phone the steps' names go under their numbers, on one line.
  const phone = useMediaQuery('(max-width: 36em)');
  const [choice, setChoice] = useState<PlanChoice>({
    gameType: 'beergame',
    planName: 'class',
    durationDays: 365,
  });
  const [billing, setBilling] = useState<BillingData>(status.billing ?? emptyBilling);
  const [showErrors, setShowErrors] = useState(false);
  const netCents = cataloguePlan(choice.planName)?.priceCents[choice.durationDays] ?? 0;
  const vatNumber = billing.euVatNumber?.trim() || undefined;
  const quote = trpc.billing.quote.useQuery(
    { countryCode: billing.countryCode, vatNumber, amountCents: netCents },
    { enabled: step === 2 && billing.countryCode !== '' },
  );
  const purchase = trpc.billing.purchase.useMutation({
    onSuccess: () => {
      setStep(3);
      void utils.billing.invalidate();
      // A purchase makes the buyer's team when they had none: the team panel reads it again.
      void utils.team.invalidate();
      void utils.dashboard.onboarding.invalidate();
    },
    onError: (error) => toastError(intl, error),
  });
  const order = () =>
    purchase.mutate({
      ...choice,
      billing: {
        ...billing,
        address: billing.address.filter((line) => line.trim()),
        euVatNumber: vatNumber ?? null,
      },
      commandId: newCommandId(),
    });
  const pdf = useMutation({
    mutationFn: (invoiceNumber: string) => utils.client.billing.invoicePdf.query({ invoiceNumber }),
    onSuccess: ({ invoiceNumber, data }) => downloadPdf(data, `${invoiceNumber}.pdf`),
    onError: (error) => toastError(intl, error),
  });
  const errors = showErrors ? billingErrors(intl, billing) : {};
  const toQuote = () => {
    setShowErrors(true);
    if (Object.keys(billingErrors(intl, billing)).length === 0) setStep(2);
  };
  const adminOnly = !status.admin;
  return (
    <Card withBorder padding="lg" id="purchase" data-testid="purchase">
      <Stack gap="md">
        <Title order={3}>
          <FormattedMessage id="billing.purchaseTitle" />
        </Title>
        {adminOnly && (
          <Text c="dimmed">
            <FormattedMessage id="billing.adminsBuy" />
          </Text>
        )}
        <Stepper
          active={step}
          onStepClick={(next) => next < step && step < 3 && setStep(next)}
          size="sm"
          wrap={false}
          labelPosition={phone ? 'bottom' : 'right'}
        >
          <Stepper.Step label={intl.formatMessage({ id: 'billing.stepPlan' })}>
            <PlanChooser
              catalogue={status.catalogue}
              gameTypes={status.plans.map((p) => p.gameType)}
              choice={choice}
              onChange={setChoice}
            />
            <Group justify="flex-end" mt="md">
              <Button onClick={() => setStep(1)} disabled={adminOnly} data-testid="purchase-next-plan">
                <FormattedMessage id="billing.next" />
              </Button>
            </Group>
          </Stepper.Step>
          <Stepper.Step label={intl.formatMessage({ id: 'billing.stepBilling' })}>
            <BillingForm value={billing} onChange={setBilling} errors={errors} />
            <Group justify="space-between" mt="md">
              <Button variant="default" onClick={() => setStep(0)}>
                <FormattedMessage id="billing.back" />
              </Button>
              <Button onClick={toQuote} data-testid="purchase-next-billing">
                <FormattedMessage id="billing.next" />
              </Button>
            </Group>
          </Stepper.Step>
          <Stepper.Step label={intl.formatMessage({ id: 'billing.stepQuote' })}>
            <Stack gap="sm">
              <Text fw={600}>
                <FormattedMessage
                  id="billing.quoteFor"
                  values={{
                    game: gameTypeName(intl, choice.gameType),
                    plan: planLabel(intl, choice.planName),
                    days: choice.durationDays,
                    organisation: billing.organisation,
                  }}
                />
              </Text>
              {quote.isPending && <Loader size="sm" />}
              {quote.isError && (
                <Alert color="red">
                  {intl.formatMessage({
                    id:
                      (quote.error as { data?: { messageId?: string } }).data?.messageId ??
                      'errors.unexpected',
                  })}
                </Alert>
              )}
              {quote.data && (
                <QuoteResult
                  quote={quote.data}
                  locale={intl.locale}
                  countryName={countryNamer(intl.locale)(billing.countryCode)}
                />
              )}
            </Stack>
            <Group justify="space-between" mt="md">
              <Button variant="default" onClick={() => setStep(1)}>
                <FormattedMessage id="billing.back" />
              </Button>
              <Button
                leftSection={<IconReceipt size={18} />}
                onClick={order}
                loading={purchase.isPending}
                disabled={!quote.data}
                data-testid="purchase-order"
              >
                <FormattedMessage id="billing.order" />
              </Button>
            </Group>
          </Stepper.Step>
          <Stepper.Completed>
            {purchase.data && (
              <Alert color="teal" icon={<IconCheck size={18} />} data-testid="purchase-done">
                <Stack gap="xs">
                  <Text>
                    <FormattedMessage
                      id="billing.purchaseDone"
                      values={{
                        invoiceNumber: purchase.data.invoiceNumber,
                        total: formatCents(intl.locale, purchase.data.totalCents, purchase.data.currency),
                        until: intl.formatDate(purchase.data.until, { dateStyle: 'long' }),
                      }}
                    />
                  </Text>
                  <Group>
                    <Button
                      variant="light"
                      leftSection={<IconDownload size={18} />}
                      loading={pdf.isPending}
                      onClick={() => pdf.mutate(purchase.data.invoiceNumber)}
                      data-testid="purchase-pdf"
                    >
                      <FormattedMessage id="billing.downloadPdf" />
                    </Button>
                    <Button
                      variant="subtle"
                      onClick={() => {
                        purchase.reset();
                        setStep(0);
                      }}
                    >
                      <FormattedMessage id="billing.buyAnother" />
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
          </Stepper.Completed>
        </Stepper>
      </Stack>
    </Card>
  );
}
