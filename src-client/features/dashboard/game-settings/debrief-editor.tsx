/**
 * The debrief editor (issue 26), the same for both games: which sections show and in which order,
 * a thank-you message, the instructor's own text between sections (plain text, its web addresses
 * made links), and questions with their expected answer (none, a number, or a text checked by the
 * tolerant rule). The rules are rules/debrief-form.ts; "Preview" shows it as a player sees it at the
 * end, with the players' own components. Everything is a button, a checkbox or a field: usable with
 * the keyboard alone.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type AnyConfigDebrief, debriefItems } from '../../../../src-shared/rules/debrief-config';
import {
  DEBRIEF_BLOCKS_MAX,
  DEBRIEF_QUESTIONS_MAX,
  type DebriefForm,
  type DebriefFormError,
  debriefFormErrors,
  debriefToForm,
  type ExpectedKind,
  formToDebrief,
  freshId,
  moved,
} from '../../../../src-shared/rules/debrief-form';
import { InstructorTextBlock, ThankYouNote } from '../../../ui/debrief/instructor-text';
import { PlayerQuestions } from '../../../ui/debrief/player-questions';

export interface DebriefEditorProps {
  /** The game's sections, in its default order (spec point 9). */
  sections: readonly string[];
  /** The message id of a section's title. */
  sectionLabel: (section: string) => string;
  initial: Partial<AnyConfigDebrief> | null | undefined;
  submitId?: string;
  pending?: boolean;
  onSubmit: (config: AnyConfigDebrief) => void;
  onCancel: () => void;
}

function Move({
  label,
  onUp,
  onDown,
  first,
  last,
  testId,
}: {
  label: (direction: 'up' | 'down') => string;
  onUp: () => void;
  onDown: () => void;
  first: boolean;
  last: boolean;
  testId: string;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        onClick={onUp}
        disabled={first}
        aria-label={label('up')}
        data-testid={`${testId}-up`}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        onClick={onDown}
        disabled={last}
        aria-label={label('down')}
        data-testid={`${testId}-down`}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </Group>
  );
}

function Part({ title, help, children }: { title: ReactNode; help?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={4}>{title}</Title>
      {help && (
        <Text size="sm" c="dimmed">
          {help}
        </Text>
      )}
      {children}
    </Stack>
  );
}

export function DebriefEditor({
  sections,
  sectionLabel,
  initial,
  submitId = 'gameSettings.debrief.save',
  pending = false,
  onSubmit,
  onCancel,
}: DebriefEditorProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form, setForm] = useState<DebriefForm>(() => debriefToForm(initial, sections));
  const [tried, setTried] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const errors = debriefFormErrors(form);
  const errorOf = (field: string) => {
    const error: DebriefFormError | undefined = tried ? errors.find((e) => e.field === field) : undefined;
    return error ? t(error.messageId, error.values) : undefined;
  };
  const update = (change: Partial<DebriefForm>) => setForm((f) => ({ ...f, ...change }));
  const label = (section: string) => t(sectionLabel(section));
  const submit = () => {
    setTried(true);
    if (errors.length === 0) onSubmit(formToDebrief(form));
  };

  if (previewing) {
    const config = formToDebrief(form);
    return (
      <Stack gap="lg" data-testid="debrief-preview">
        <Alert color="blue" icon={<IconEye size={18} />}>
          <FormattedMessage id="gameSettings.debrief.previewNote" />
        </Alert>
        <ThankYouNote section={config.thankYouSection} />
        {debriefItems(config).map((item) =>
          item.kind === 'text' ? (
            <InstructorTextBlock key={`text-${item.block.id}`} block={item.block} />
          ) : (
            <Paper
              key={item.section}
              withBorder
              radius="md"
              p="md"
              data-testid={`preview-section-${item.section}`}
            >
              <Title order={3} mb={4}>
                {label(item.section)}
              </Title>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="gameSettings.debrief.previewSection" />
              </Text>
            </Paper>
          ),
        )}
        {config.questionsSection.show && config.questionsSection.questions.length > 0 && (
          <PlayerQuestions
            questions={config.questionsSection.questions.map((q) => ({ ...q, answer: null }))}
            mine={[]}
          />
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            onClick={() => setPreviewing(false)}
            data-testid="debrief-back-to-edit"
          >
            <FormattedMessage id="gameSettings.debrief.backToEdit" />
          </Button>
        </Group>
      </Stack>
    );
  }

  const sectionOptions = [
    { value: '', label: t('gameSettings.debrief.blockAtTop') },
    ...sections.map((s) => ({ value: s, label: label(s) })),
  ];
  const kinds: Array<{ value: ExpectedKind; label: string }> = [
    { value: 'none', label: t('gameSettings.debrief.kindNone') },
    { value: 'number', label: t('gameSettings.debrief.kindNumber') },
    { value: 'text', label: t('gameSettings.debrief.kindText') },
  ];

  return (
    <Stack gap="lg" data-testid="debrief-editor">
      <Part
        title={<FormattedMessage id="gameSettings.debrief.sections" />}
        help={<FormattedMessage id="gameSettings.debrief.sectionsHelp" />}
      >
        <Stack gap={4} data-testid="debrief-sections">
          {form.sections.map((section, index) => (
            <Group key={section.id} justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                label={label(section.id)}
                checked={section.shown}
                onChange={(event) => {
                  const shown = event.currentTarget.checked;
                  update({
                    sections: form.sections.map((s) => (s.id === section.id ? { ...s, shown } : s)),
                  });
                }}
                data-testid={`debrief-section-${section.id}`}
              />
              <Move
                testId={`debrief-move-${section.id}`}
                label={(direction) =>
                  t(`gameSettings.debrief.move${direction === 'up' ? 'Up' : 'Down'}`, {
                    name: label(section.id),
                  })
                }
                first={index === 0}
                last={index === form.sections.length - 1}
                onUp={() => update({ sections: moved(form.sections, index, -1) })}
                onDown={() => update({ sections: moved(form.sections, index, 1) })}
              />
            </Group>
          ))}
        </Stack>
      </Part>

      <Divider />
      <Part title={<FormattedMessage id="gameSettings.debrief.thankYou" />}>
        <Switch
          label={t('gameSettings.debrief.thankYouShow')}
          checked={form.thankYou.show}
          onChange={(event) => update({ thankYou: { ...form.thankYou, show: event.currentTarget.checked } })}
          data-testid="debrief-thank-you-show"
        />
        {form.thankYou.show && (
          <Textarea
            label={t('gameSettings.debrief.thankYouText')}
            description={t('gameSettings.debrief.plainTextHelp')}
            autosize
            minRows={2}
            maxRows={8}
            value={form.thankYou.text}
            onChange={(event) => update({ thankYou: { ...form.thankYou, text: event.currentTarget.value } })}
            error={errorOf('thankYou')}
            data-testid="debrief-thank-you-text"
          />
        )}
      </Part>

      <Divider />
      <Part
        title={<FormattedMessage id="gameSettings.debrief.blocks" />}
        help={<FormattedMessage id="gameSettings.debrief.plainTextHelp" />}
      >
        {form.blocks.map((block, index) => (
          <Paper key={block.id} withBorder p="sm" radius="md" data-testid={`debrief-block-${block.id}`}>
            <Stack gap="xs">
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                <Select
                  label={t('gameSettings.debrief.blockAfter')}
                  data={sectionOptions}
                  value={block.after ?? ''}
                  allowDeselect={false}
                  onChange={(value) =>
                    update({
                      blocks: form.blocks.map((b) =>
                        b.id === block.id ? { ...b, after: value || null } : b,
                      ),
                    })
                  }
                  style={{ flex: '1 1 14rem' }}
                />
                <Group gap={4} wrap="nowrap">
                  <Move
                    testId={`debrief-move-block-${block.id}`}
                    label={(direction) =>
                      t(`gameSettings.debrief.moveBlock${direction === 'up' ? 'Up' : 'Down'}`, {
                        number: index + 1,
                      })
                    }
                    first={index === 0}
                    last={index === form.blocks.length - 1}
                    onUp={() => update({ blocks: moved(form.blocks, index, -1) })}
                    onDown={() => update({ blocks: moved(form.blocks, index, 1) })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('gameSettings.debrief.removeBlock', { number: index + 1 })}
                    onClick={() => update({ blocks: form.blocks.filter((b) => b.id !== block.id) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <Textarea
                label={t('gameSettings.debrief.blockText', { number: index + 1 })}
                autosize
                minRows={2}
                maxRows={10}
                value={block.text}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  update({ blocks: form.blocks.map((b) => (b.id === block.id ? { ...b, text } : b)) });
                }}
                error={errorOf(`block:${block.id}`)}
                data-testid={`debrief-block-text-${block.id}`}
              />
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={form.blocks.length >= DEBRIEF_BLOCKS_MAX}
            onClick={() =>
              update({
                blocks: [
                  ...form.blocks,
                  {
                    id: freshId(
                      'b',
                      form.blocks.map((b) => b.id),
                    ),
                    after: form.sections.find((s) => s.shown)?.id ?? null,
                    text: '',
                  },
                ],
              })
            }
            data-testid="debrief-add-block"
          >
            <FormattedMessage id="gameSettings.debrief.addBlock" />
          </Button>
        </Group>
      </Part>

      <Divider />
      <Part title={<FormattedMessage id="gameSettings.debrief.questions" />}>
        <Switch
          label={t('gameSettings.debrief.questionsShow')}
          checked={form.questionsShown}
          onChange={(event) => update({ questionsShown: event.currentTarget.checked })}
          data-testid="debrief-questions-show"
        />
        {form.questions.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="gameSettings.debrief.noQuestions" />
          </Text>
        )}
        {form.questions.map((question, index) => {
          const set = (change: Partial<typeof question>) =>
            update({
              questions: form.questions.map((q) => (q.id === question.id ? { ...q, ...change } : q)),
            });
          return (
            <Paper
              key={question.id}
              withBorder
              p="sm"
              radius="md"
              data-testid={`debrief-question-${index + 1}`}
            >
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Textarea
                    label={t('gameSettings.debrief.questionText', { number: index + 1 })}
                    autosize
                    minRows={1}
                    maxRows={6}
                    value={question.text}
                    onChange={(event) => set({ text: event.currentTarget.value })}
                    error={errorOf(`question:${question.id}`)}
                    style={{ flex: 1 }}
                    data-testid={`debrief-question-text-${index + 1}`}
                  />
                  <Group gap={4} wrap="nowrap" mt={24}>
                    <Move
                      testId={`debrief-move-question-${index + 1}`}
                      label={(direction) =>
                        t(`gameSettings.debrief.moveQuestion${direction === 'up' ? 'Up' : 'Down'}`, {
                          number: index + 1,
                        })
                      }
                      first={index === 0}
                      last={index === form.questions.length - 1}
                      onUp={() => update({ questions: moved(form.questions, index, -1) })}
                      onDown={() => update({ questions: moved(form.questions, index, 1) })}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('gameSettings.debrief.removeQuestion', { number: index + 1 })}
                      onClick={() =>
                        update({ questions: form.questions.filter((q) => q.id !== question.id) })
                      }
                      data-testid={`debrief-remove-question-${index + 1}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
                <Radio.Group
                  label={t('gameSettings.debrief.expectedKind')}
                  value={question.kind}
                  onChange={(value) => set({ kind: value as ExpectedKind })}
                  data-testid={`debrief-expected-kind-${index + 1}`}
                >
                  <Group gap="md" mt={4}>
                    {kinds.map((kind) => (
                      <Radio key={kind.value} value={kind.value} label={kind.label} />
                    ))}
                  </Group>
                </Radio.Group>
                {question.kind !== 'none' && (
                  <TextInput
                    label={t('gameSettings.debrief.expectedValue')}
                    description={
                      question.kind === 'text'
                        ? t('gameSettings.debrief.expectedTextHelp')
                        : t('gameSettings.debrief.expectedNumberHelp')
                    }
                    inputMode={question.kind === 'number' ? 'decimal' : 'text'}
                    value={question.expected}
                    onChange={(event) => set({ expected: event.currentTarget.value })}
                    error={errorOf(`expected:${question.id}`)}
                    data-testid={`debrief-expected-${index + 1}`}
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={form.questions.length >= DEBRIEF_QUESTIONS_MAX}
            onClick={() =>
              update({
                questionsShown: form.questions.length === 0 ? true : form.questionsShown,
                questions: [
                  ...form.questions,
                  {
                    id: freshId(
                      'q',
                      form.questions.map((q) => q.id),
                    ),
                    text: '',
                    kind: 'none',
                    expected: '',
                  },
                ],
              })
            }
            data-testid="debrief-add-question"
          >
            <FormattedMessage id="gameSettings.debrief.addQuestion" />
          </Button>
        </Group>
      </Part>

      {tried && errors.length > 0 && (
        <Alert color="red" data-testid="debrief-errors">
          <FormattedMessage id="gameSettings.debrief.fixErrors" />
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          onClick={() => setPreviewing(true)}
          data-testid="debrief-preview-button"
        >
          <FormattedMessage id="gameSettings.debrief.preview" />
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            <FormattedMessage id="gameSettings.debrief.cancel" />
          </Button>
          <Button onClick={submit} loading={pending} data-testid="debrief-save">
            <FormattedMessage id={submitId} />
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
