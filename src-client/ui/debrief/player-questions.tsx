/**
 * The debrief's questions in either game: a player's form (one answer per question, a new one
 * replaces theirs), the creator's table of every answer checked by the tolerant rule, and the
 * verdict badge. The game's page sends the answers (its own procedure); the debrief editor's preview
 * shows the same form with sending off.
 */
import { Badge, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkText } from '../../../src-shared/api/text-rules';
import './debrief.css';

/** The longest answer (the engines' DEBRIEF_ANSWER_MAX, without loading them). */
const ANSWER_MAX = 2000;

export interface DebriefQuestionItem {
  id: string;
  text: string;
  /** The expected answer (the creator's view only; null: open or hidden). */
  answer?: string | number | null;
}

export interface DebriefAnswerItem {
  questionId: string;
  answer: string;
  /** Null: an open question, or not for this viewer to know. */
  correct: boolean | null;
  /** Who answered (the creator's table): facility and player. */
  who?: string;
}

export function Verdict({ correct }: { correct: boolean | null }) {
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

function AnswerForm({
  question,
  mine,
  onSend,
}: {
  question: DebriefQuestionItem;
  mine?: DebriefAnswerItem;
  /** Sends the answer; absent: a preview, nothing is sent. */
  onSend?: (questionId: string, answer: string) => Promise<unknown>;
}) {
  const intl = useIntl();
  const [text, setText] = useState(mine?.answer ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const problem = checkText(text, { max: ANSWER_MAX, multiline: true });
    if (problem) return setRefusal(intl.formatMessage({ id: problem.messageId }, problem.values));
    setRefusal(null);
    if (!onSend) return;
    setSending(true);
    try {
      await onSend(question.id, text);
    } catch {
      // The page's procedure says why (a toast).
    } finally {
      setSending(false);
    }
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
        <Button
          size="sm"
          onClick={submit}
          loading={sending}
          disabled={unchanged || !onSend}
          data-testid={`send-${question.id}`}
        >
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

function QuestionsCard({ children }: { children: ReactNode }) {
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
      {children}
    </Paper>
  );
}

/** A player's questions: each with its form (or, in a preview, the form with sending off). */
export function PlayerQuestions({
  questions,
  mine,
  onSend,
}: {
  questions: readonly DebriefQuestionItem[];
  mine: readonly DebriefAnswerItem[];
  onSend?: (questionId: string, answer: string) => Promise<unknown>;
}) {
  return (
    <QuestionsCard>
      <Stack gap="lg">
        {questions.map((question, index) => (
          <Stack key={question.id} gap="xs">
            <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
              {index + 1}. {question.text}
            </Text>
            <AnswerForm
              question={question}
              mine={mine.find((a) => a.questionId === question.id)}
              onSend={onSend}
            />
          </Stack>
        ))}
      </Stack>
    </QuestionsCard>
  );
}

/** The creator's view: each question, its expected answer, and every answer checked. */
export function CreatorAnswers({
  questions,
  answers,
}: {
  questions: readonly DebriefQuestionItem[];
  answers: readonly DebriefAnswerItem[];
}) {
  return (
    <QuestionsCard>
      <Stack gap="lg">
        {questions.map((question, index) => {
          const given = answers.filter((a) => a.questionId === question.id);
          const right = given.filter((a) => a.correct === true).length;
          return (
            <Stack key={question.id} gap="xs">
              <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                {index + 1}. {question.text}
              </Text>
              {question.answer !== null && question.answer !== undefined && (
                <Text size="sm">
                  <FormattedMessage
                    id="debrief.questions.expected"
                    values={{ answer: String(question.answer) }}
                  />
                  {given.length > 0 && (
                    <>
                      {' · '}
                      <FormattedMessage
                        id="debrief.questions.rightCount"
                        values={{ right, count: given.length }}
                      />
                    </>
                  )}
                </Text>
              )}
              {given.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="debrief.questions.noAnswer" />
                </Text>
              ) : (
                <Table withTableBorder data-testid={`answers-${question.id}`}>
                  <Table.Tbody>
                    {given.map((a) => (
                      <Table.Tr key={`${a.who}-${a.answer}`}>
                        <Table.Td fw={600} w="30%">
                          {a.who ?? '—'}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.answer}</Table.Td>
                        <Table.Td w={140}>
                          <Verdict correct={a.correct} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          );
        })}
      </Stack>
    </QuestionsCard>
  );
}
