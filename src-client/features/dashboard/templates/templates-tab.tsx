import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { copyNames } from '../../../../src-shared/rules/copy-names';
import type { GameType } from '../../../../src-shared/rules/templates';
import { trpc } from '../../../trpc';
import { Confirm } from '../../../ui/confirm';
import { toastError, toastMessage } from '../../../ui/notify';
import type { MapPreview } from '../game-settings/settings-form';
import { TemplateSettingsDialog } from '../game-settings/template-settings';
import {
  CreatorName,
  type ListScope,
  ScopeControl,
  TEAM_LIST_REFRESH_MS,
  useHasTeammates,
} from '../team-scope';
import { CreateGameModal } from './create-game-modal';
import { EditTemplateModal } from './edit-template-modal';
import { TemplateCard, type TemplateSummary } from './template-card';

/** Spec point 9: a copy's success toast lasts 1.5 s. */
const COPIED_MS = 1500;

const GRID = { base: 1, sm: 2, lg: 3 };

/**
 * The dashboard's templates tab: the instructor's own templates (edit, copy, delete) and the
 * default ones, each of which makes a game or a copy of one's own.
 */
export function TemplatesTab({ mapPreview }: { mapPreview: MapPreview }) {
  const intl = useIntl();
  const list = trpc.template.list.useQuery();
  const hasTeammates = useHasTeammates();
  const [scope, setScope] = useState<ListScope>('mine');
  const team = hasTeammates && scope === 'team';
  // The list's own refetch, not an invalidation through useUtils: once the sign-in is known, the app
  // hands the tree a new query client (src-client/main.tsx) while an observer keeps the one it was
  // made with, so an invalidation can miss the list on screen.
  const refresh = () => list.refetch();
  const [creating, setCreating] = useState<{
    id: string;
    title: string;
    type: GameType;
    length: number;
  } | null>(null);
  const [editing, setEditing] = useState<{ id: string; title: string; description: string } | null>(null);
  const [deleting, setDeleting] = useState<{
    id: string;
    title: string;
    type: GameType;
    length: number;
  } | null>(null);
  const [configuring, setConfiguring] = useState<{
    id: string;
    title: string;
    type: GameType;
    length: number;
  } | null>(null);
  const copy = trpc.template.copy.useMutation({
    onSuccess: async () => {
      toastMessage(intl, 'templates.copied', 'green', COPIED_MS);
      await refresh();
    },
    onError: (error) => toastError(intl, error),
  });
  const remove = trpc.template.delete.useMutation({
    onSuccess: async () => {
      toastMessage(intl, 'templates.deleted', 'green');
      await refresh();
    },
    onError: (error) => toastError(intl, error),
  });

  if (list.isPending) return <Loader />;
  if (list.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        <FormattedMessage id={list.error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  }

  const copyOf = (template: TemplateSummary) =>
    copy.mutate({
      templateId: template.id,
      title: copyNames(template.title, 1, undefined, intl.formatMessage({ id: 'dashboard.copySuffix' }))[0]!,
      description: template.description,
    });
  const defaults: TemplateSummary[] = list.data.defaults.map((t) => ({
    ...t,
    title: intl.formatMessage({ id: t.titleId }),
    description: intl.formatMessage({ id: t.descriptionId }),
  }));
  // An own template of either type makes a game (a lean one: its factory and set-up).
  const own: TemplateSummary[] = list.data.own.map((t) => ({
    ...t,
    type: t.type as GameType,
    available: true,
  }));

  return (
    <Stack gap="xl">
      {hasTeammates && (
        <Group>
          <ScopeControl value={scope} onChange={setScope} testId="templates-scope" />
        </Group>
      )}
      {team ? (
        <TeamTemplates onCreateGame={setCreating} onCopy={copyOf} />
      ) : (
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="templates.ownTitle" />
          </Title>
          {own.length === 0 ? (
            <Text c="dimmed" data-testid="templates-own-empty">
              <FormattedMessage id="templates.ownEmpty" />
            </Text>
          ) : (
            <SimpleGrid cols={GRID} data-testid="templates-own">
              {own.map((template) => (
                <TemplateCard
                  key={template.id}
                  template={template}
                  onCreateGame={() => setCreating(template)}
                  onCopy={() => copyOf(template)}
                  onEdit={() => setEditing(template)}
                  {...(template.type === 'beergame'
                    ? { onEditSettings: () => setConfiguring(template) }
                    : {})}
                  onDelete={() => setDeleting(template)}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      <Stack gap="sm">
        <Title order={3}>
          <FormattedMessage id="templates.defaultsTitle" />
        </Title>
        <SimpleGrid cols={GRID} data-testid="templates-defaults">
          {defaults.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onCreateGame={() => setCreating(template)}
              {...(template.available && template.type === 'beergame'
                ? {
                    onCopy: () => copyOf(template),
                    copying: copy.isPending && copy.variables?.templateId === template.id,
                  }
                : {})}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <CreateGameModal template={creating} onClose={() => setCreating(null)} />
      <EditTemplateModal template={editing} onSaved={refresh} onClose={() => setEditing(null)} />
      <TemplateSettingsDialog
        template={configuring}
        onSaved={refresh}
        onClose={() => setConfiguring(null)}
        mapPreview={mapPreview}
      />
      <Confirm
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={<FormattedMessage id="templates.deleteTitle" />}
        confirmLabel={<FormattedMessage id="templates.delete" />}
        onConfirm={() => deleting && remove.mutate({ templateId: deleting.id })}
        testId="template-delete-confirm"
      >
        <Text>
          <FormattedMessage id="templates.deleteBody" values={{ title: deleting?.title }} />
        </Text>
      </Confirm>
    </Stack>
  );
}

/** The game templates of the instructor's teammates (spec point 6): each makes a game or a copy of one's own. */
function TeamTemplates({
  onCreateGame,
  onCopy,
}: {
  onCreateGame: (template: TemplateSummary) => void;
  onCopy: (template: TemplateSummary) => void;
}) {
  // Teammates' changes wake no list of the instructor's: this one reads again now and then.
  const list = trpc.template.teamTemplates.useQuery(undefined, {
    refetchInterval: TEAM_LIST_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return (
    <Stack gap="sm">
      <Title order={3}>
        <FormattedMessage id="dashboard.teamTemplates" />
      </Title>
      {list.isPending ? (
        <Loader />
      ) : (list.data ?? []).length === 0 ? (
        <Text c="dimmed" data-testid="team-templates-empty">
          <FormattedMessage id="dashboard.noTeamTemplates" />
        </Text>
      ) : (
        <SimpleGrid cols={GRID} data-testid="team-templates">
          {(list.data ?? []).map((t) => {
            const template: TemplateSummary = { ...t, type: t.type as GameType, available: true };
            return (
              <TemplateCard
                key={template.id}
                template={template}
                byline={<CreatorName name={t.creatorName} size="xs" />}
                onCreateGame={() => onCreateGame(template)}
                onCopy={() => onCopy(template)}
              />
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
