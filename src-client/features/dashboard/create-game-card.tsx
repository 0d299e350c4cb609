import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GameType } from '../../../src-shared/rules/templates';
import { trpc } from '../../trpc';
import { CustomGameButton } from './game-settings/custom-game';
import type { MapPreview } from './game-settings/settings-form';
import { useCreateGame } from './use-create-game';

/**
 * Creates a game from a template  (a default one or the instructor's own, of either type), or with custom
 * settings, and opens its intro page.
 */
export function CreateGameCard({
  mapPreview,
  usageTags = {},
}: {
  mapPreview: MapPreview;
  usageTags?: Partial<Record<string, string>>;
}) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('classic');
  const templates = trpc.template.list.useQuery();
  const defaults = (templates.data?.defaults ?? []).filter((t) => t.available);
  const own = templates.data?.own ?? [];
  const options = [
    {
      group: intl.formatMessage({ id: 'templates.defaultsTitle' }),
      items: defaults.map((t) => ({ value: t.id, label: intl.formatMessage({ id: t.titleId }) })),
    },
    ...(own.length > 0
      ? [
          {
            group: intl.formatMessage({ id: 'templates.ownTitle' }),
            items: own.map((t) => ({ value: t.id, label: t.title })),
          },
        ]
      : []),
  ];
  const chosenDefault = defaults.find((t) => t.id === template);
  const chosenOwn = own.find((t) => t.id === template);
  const description = chosenDefault
    ? intl.formatMessage({ id: chosenDefault.descriptionId })
    : (chosenOwn?.description ?? '');
  const create = useCreateGame();
  // Each template says its type (an own one holds a beer game's settings or a lean factory's).
  const type: GameType = chosenDefault?.type ?? (chosenOwn?.type === 'leangame' ? 'leangame' : 'beergame');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.create(name.trim() || intl.formatMessage({ id: 'dashboard.defaultGameName' }), {
      id: template,
      type,
    });
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={3}>
              <FormattedMessage id="dashboard.createTitle" />
            </Title>
            {usageTags[type] && (
              <Badge variant="light" size="lg" tt="none" data-testid="usage-tag">
                <FormattedMessage
                  id="dashboard.usageTag"
                  values={{
                    game: intl.formatMessage({
                      id: type === 'beergame' ? 'dashboard.typeBeergame' : 'dashboard.typeLeangame',
                    }),
                    tag: usageTags[type],
                  }}
                />
              </Badge>
            )}
          </Group>
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
              data={
                templates.data
                  ? options
                  : [{ value: 'classic', label: intl.formatMessage({ id: 'template.classic' }) }]
              }
              value={template}
              onChange={(value) => value && setTemplate(value)}
              allowDeselect={false}
              searchable
              maxDropdownHeight={320}
              w={280}
              data-testid="create-game-template"
            />
            <Button type="submit" loading={create.isPending}>
              <FormattedMessage id="dashboard.createButton" />
            </Button>
            {type === 'beergame' && (
              <CustomGameButton name={name} template={template} mapPreview={mapPreview} />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
