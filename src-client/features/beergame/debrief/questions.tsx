/**
 * The debrief's questions (`configDebrief.questionsSection`): a player answers each (an event,
 * `AnswerDebriefQuestion`; a new answer replaces theirs) until they open the results; then their
 * answers are final and they see whether each matches the expected one by the tolerant rule. The
 * creator sees every player's answers and how many are right.
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerDebriefAnswer, BeerView } from '../../../../src-shared/beergame/view-model';
import { newCommandId, trpc } from '../../../trpc';
import { CreatorAnswers, PlayerQuestions, Verdict } from '../../../ui/debrief/player-questions';
import { useFacilityName } from '../../../ui/facility-name';
import { toastError } from '../../../ui/notify';

type Question = NonNullable<BeerView['debrief']>['questionsSection']['questions'][number];

/** A player's answer once final (they opened the results): read only, with its verdict. */
function FinalAnswer({ question, mine }: { question: Question; mine?: BeerDebriefAnswer }) {
  return mine ? (
    <Group gap="sm" align="flex-start" data-testid={`final-${question.id}`}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', flex: 1 }}>
        {mine.answer}
      </Text>
      <Verdict correct={mine.correct} />
    </Group>
  ) : (
    <Text size="sm" c="dimmed" data-testid={`final-${question.id}`}>
      <FormattedMessage id="debrief.questions.noAnswer" />
    </Text>
  );
}

/** Whether the game asks its players questions. */
export function hasQuestions(view: BeerView): boolean {
  const section = view.debrief?.questionsSection;
  return (section?.show ?? false) && (section?.questions.length ?? 0) > 0;
}

export function DebriefQuestions({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const answer = trpc.beergame.answerQuestion.useMutation({ onError: (error) => toastError(intl, error) });
  const section = view.debrief?.questionsSection;
  if (!section || !hasQuestions(view)) return null;
  const playing = view.myFacilityId !== null;
  if (!playing && !view.isCreator) return null;
  if (view.isCreator) {
    const who = (facilityId: string | null) => {
      const facility = view.facilities.find((f) => f.id === facilityId);
      return facility
        ? `${facilityName(facility)}${facility.playerName ? ` · ${facility.playerName}` : ''}`
        : '—';
    };
    return (
      <CreatorAnswers
        questions={section.questions}
        answers={view.answers.map((a) => ({ ...a, who: who(a.facilityId) }))}
      />
    );
  }
  if (!view.answersFinal)
    return (
      <PlayerQuestions
        questions={section.questions}
        mine={view.answers}
        onSend={(questionId, text) =>
          answer.mutateAsync({ gameId: view.gameId, questionId, answer: text, commandId: newCommandId() })
        }
      />
    );
  // Final (the player opened the results): read only, each with its verdict.
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className="debrief-section"
      data-testid="debrief-questions"
    >
      <Title order={3} mb="xs">
        <FormattedMessage id="debrief.questions.title" />
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="debrief.questions.final" />
      </Text>
      <Stack gap="lg">
        {section.questions.map((question, index) => (
          <Stack key={question.id} gap="xs">
            <Text fw={600}>
              {index + 1}. {question.text}
            </Text>
            <FinalAnswer question={question} mine={view.answers.find((a) => a.questionId === question.id)} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
