/**
 * The body of a lean game's results page under its navigation: the debrief once the round is over
 * and its events are read; until then, a word or a loader. Loaded with the lean pages' words.
 */
import { Alert, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { LeanGameView } from '../../../../src-shared/leangame/view';
import { PageLoader } from '../../../ui/page-loader';
import { LeanDebrief } from './debrief';
import { useLeanHistory } from './use-lean-history';

export function LeanResults({ view }: { view: LeanGameView }) {
  const { history, error } = useLeanHistory(view.gameId, view.finished);
  if (!view.finished)
    return (
      <>
        <Title order={2}>
          <FormattedMessage id="lean.debrief.title" />
        </Title>
        <Text c="dimmed" data-testid="lean-results-not-yet">
          <FormattedMessage id="lean.debrief.notYet" />
        </Text>
      </>
    );
  if (error)
    return (
      <Alert color="red">
        <FormattedMessage id={error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  if (!history) return <PageLoader />;
  return <LeanDebrief view={view} history={history} />;
}
