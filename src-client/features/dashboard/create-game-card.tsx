import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import { CustomGameButton } from './game-settings/custom-game';
import type { MapPreview } from './game-settings/settings-form';

/** Creates a game from a template, or with custom settings, and opens its intro page. */
export function CreateGameCard({ mapPreview }: { mapPreview: MapPreview }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const create = trpc.beergame.create.useMutation({
    onSuccess: async ({ gameId }) => {
      await utils.dashboard.games.invalidate();
      navigate(paths.game(gameId, 'intro'));
    },
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim() || intl.formatMessage({ id: 'dashboard.defaultGameName' }),
      template: 'classic',
    });
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="dashboard.createTitle" />
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.gameName' })}
              placeholder={intl.formatMessage({ id: 'dashboard.defaultGameName' })}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={80}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Select
              label={intl.formatMessage({ id: 'dashboard.template' })}
              data={[{ value: 'classic', label: intl.formatMessage({ id: 'template.classic' }) }]}
              value="classic"
              allowDeselect={false}
              w={260}
            />
            <Button type="submit" loading={create.isPending}>
              <FormattedMessage id="dashboard.createButton" />
            </Button>
            <CustomGameButton name={name} mapPreview={mapPreview} />
          </Group>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="template.classicDescription" />
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
