import { Checkbox, Loader, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import type { BillingStatus, PlansOnStatus } from './billing-api';
import { InvoicesSection } from './invoices-table';
import { PlansOverview } from './plans-overview';
import { PurchaseForm } from './purchase-form';

/** The choice of a mail on each purchase (spec `notifyPlanPurchase`). */
function NotifyPurchase({ status }: { status: PlansOnStatus }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const notify = trpc.billing.setNotifyPlanPurchase.useMutation({
    onSuccess: () => utils.billing.status.invalidate(),
    onError: (error) => toastError(intl, error),
  });
  return (
    <Checkbox
      label={intl.formatMessage({ id: 'billing.notifyPlanPurchase' })}
      checked={notify.isPending ? notify.variables.notify : status.notifyPlanPurchase}
      onChange={(event) => notify.mutate({ notify: event.currentTarget.checked })}
      data-testid="notify-plan-purchase"
    />
  );
}

/**
 * The subscription tab (spec point 9): the team's plans with their usage, the trial, the purchase
 * (#purchase) and the invoices. With plans off it shows nothing: the tab is the team's.
 */
export function SubscriptionPanel({ status }: { status: BillingStatus | undefined }) {
  const { hash } = useLocation();
  const plansOn = status?.plansOn === true;
  useEffect(() => {
    if (plansOn && hash === '#purchase')
      document.getElementById('purchase')?.scrollIntoView({ behavior: 'smooth' });
  }, [plansOn, hash]);
  if (!status) return <Loader />;
  if (!status.plansOn) return null;
  return (
    <Stack gap="lg" mb="xl" data-testid="subscription">
      <PlansOverview status={status} />
      <PurchaseForm status={status} />
      <InvoicesSection admin={status.admin} />
      <NotifyPurchase status={status} />
    </Stack>
  );
}
