/**
 * A beer game's results page body: the debrief once the game is over. A player of a game with
 * questions answers them first: opening the results makes their answers final (the server records
 * it when it sends them the history), so the figures cannot help them change an answer.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { BeerView } from '../../../../src-shared/beergame';
import { PageLoader } from '../../../ui/page-loader';
import { BeerDebrief } from './debrief';
import { DebriefQuestions, hasQuestions } from './questions';
import { useBeerHistory } from './use-history';

export function BeerResults({ view }: { view: BeerView }) {
  const [opened, setOpened] = useState(false);
  const questionsFirst =
    !view.isCreator && view.myFacilityId !== null && !view.answersFinal && hasQuestions(view) && !opened;
  const { history, error } = useBeerHistory(view.gameId, view.finished && !questionsFirst);
  if (!view.finished)
    return (
      <>
        <Title order={2}>
          <FormattedMessage id="debrief.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="results.notYet" />
        </Text>
      </>
    );
  if (questionsFirst)
    return (
      <Stack gap="lg">
        <Title order={2}>
          <FormattedMessage id="debrief.title" />
        </Title>
        <Text>
          <FormattedMessage id="debrief.questions.beforeResults" />
        </Text>
        <DebriefQuestions view={view} />
        <Group>
          <Button
            leftSection={<IconChartLine size={18} />}
            onClick={() => setOpened(true)}
            data-testid="see-results"
          >
            <FormattedMessage id="debrief.questions.seeResults" />
          </Button>
        </Group>
      </Stack>
    );
  if (error)
    return (
      <Alert color="red">
        <FormattedMessage id={error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  return history ? <BeerDebrief view={view} history={history} /> : <PageLoader />;
}
