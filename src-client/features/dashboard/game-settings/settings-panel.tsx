import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { asConfigInput, configToSettings } from '../../../../src-shared/beergame/settings-read';
import type { BeerView } from '../../../../src-shared/beergame/view';
import { LOCALE_NAMES } from '../../../../src-shared/rules/locale';
import { newCommandId, retryUnanswered, trpc } from '../../../trpc';
import { useFacilityName } from '../../../ui/facility-name';
import { toastError, toastMessage } from '../../../ui/notify';
import { GameSettingsForm, type MapPreview } from './settings-form';
import { StartingOrders } from './starting-orders';

/**
 * The creator's settings on a game's intro page: editable until the first week closes (or an order
 * is in, or the countdown runs), then locked, as the engine decides (`settingsOpen`).
 */
export function GameSettingsPanel({ view, mapPreview }: { view: BeerView; mapPreview: MapPreview }) {
  const { gameId } = view;
  // What decides whether the settings may change, or changes them: read them again when it moves.
  const moved = JSON.stringify([view.name, view.week, view.timer, view.facilities.map((f) => f.validated)]);
  const intl = useIntl();
  const phone = useMediaQuery('(max-width: 48em)');
  const facilityName = useFacilityName();
  const [opened, setOpened] = useState(false);
  const utils = trpc.useUtils();
  const settings = trpc.beergame.settings.useQuery({ gameId });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the game moving is the reason to read again
  useEffect(() => {
    void utils.beergame.settings.invalidate({ gameId });
  }, [utils, gameId, moved]);
  const configure = trpc.beergame.configure.useMutation({
    retry: retryUnanswered(3),
    onSuccess: () => {
      setOpened(false);
      toastMessage(intl, 'gameSettings.saved', 'green');
    },
    onError: (error) => toastError(intl, error),
  });
  const read = useMemo(() => {
    if (!settings.data) return null;
    const base = asConfigInput(settings.data.config);
    return { base, form: configToSettings(settings.data.name, base) };
  }, [settings.data]);
  if (!settings.data || !read) return null;
  const { open, config } = settings.data;
  const facts: Array<[string, string]> = [
    ['gameSettings.weeks', String(config.weeks)],
    ['gameSettings.sectionNetwork', config.facilities.map((f) => facilityName(f)).join(' ← ')],
    ['gameSettings.demandList', config.demand.map((d) => d.demand.join(', ')).join(' · ')],
    ...(config.playTimer ? [['gameSettings.timer', String(config.timer)] as [string, string]] : []),
    ...(config.language
      ? [['gameSettings.language', LOCALE_NAMES[config.language]] as [string, string]]
      : []),
  ];
  return (
    <Card withBorder padding="md" data-testid="game-settings">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <IconAdjustmentsHorizontal size={20} />
            <Title order={4}>
              <FormattedMessage id="gameSettings.title" />
            </Title>
          </Group>
          {open && read.form.ok && (
            <Button variant="light" onClick={() => setOpened(true)} data-testid="edit-settings">
              <FormattedMessage id="gameSettings.edit" />
            </Button>
          )}
        </Group>
        <Stack gap={2} data-testid="settings-summary">
          {facts.map(([labelId, value]) => (
            <Text key={labelId} size="sm">
              <Text span c="dimmed" size="sm">
                <FormattedMessage id={labelId} />
                {': '}
              </Text>
              {value}
            </Text>
          ))}
          {(config.transparent || config.draft) && (
            <Group gap={6} mt={4}>
              {config.draft && (
                <Badge color="yellow" variant="light">
                  <FormattedMessage id="gameSettings.draft" />
                </Badge>
              )}
              {config.transparent && (
                <Badge variant="light">
                  <FormattedMessage id="gameSettings.transparent" />
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        <StartingOrders view={view} config={config} />
        {!open ? (
          <Group gap="xs" wrap="nowrap">
            <IconLock size={16} />
            <Text size="sm" c="dimmed">
              <FormattedMessage id="gameSettings.locked" />
            </Text>
          </Group>
        ) : read.form.ok ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="gameSettings.editHint" />
          </Text>
        ) : (
          <Alert color="gray">
            <FormattedMessage id={read.form.messageId} />
          </Alert>
        )}
      </Stack>
      {read.form.ok && (
        <Modal
          opened={opened}
          onClose={() => setOpened(false)}
          title={<FormattedMessage id="gameSettings.title" />}
          size="80rem"
          fullScreen={phone}
        >
          <GameSettingsForm
            initial={read.form.settings}
            base={read.base}
            submitId="gameSettings.save"
            pending={configure.isPending}
            onCancel={() => setOpened(false)}
            onSubmit={({ name, config }) =>
              configure.mutate({ gameId, name, config, commandId: newCommandId() })
            }
            mapPreview={mapPreview}
          />
        </Modal>
      )}
    </Card>
  );
}
