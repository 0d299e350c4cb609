/**
 * The creator's debrief card on a game's intro page (either game): what the debrief shows and asks,
 * and the editor in a dialog. The debrief can be written at any time, before, during or after the
 * game (the engines' ConfigureDebrief and ConfigureLeanDebrief).
 */
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerView } from '../../../../src-shared/beergame';
import type { LeanGameView } from '../../../../src-shared/leangame/view';
import type { AnyConfigDebrief } from '../../../../src-shared/rules/debrief-config';
import { newCommandId, retryUnanswered, trpc } from '../../../trpc';
import { toastError, toastMessage } from '../../../ui/notify';
import { DebriefEditor } from './debrief-editor';
import { debriefSectionsOf } from './debrief-sections';

export function DebriefSettingsCard({ view }: { view: BeerView | LeanGameView }) {
  const intl = useIntl();
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const done = {
    retry: retryUnanswered(3),
    onSuccess: () => {
      setOpened(false);
      toastMessage(intl, 'gameSettings.debrief.saved', 'green');
    },
    onError: (error: Parameters<typeof toastError>[1]) => toastError(intl, error),
  };
  const beer = trpc.beergame.configureDebrief.useMutation(done);
  const lean = trpc.leangame.configureDebrief.useMutation(done);
  const config: AnyConfigDebrief | null =
    view.gameType === 'leangame' ? view.configDebrief : (view as BeerView).debrief;
  const { sections, sectionLabel } = debriefSectionsOf(view.gameType);
  const save = (configDebrief: AnyConfigDebrief) => {
    const input = { gameId: view.gameId, configDebrief: { ...configDebrief }, commandId: newCommandId() };
    if (view.gameType === 'leangame') lean.mutate(input);
    else beer.mutate(input);
  };
  const shown = config?.debriefContent.length ?? sections.length;
  const questions = config?.questionsSection.show ? config.questionsSection.questions.length : 0;
  return (
    <Card withBorder padding="md" data-testid="debrief-settings">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconMessageQuestion size={20} />
            <Title order={4}>
              <FormattedMessage id="gameSettings.debrief.title" />
            </Title>
          </Group>
          <Button variant="light" onClick={() => setOpened(true)} data-testid="edit-debrief">
            <FormattedMessage id="gameSettings.debrief.open" />
          </Button>
        </Group>
        <Text size="sm" data-testid="debrief-summary">
          <FormattedMessage
            id="gameSettings.debrief.summary"
            values={{
              shown,
              total: sections.length,
              questions,
              thankYou: config?.thankYouSection.show ? 'yes' : 'no',
              blocks: config?.textBlocks.length ?? 0,
            }}
          />
        </Text>
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<FormattedMessage id="gameSettings.debrief.title" />}
        size="48rem"
        fullScreen={phone}
      >
        <DebriefEditor
          sections={sections}
          sectionLabel={sectionLabel}
          initial={config}
          pending={beer.isPending || lean.isPending}
          onSubmit={save}
          onCancel={() => setOpened(false)}
        />
      </Modal>
    </Card>
  );
}
