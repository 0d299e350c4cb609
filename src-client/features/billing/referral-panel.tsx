import { Button, Card, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import type { BillingStatus } from './billing-api';

/**
 * The referral tab (spec point 9): join the program, then share one's link; a colleague who signs
 * up from it is recorded as invited by the instructor (account.recordReferral). Plans on only.
 */
export function ReferralPanel({ status }: { status: BillingStatus | undefined }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const referral = trpc.account.referral.useQuery(undefined, { enabled: status?.plansOn === true });
  const join = trpc.account.joinReferralProgram.useMutation({
    onSuccess: (answer) => utils.account.referral.setData(undefined, answer),
    onError: (error) => toastError(intl, error),
  });
  if (!status?.plansOn) return null;
  if (referral.isPending) return <Loader />;
  if (referral.isError) return null;
  const { joined, link } = referral.data;
  return (
    <Card withBorder padding="lg" maw={720} data-testid="referral">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconSend size={24} />
          <Title order={3}>
            <FormattedMessage id="billing.referralTitle" />
          </Title>
        </Group>
        <Text>
          <FormattedMessage id="billing.referralText" />
        </Text>
        {joined && link ? (
          <Stack gap="xs">
            <Text fw={600}>
              <FormattedMessage id="billing.referralLinkLabel" />
            </Text>
            <Group gap="xs" wrap="wrap" align="flex-end">
              <TextInput
                value={link}
                aria-label={intl.formatMessage({ id: 'billing.referralLinkLabel' })}
                readOnly
                style={{ flex: '1 1 260px' }}
                data-testid="referral-link"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    color={copied ? 'teal' : 'blue'}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    <FormattedMessage id={copied ? 'dashboard.copied' : 'billing.referralCopy'} />
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button onClick={() => join.mutate()} loading={join.isPending} data-testid="referral-join">
              <FormattedMessage id="billing.referralJoin" />
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
