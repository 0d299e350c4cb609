/**
 * A lean round's settings in the session editor (issue 26): the factory its teams play, the
 * round's length and the improvements players may choose. Other keys of the round's configuration
 * (its debrief, a saved set-up) are kept as they are.
 */
import { Alert, Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LEAN_CREATE_MINUTES, LEAN_IMPROVEMENTS } from '../../../../src-shared/leangame/constants';
import { DEFAULT_TEMPLATES } from '../../../../src-shared/rules/templates';
import {
  LEAN_ROUND_DEFAULT_MINUTES,
  LEAN_ROUND_FACTORIES,
  leanRoundSetup,
} from '../../../../src-shared/session/lean-round';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { NumberField, useNumberField } from '../../../ui/number-field';
import { RoundSettingsTabs } from './round-debrief-form';

/** A lean round's settings and its debrief, each applied to the round in the editor. */
export function LeanRoundSettingsForm(props: {
  config: Record<string, unknown>;
  onApply: (config: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  return <RoundSettingsTabs gameType="leangame" settings={<LeanRoundFactoryForm {...props} />} {...props} />;
}

function LeanRoundFactoryForm({
  config,
  onApply,
  onCancel,
}: {
  config: Record<string, unknown>;
  onApply: (config: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const current = leanRoundSetup(config);
  const [scenario, setScenario] = useState(
    typeof config.scenario === 'string' ? config.scenario : LEAN_ROUND_FACTORIES[0]!.id,
  );
  const minutes = useNumberField(
    LEAN_CREATE_MINUTES,
    String(
      typeof config.minutes === 'number'
        ? config.minutes
        : current.ok
          ? current.setup.params.consumerDemandParams.totalDuration
          : LEAN_ROUND_DEFAULT_MINUTES,
    ),
  );
  const [available, setAvailable] = useState<string[]>(
    current.ok ? [...current.setup.params.improvements.available] : [...LEAN_IMPROVEMENTS],
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const factory = LEAN_ROUND_FACTORIES.find((f) => f.id === scenario);
  const titleOf = (id: string) => {
    const template = DEFAULT_TEMPLATES.find((t) => t.id === id);
    return template ? intl.formatMessage({ id: template.titleId }) : id;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = minutes.submit();
    if (length === null) return;
    // The factory's improvements in the factory's own order, as the panel lists them.
    const chosen = LEAN_IMPROVEMENTS.filter((improvement) => available.includes(improvement));
    const next = { ...config, scenario, minutes: length, available: chosen };
    const check = leanRoundSetup(next);
    if (!check.ok) return setRefusal(check.messageId);
    onApply(next);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="lean-round-settings">
      <Stack gap="md">
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle />}>
            <FormattedMessage id={refusal} />
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={intl.formatMessage({ id: 'dashboard.sessions.leanFactory' })}
            description={
              factory &&
              intl.formatMessage(
                { id: `dashboard.sessions.leanFactoryHint.${factory.mode}` },
                { stations: factory.stations },
              )
            }
            // The factories the templates offer, and the round's own if it plays another.
            data={LEAN_ROUND_FACTORIES.filter(
              (f) => f.id === scenario || DEFAULT_TEMPLATES.some((t) => t.id === f.id),
            ).map((f) => ({ value: f.id, label: titleOf(f.id) }))}
            value={scenario}
            onChange={(value) => value && setScenario(value)}
            allowDeselect={false}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="lean-round-factory"
          />
          <NumberField
            {...minutes.field}
            label={intl.formatMessage({ id: 'dashboard.sessions.leanMinutes' })}
            description={intl.formatMessage(
              { id: 'dashboard.sessions.leanMinutesHint' },
              { min: LEAN_CREATE_MINUTES.min, max: LEAN_CREATE_MINUTES.max },
            )}
            data-testid="lean-round-minutes"
          />
        </SimpleGrid>
        <Checkbox.Group
          label={intl.formatMessage({ id: 'dashboard.sessions.leanImprovements' })}
          description={intl.formatMessage({ id: 'dashboard.sessions.leanImprovementsHint' })}
          value={available}
          onChange={setAvailable}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing={6} mt={8}>
            {LEAN_IMPROVEMENTS.map((improvement) => (
              <Checkbox
                key={improvement}
                value={improvement}
                label={intl.formatMessage({ id: `lean.improvement.${improvement}` })}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {available.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dashboard.sessions.leanNoImprovements" />
          </Text>
        )}
        <Group justify="flex-end">
          <DialogButtons
            onCancel={onCancel}
            submitLabel={<FormattedMessage id="dashboard.sessions.applySettings" />}
            testId="lean-round-apply"
          />
        </Group>
      </Stack>
    </form>
  );
}
