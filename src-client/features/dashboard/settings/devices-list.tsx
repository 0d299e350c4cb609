import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { describeUserAgent } from '../../../../src-shared/rules/user-agent';
import { authClient, authErrorMessageId } from '../../../auth';
import { TOAST_MS } from '../../../ui/notify';
import { showNotification } from '../../../ui/toasts';

interface Device {
  token: string;
  userAgent?: string | null;
  updatedAt: Date | string;
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * When a device was last active, `seconds` ago (negative), in the largest unit that fits: "3 hours
 * ago", "now". intl's own formatter rather than react-intl's FormattedRelativeTime, whose code would
 * join the react-intl chunk every player loads.
 */
function lastActive(intl: IntlShape, seconds: number): string {
  for (const [unit, size] of RELATIVE_UNITS)
    if (-seconds >= size)
      return intl.formatRelativeTime(Math.round(seconds / size), unit, { numeric: 'auto' });
  return intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
}

/**
 * The account's signed-in devices (better-auth's sessions of this account, which only its owner can
 * list or end): each one's browser and system, when it was last active, "this device", and a
 * sign-out for each other one and for all of them.
 */
export function DevicesList() {
  const intl = useIntl();
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [list, session] = await Promise.all([authClient.listSessions(), authClient.getSession()]);
    setCurrent(session.data?.session.token ?? null);
    setDevices(
      [...((list.data ?? []) as Device[])].sort((a, b) => +new Date(b.updatedAt) - +new Date(a.updatedAt)),
    );
  }, []);
  useEffect(() => {
    load().catch(() => setDevices([]));
  }, [load]);

  const signOut = async (token: string | 'others') => {
    setBusy(token);
    const result = await (token === 'others'
      ? authClient.revokeOtherSessions()
      : authClient.revokeSession({ token })
    ).catch(() => ({ error: { code: undefined } }));
    setBusy(null);
    if (result.error)
      showNotification({
        color: 'red',
        autoClose: TOAST_MS,
        message: intl.formatMessage({ id: authErrorMessageId(result.error) }),
      });
    await load().catch(() => {});
  };

  const others = (devices ?? []).filter((device) => device.token !== current);
  return (
    <Card withBorder padding="xl" maw={720} data-testid="devices">
      <Stack gap="md">
        <Title order={4}>
          <FormattedMessage id="account.devices.title" />
        </Title>
        {(devices ?? []).map((device) => {
          const { browser, os } = describeUserAgent(device.userAgent);
          const seconds = Math.min(0, Math.round((+new Date(device.updatedAt) - Date.now()) / 1000));
          const isCurrent = device.token === current;
          return (
            <Group key={device.token} justify="space-between" wrap="nowrap" data-testid="device">
              <Group gap="sm" wrap="nowrap">
                <IconDeviceDesktop size={22} />
                <div>
                  <Text size="sm" fw={600}>
                    {browser && os ? (
                      <FormattedMessage id="account.devices.on" values={{ browser, os }} />
                    ) : (
                      (browser ?? os ?? <FormattedMessage id="account.devices.unknown" />)
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage
                      id="account.devices.lastActive"
                      values={{
                        time: lastActive(intl, seconds),
                      }}
                    />
                  </Text>
                </div>
              </Group>
              {isCurrent ? (
                <Badge variant="light" style={{ flex: 'none' }} data-testid="this-device">
                  <FormattedMessage id="account.devices.thisDevice" />
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  style={{ flex: 'none' }}
                  loading={busy === device.token}
                  onClick={() => signOut(device.token)}
                >
                  <FormattedMessage id="account.devices.signOut" />
                </Button>
              )}
            </Group>
          );
        })}
        {devices && others.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="account.devices.none" />
          </Text>
        )}
        {others.length > 1 && (
          <Button
            variant="light"
            color="red"
            w="fit-content"
            loading={busy === 'others'}
            onClick={() => signOut('others')}
            data-testid="sign-out-others"
          >
            <FormattedMessage id="account.devices.signOutOthers" />
          </Button>
        )}
      </Stack>
    </Card>
  );
}
