import { ActionIcon, Badge, Button, Group, Loader, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconReceiptOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { toastError, toastMessage } from '../../ui/notify';
import type { InvoiceRow } from './billing-api';
import { formatCents } from './format';
import { downloadPdf, gameTypeName, planLabel } from './labels';

/** One invoice's status: paid, or cancelled by its credit note; a credit note says which invoice it cancels. */
function InvoiceStatus({ row }: { row: InvoiceRow }) {
  if (row.kind === 'creditNote')
    return (
      <Badge color="gray" variant="light" tt="none">
        <FormattedMessage id="billing.creditNoteFor" values={{ number: row.cancels ?? '' }} />
      </Badge>
    );
  if (row.cancelledBy)
    return (
      <Badge color="red" variant="light" tt="none">
        <FormattedMessage id="billing.cancelledBy" values={{ number: row.cancelledBy }} />
      </Badge>
    );
  return (
    <Badge color="teal" variant="light" tt="none">
      <FormattedMessage id="billing.issued" />
    </Badge>
  );
}

/**
 * The team's invoices and credit notes (spec point 7): number, date, plan, total, status, and the
 * actions: the PDF, cancelling by a credit note (admins, confirmed), the session the invoice paid for.
 */
export function InvoicesTable({ admin }: { admin: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const invoices = trpc.billing.invoices.useQuery();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const pdf = useMutation({
    mutationFn: (invoiceNumber: string) => utils.client.billing.invoicePdf.query({ invoiceNumber }),
    onSuccess: ({ invoiceNumber, data }) => downloadPdf(data, `${invoiceNumber}.pdf`),
    onError: (error) => toastError(intl, error),
  });
  const cancel = trpc.billing.cancelInvoice.useMutation({
    onSuccess: ({ creditNoteNumber }) => {
      toastMessage(intl, 'billing.cancelled', 'teal', undefined, { number: creditNoteNumber ?? '' });
      void utils.billing.invalidate();
    },
    onError: (error) => toastError(intl, error),
  });
  const session = trpc.billing.createSessionFromInvoice.useMutation({
    onSuccess: ({ sessionId }) => navigate(paths.session(sessionId, 'follow-up')),
    onError: (error) => toastError(intl, error),
  });
  if (invoices.isPending) return <Loader />;
  if (invoices.isError || invoices.data.length === 0)
    return (
      <Text c="dimmed" data-testid="invoices-none">
        <FormattedMessage id="billing.noInvoices" />
      </Text>
    );
  const rows = invoices.data.map((row) => {
    const live = row.kind === 'invoice' && !row.cancelledBy;
    return (
      <Table.Tr key={row.invoiceNumber} data-testid={`invoice-${row.invoiceNumber}`}>
        <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {row.invoiceNumber}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {intl.formatDate(row.issuedAt, { dateStyle: 'medium' })}
        </Table.Td>
        <Table.Td>
          {gameTypeName(intl, row.plan_type)} · {planLabel(intl, row.plan_name)}
        </Table.Td>
        <Table.Td ta="right">{formatCents(intl.locale, row.totalCents, row.currency)}</Table.Td>
        <Table.Td>
          <InvoiceStatus row={row} />
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={intl.formatMessage({ id: 'billing.downloadPdf' })}>
              <ActionIcon
                variant="subtle"
                onClick={() => pdf.mutate(row.invoiceNumber)}
                loading={pdf.isPending && pdf.variables === row.invoiceNumber}
                aria-label={intl.formatMessage({ id: 'billing.downloadPdf' })}
                data-testid={`invoice-pdf-${row.invoiceNumber}`}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
            {live && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                loading={session.isPending && session.variables?.invoiceNumber === row.invoiceNumber}
                onClick={() =>
                  session.mutate({ invoiceNumber: row.invoiceNumber, commandId: newCommandId() })
                }
              >
                <FormattedMessage id={row.sessionId ? 'billing.openSession' : 'billing.createSession'} />
              </Button>
            )}
            {live && admin && (
              <Tooltip label={intl.formatMessage({ id: 'billing.cancelInvoice' })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => setCancelling(row.invoiceNumber)}
                  aria-label={intl.formatMessage({ id: 'billing.cancelInvoice' })}
                >
                  <IconReceiptOff size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  });
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="invoices">
          <Table.Thead>
            <Table.Tr>
              {['number', 'date', 'plan', 'total', 'status', 'actions'].map((column) => (
                <Table.Th key={column} ta={column === 'total' ? 'right' : undefined}>
                  <FormattedMessage id={`billing.invoiceColumn.${column}`} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Confirm
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={<FormattedMessage id="billing.cancelTitle" values={{ number: cancelling ?? '' }} />}
        confirmLabel={<FormattedMessage id="billing.cancelInvoice" />}
        onConfirm={() =>
          cancelling && cancel.mutate({ invoiceNumber: cancelling, commandId: newCommandId() })
        }
        testId="confirm-cancel-invoice"
      >
        <Text>
          <FormattedMessage id="billing.cancelText" />
        </Text>
      </Confirm>
    </>
  );
}

export function InvoicesSection({ admin }: { admin: boolean }) {
  return (
    <>
      <Title order={3}>
        <FormattedMessage id="billing.invoicesTitle" />
      </Title>
      <InvoicesTable admin={admin} />
    </>
  );
}
