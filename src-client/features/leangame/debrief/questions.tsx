/**
 * The lean debrief's questions (`configDebrief.questionsSection`): a player answers each (a new
 * answer replaces theirs), the creator reads every answer checked by the tolerant rule. A lean
 * player is not told whether an answer is right (leangame/debrief-answers.ts).
 */
import { useIntl } from 'react-intl';
import type { LeanGameView } from '../../../../src-shared/leangame/view';
import { asksQuestions } from '../../../../src-shared/rules/debrief-config';
import { newCommandId, trpc } from '../../../trpc';
import { CreatorAnswers, PlayerQuestions } from '../../../ui/debrief/player-questions';
import { toastError } from '../../../ui/notify';

export function LeanQuestions({ view }: { view: LeanGameView }) {
  const intl = useIntl();
  const answer = trpc.leangame.answerQuestion.useMutation({ onError: (error) => toastError(intl, error) });
  const config = view.configDebrief;
  if (!config || !asksQuestions(config)) return null;
  const { questions } = config.questionsSection;
  if (view.isCreator) {
    const who = (facilityId: string) => {
      const f = view.facilities.find((x) => x.id === facilityId);
      return f ? `${f.name}${f.playerName ? ` · ${f.playerName}` : ''}` : '—';
    };
    return (
      <CreatorAnswers
        questions={questions}
        answers={view.answers.map((a) => ({ ...a, who: who(a.facilityId) }))}
      />
    );
  }
  if (view.me === null) return null;
  return (
    <PlayerQuestions
      questions={questions}
      mine={view.answers}
      onSend={(questionId, text) =>
        answer.mutateAsync({ gameId: view.gameId, questionId, answer: text, commandId: newCommandId() })
      }
    />
  );
}
