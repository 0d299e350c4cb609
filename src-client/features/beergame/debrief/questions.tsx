/**
 * The debrief's questions (`configDebrief.questionsSection`): a player answers each (an event,
 * `AnswerDebriefQuestion`; a new answer replaces theirs) until they open the results; then their
 * answers are final and they see whether each matches the expected one by the tolerant rule. The
 * creator sees every player's answers and how many are right.
 */
import { Badge, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkText } from '../../../../src-shared/api/text-rules';
import { DEBRIEF_ANSWER_MAX } from '../../../../src-shared/beergame/constants';
import type { BeerDebriefAnswer, BeerView } from '../../../../src-shared/beergame/view-model';
import { newCommandId, trpc } from '../../../trpc';
import { useFacilityName } from '../../../ui/facility-name';
import { toastError } from '../../../ui/notify';

type Question = NonNullable<BeerView['debrief']>['questionsSection']['questions'][number];

function Verdict({ correct }: { correct: boolean | null }) {
  if (correct === null) return null;
  return correct ? (
    <Badge color="teal" variant="light" leftSection={<IconCheck size={14} />}>
      <FormattedMessage id="debrief.questions.right" />
    </Badge>
  ) : (
    <Badge color="orange" variant="light" leftSection={<IconX size={14} />}>
      <FormattedMessage id="debrief.questions.notExpected" />
    </Badge>
  );
}

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

function AnswerForm({
  view,
  question,
  mine,
}: {
  view: BeerView;
  question: Question;
  mine?: BeerDebriefAnswer;
}) {
  const intl = useIntl();
  const [text, setText] = useState(mine?.answer ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = trpc.beergame.answerQuestion.useMutation({ onError: (error) => toastError(intl, error) });
  const submit = () => {
    const problem = checkText(text, { max: DEBRIEF_ANSWER_MAX, multiline: true });
    if (problem) return setRefusal(intl.formatMessage({ id: problem.messageId }, problem.values));
    setRefusal(null);
    answer.mutate({ gameId: view.gameId, questionId: question.id, answer: text, commandId: newCommandId() });
  };
  const unchanged = mine !== undefined && text.trim() === mine.answer;
  return (
    <Stack gap="xs">
      <Textarea
        autosize
        minRows={1}
        maxRows={6}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={refusal}
        aria-label={question.text}
        data-testid={`answer-${question.id}`}
      />
      <Group gap="sm">
        <Button size="sm" onClick={submit} loading={answer.isPending} disabled={unchanged}>
          <FormattedMessage id={mine ? 'debrief.questions.change' : 'debrief.questions.send'} />
        </Button>
        {mine && (
          <Text size="sm" c="dimmed" data-testid={`answered-${question.id}`}>
            <FormattedMessage id="debrief.questions.recorded" />
          </Text>
        )}
        {mine && <Verdict correct={mine.correct} />}
      </Group>
    </Stack>
  );
}

function AnswersTable({ view, question }: { view: BeerView; question: Question }) {
  const facilityName = useFacilityName();
  const answers = view.answers.filter((a) => a.questionId === question.id);
  const right = answers.filter((a) => a.correct === true).length;
  return (
    <Stack gap="xs">
      {question.answer !== null && (
        <Text size="sm">
          <FormattedMessage id="debrief.questions.expected" values={{ answer: String(question.answer) }} />
          {answers.length > 0 && (
            <>
              {' · '}
              <FormattedMessage id="debrief.questions.rightCount" values={{ right, count: answers.length }} />
            </>
          )}
        </Text>
      )}
      {answers.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="debrief.questions.noAnswer" />
        </Text>
      ) : (
        <Table withTableBorder data-testid={`answers-${question.id}`}>
          <Table.Tbody>
            {answers.map((a) => {
              const facility = view.facilities.find((f) => f.id === a.facilityId);
              return (
                <Table.Tr key={`${a.facilityId}-${a.answer}`}>
                  <Table.Td fw={600} w="30%">
                    {facility
                      ? `${facilityName(facility)}${facility.playerName ? ` · ${facility.playerName}` : ''}`
                      : '—'}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.answer}</Table.Td>
                  <Table.Td w={140}>
                    <Verdict correct={a.correct} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function DebriefQuestions({ view }: { view: BeerView }) {
  const section = view.debrief?.questionsSection;
  if (!section || !hasQuestions(view)) return null;
  const playing = view.myFacilityId !== null;
  if (!playing && !view.isCreator) return null;
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
      {view.answersFinal && (
        <Text size="sm" c="dimmed" mb="sm">
          <FormattedMessage id="debrief.questions.final" />
        </Text>
      )}
      <Stack gap="lg">
        {section.questions.map((question, index) => (
          <Stack key={question.id} gap="xs">
            <Text fw={600}>
              {index + 1}. {question.text}
            </Text>
            {view.isCreator ? (
              <AnswersTable view={view} question={question} />
            ) : view.answersFinal ? (
              <FinalAnswer
                question={question}
                mine={view.answers.find((a) => a.questionId === question.id)}
              />
            ) : (
              <AnswerForm
                view={view}
                question={question}
                mine={view.answers.find((a) => a.questionId === question.id)}
              />
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
