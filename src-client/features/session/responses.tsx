/**
 * The responses page's body (spec point 2): every player's answers to the debrief's questions,
 * grouped by round then question, each checked by the server against the expected answer, with
 * the share of correct answers per question.
 */
import { Alert, Badge, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconMessageQuestion, IconX } from '@tabler/icons-react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { SessionView } from '../../../src-shared/session';
import { trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { PageLoader } from '../../ui/page-loader';
import { useTeamName } from './follow-up-table';

/** Answers come in while players debrief: the page reads them again now and then. */
const REFRESH_MS = 10_000;

type Response = {
  roundNumber: number;
  teamNumber: number;
  gameId: string;
  facilityId: string | null;
  playerName: string | null;
  questionId: string;
  question: string;
  answer: string;
  correct: boolean | null;
  /** A lean game's facility name. */
  facilityName?: string;
};

interface QuestionGroup {
  questionId: string;
  question: string;
  answers: Response[];
}

/** Rounds in order, and in each the questions in the order their first answer came. */
function groupResponses(
  responses: readonly Response[],
): Array<{ roundNumber: number; questions: QuestionGroup[] }> {
  const rounds = new Map<number, Map<string, QuestionGroup>>();
  for (const response of responses) {
    const questions = rounds.get(response.roundNumber) ?? new Map<string, QuestionGroup>();
    rounds.set(response.roundNumber, questions);
    const group = questions.get(response.questionId) ?? {
      questionId: response.questionId,
      question: response.question,
      answers: [],
    };
    questions.set(response.questionId, group);
    group.answers.push(response);
  }
  return [...rounds]
    .sort(([a], [b]) => a - b)
    .map(([roundNumber, questions]) => ({
      roundNumber,
      questions: [...questions.values()].map((q) => ({
        ...q,
        answers: q.answers.sort((a, b) => a.teamNumber - b.teamNumber),
      })),
    }));
}

function Verdict({ correct }: { correct: boolean | null }) {
  if (correct === null)
    return (
      <Badge color="gray" variant="light" tt="none" leftSection={<IconMessageQuestion size={12} />}>
        <FormattedMessage id="followUp.openQuestion" />
      </Badge>
    );
  return correct ? (
    <Badge
      color="green"
      variant="light"
      tt="none"
      leftSection={<IconCheck size={12} />}
      data-testid="answer-correct"
    >
      <FormattedMessage id="followUp.answerCorrect" />
    </Badge>
  ) : (
    <Badge color="red" variant="light" tt="none" leftSection={<IconX size={12} />} data-testid="answer-wrong">
      <FormattedMessage id="followUp.answerWrong" />
    </Badge>
  );
}

function QuestionCard({ view, group }: { view: SessionView; group: QuestionGroup }) {
  const intl = useIntl();
  const nameOf = useTeamName(view);
  const facilityName = useFacilityName();
  const checked = group.answers.filter((a) => a.correct !== null);
  const share = checked.length > 0 ? checked.filter((a) => a.correct).length / checked.length : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="question">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Text fw={700} style={{ flex: '1 1 320px' }}>
            {group.question}
          </Text>
          {share !== null ? (
            <Stack gap={4} w={200}>
              <Text size="sm" ta="right" data-testid="share-correct">
                <FormattedMessage
                  id="followUp.shareCorrect"
                  values={{ share: <FormattedNumber value={share} style="percent" />, count: checked.length }}
                />
              </Text>
              <Progress value={share * 100} color={share >= 0.5 ? 'green' : 'orange'} size="sm" aria-hidden />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="followUp.answersCount" values={{ count: group.answers.length }} />
            </Text>
          )}
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="session.colTeam" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="followUp.colRole" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="followUp.colPlayer" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="followUp.colAnswer" />
                </Table.Th>
                <Table.Th w={150} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.answers.map((answer) => (
                <Table.Tr
                  key={`${answer.gameId}-${answer.facilityId}-${answer.playerName}`}
                  data-testid="answer"
                >
                  <Table.Td>{nameOf(answer.teamNumber)}</Table.Td>
                  <Table.Td>
                    {answer.facilityName ??
                      (answer.facilityId
                        ? facilityName({ name: answer.facilityId, type: answer.facilityId })
                        : '–')}
                  </Table.Td>
                  <Table.Td>
                    {answer.playerName ?? intl.formatMessage({ id: 'followUp.anonymousPlayer' })}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {answer.answer}
                  </Table.Td>
                  <Table.Td>
                    <Verdict correct={answer.correct} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

export function SessionResponses({ view }: { view: SessionView }) {
  const responses = trpc.session.responses.useQuery(
    { sessionId: view.sessionId },
    { refetchInterval: REFRESH_MS },
  );
  if (responses.isPending) return <PageLoader />;
  if (responses.error)
    return (
      <Alert color="red">
        <FormattedMessage id={responses.error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  const rounds = groupResponses(responses.data);
  if (rounds.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" data-testid="responses-empty">
        <Stack align="center" gap="xs">
          <IconMessageQuestion size={40} color="var(--mantine-color-gray-5)" />
          <Text fw={600}>
            <FormattedMessage id="followUp.noResponsesTitle" />
          </Text>
          <Text c="dimmed" size="sm" ta="center" maw={520}>
            <FormattedMessage id="followUp.noResponsesHint" />
          </Text>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="xl" data-testid="responses">
      {rounds.map(({ roundNumber, questions }) => (
        <Stack key={roundNumber} gap="sm">
          <Title order={2} fz={22}>
            <FormattedMessage
              id="session.roundTitle"
              values={{ round: roundNumber, name: view.rounds[roundNumber - 1]?.name ?? '' }}
            />
          </Title>
          {questions.map((group) => (
            <QuestionCard key={group.questionId} view={view} group={group} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
