/**
 * The game settings form (spec points 3, 5 and 9): general settings, consumer demand, costs and
 * stock, the network with a live map preview, automatic messages. What is typed stays as typed;
 * `settingsToConfig` (src-shared) checks it and says, field by field, what it refuses.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAdjustments,
  IconAlertCircle,
  IconBuildingWarehouse,
  IconChartLine,
  IconCoins,
  IconDice5,
  IconMessage,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  type ComponentType,
  type FormEvent,
  type ReactNode,
  Suspense,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FACILITY_KINDS } from '../../../../src-shared/beergame/constants';
import type { BeerConfig, BeerConfigInput } from '../../../../src-shared/beergame/schemas';
import {
  freshFacilityId,
  type GameSettings,
  newSettingsFacility,
  SETTINGS_FACILITIES,
  type SettingsError,
  type SettingsFacility,
  settingsToConfig,
  type ThresholdMessage,
} from '../../../../src-shared/beergame/settings';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../../src-shared/rules/locale';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { useFocusFirstError } from '../../../ui/focus-first-error';

/** The map drawn from a resolved configuration (the beer game's own map, given by the route). */
export type MapPreview = ComponentType<{ config: BeerConfig }>;

export interface SettingsSubmit {
  name: string;
  config: BeerConfigInput;
  draft: boolean;
}

/** A kind's label: `gameSettings.kindFarm`, ... */
export const kindMessageId = (kind: string) => `gameSettings.kind${kind[0]!.toUpperCase()}${kind.slice(1)}`;

function Section({ icon, titleId, children }: { icon: ReactNode; titleId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          {icon}
          <Title order={4}>
            <FormattedMessage id={titleId} />
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function GameSettingsForm(props: {
  initial: GameSettings;
  /** The configuration edited (a game's or a template's): what the form does not show is kept. */
  base?: BeerConfigInput;
  submitId: string;
  pending: boolean;
  onSubmit: (settings: SettingsSubmit) => void;
  onCancel: () => void;
  mapPreview: MapPreview;
  /** False on a template: its games are named when they are made. */
  withName?: boolean;
}) {
  const {
    initial,
    base,
    submitId,
    pending,
    onSubmit,
    onCancel,
    mapPreview: Preview,
    withName = true,
  } = props;
  const intl = useIntl();
  const [form, setForm] = useState<GameSettings>(initial);
  const [tried, setTried] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const showFirstError = useFocusFirstError(root);
  const result = useMemo(() => settingsToConfig(form, base), [form, base]);
  const errors = result.ok ? {} : result.errors;
  // The preview keeps the last network that resolved while a field is being corrected.
  const lastGood = useRef<BeerConfig | null>(null);
  if (result.ok) lastGood.current = result.resolved;
  // The first weeks of a demand drawn at random, so the instructor sees what the seed gives.
  const drawnDemand =
    form.demandMode === 'random' && result.ok
      ? `${(result.config.consumerDemand ?? []).slice(0, 12).join(', ')}…`
      : null;

  const set = <K extends keyof GameSettings>(key: K, value: GameSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setFacility = (i: number, patch: Partial<SettingsFacility>) =>
    setForm((f) => ({ ...f, facilities: f.facilities.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const kindLabel = (kind: string) => intl.formatMessage({ id: kindMessageId(kind) });

  const error = (path: string) => {
    const e: SettingsError | undefined = errors[path];
    return tried && e ? intl.formatMessage({ id: e.messageId }, e.values) : undefined;
  };
  /** A text field bound to a key of the form whose value is text. */
  const text = (
    key: keyof GameSettings & string,
    labelId: string,
    extra: { descriptionId?: string; numeric?: boolean } = {},
  ) => (
    <TextInput
      label={intl.formatMessage({ id: labelId })}
      description={extra.descriptionId ? intl.formatMessage({ id: extra.descriptionId }) : undefined}
      value={form[key] as string}
      onChange={(event) => set(key, event.currentTarget.value as never)}
      inputMode={extra.numeric === false ? undefined : 'decimal'}
      error={error(key)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid={`settings-${key}`}
    />
  );

  const addFacility = () =>
    setForm((f) => {
      const id = freshFacilityId(f.facilities);
      const last = f.facilities.at(-1);
      // The new facility supplies the last one, which produced until now.
      const facilities = f.facilities.map((x) =>
        x === last && x.supplierId === null ? { ...x, supplierId: id } : x,
      );
      return {
        ...f,
        facilities: [...facilities, newSettingsFacility(id, kindLabel('supplier'), 'supplier', null)],
      };
    });
  const removeFacility = (i: number) =>
    setForm((f) => {
      const gone = f.facilities[i]!;
      // Its clients buy from its own supplier instead: the chain stays whole.
      const facilities = f.facilities
        .filter((_, j) => j !== i)
        .map((x) => (x.supplierId === gone.id ? { ...x, supplierId: gone.supplierId } : x));
      return { ...f, facilities };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (result.ok) onSubmit({ name: result.name, config: result.config, draft: form.draft });
    else showFirstError();
  };

  const threshold = (key: 'backlogMessage' | 'stockMessage', labelId: string) => {
    const m = form[key];
    const update = (patch: Partial<ThresholdMessage>) => set(key, { ...m, ...patch });
    return (
      <Stack gap={6}>
        <Switch
          label={intl.formatMessage({ id: labelId })}
          checked={m.on}
          onChange={(event) => update({ on: event.currentTarget.checked })}
        />
        {m.on && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={intl.formatMessage({ id: 'gameSettings.threshold' })}
              value={m.threshold}
              inputMode="numeric"
              onChange={(event) => update({ threshold: event.currentTarget.value })}
              error={error(`${key}.threshold`)}
            />
            <Textarea
              label={intl.formatMessage({ id: 'gameSettings.messageText' })}
              value={m.message}
              autosize
              minRows={1}
              maxLength={2000}
              onChange={(event) => update({ message: event.currentTarget.value })}
              error={error(`${key}.message`)}
              style={{ gridColumn: 'span 2' }}
            />
          </SimpleGrid>
        )}
      </Stack>
    );
  };

  const suppliers = (f: SettingsFacility) => [
    { value: '', label: intl.formatMessage({ id: 'gameSettings.supplierNone' }) },
    ...form.facilities
      .filter((x) => x.id !== f.id)
      .map((x) => ({ value: x.id, label: x.name.trim() || kindLabel(x.type) })),
  ];

  return (
    <Stack component="form" ref={root} onSubmit={submit} gap="md" data-testid="settings-form">
      <Section icon={<IconAdjustments size={20} />} titleId="gameSettings.sectionGeneral">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {withName && text('name', 'gameSettings.name', { numeric: false })}
          {text('weeks', 'gameSettings.weeks')}
          <Select
            label={intl.formatMessage({ id: 'gameSettings.language' })}
            data={[
              { value: '', label: intl.formatMessage({ id: 'gameSettings.languageAny' }) },
              ...LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
            ]}
            value={form.language ?? ''}
            allowDeselect={false}
            onChange={(value) => set('language', value ? (value as Locale) : null)}
            error={error('language')}
            data-testid="settings-language"
          />
          <Stack gap={6}>
            <Switch
              label={intl.formatMessage({ id: 'gameSettings.playTimer' })}
              description={intl.formatMessage({ id: 'gameSettings.playTimerHint' })}
              checked={form.playTimer}
              onChange={(event) => set('playTimer', event.currentTarget.checked)}
            />
            {form.playTimer && text('timer', 'gameSettings.timer')}
          </Stack>
          <Switch
            label={intl.formatMessage({ id: 'gameSettings.transparent' })}
            description={intl.formatMessage({ id: 'gameSettings.transparentHint' })}
            checked={form.transparent}
            onChange={(event) => set('transparent', event.currentTarget.checked)}
          />
          <Switch
            label={intl.formatMessage({ id: 'gameSettings.draft' })}
            description={intl.formatMessage({ id: 'gameSettings.draftHint' })}
            checked={form.draft}
            onChange={(event) => set('draft', event.currentTarget.checked)}
            data-testid="settings-draft"
          />
        </SimpleGrid>
      </Section>

      <Section icon={<IconChartLine size={20} />} titleId="gameSettings.sectionDemand">
        <SegmentedControl
          value={form.demandMode}
          onChange={(value) => set('demandMode', value as GameSettings['demandMode'])}
          data={[
            { value: 'step', label: intl.formatMessage({ id: 'gameSettings.demandModeStep' }) },
            { value: 'list', label: intl.formatMessage({ id: 'gameSettings.demandModeList' }) },
            { value: 'random', label: intl.formatMessage({ id: 'gameSettings.demandModeRandom' }) },
          ]}
          aria-label={intl.formatMessage({ id: 'gameSettings.demandMode' })}
          style={{ alignSelf: 'flex-start' }}
        />
        {form.demandMode === 'random' && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {text('demandMin', 'gameSettings.demandMin')}
              {text('demandMax', 'gameSettings.demandMax')}
              {text('demandSeed', 'gameSettings.demandSeed', {
                descriptionId: 'gameSettings.demandSeedHint',
              })}
            </SimpleGrid>
            <Group gap="sm" wrap="wrap">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDice5 size={16} />}
                // A new draw for this form (a person's choice, not the engine's: the seed is what is kept).
                onClick={() => set('demandSeed', String(Math.floor(Math.random() * 2 ** 31)))}
                data-testid="settings-new-draw"
              >
                <FormattedMessage id="gameSettings.demandNewDraw" />
              </Button>
              {drawnDemand && (
                <Text size="xs" c="dimmed" data-testid="settings-drawn-demand">
                  <FormattedMessage id="gameSettings.demandDrawn" values={{ weeks: drawnDemand }} />
                </Text>
              )}
            </Group>
          </>
        )}
        {form.demandMode === 'step' ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('demandBase', 'gameSettings.demandBase')}
            {text('demandStep', 'gameSettings.demandStep')}
            {text('demandStepWeek', 'gameSettings.demandStepWeek')}
          </SimpleGrid>
        ) : form.demandMode === 'random' ? null : (
          text('demandList', 'gameSettings.demandList', {
            descriptionId: 'gameSettings.demandListHint',
            numeric: false,
          })
        )}
      </Section>

      <Section icon={<IconCoins size={20} />} titleId="gameSettings.sectionCosts">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
          {text('stockCost', 'gameSettings.stockCost')}
          {text('backlogCost', 'gameSettings.backlogCost')}
          {text('unitPrice', 'gameSettings.unitPrice', { descriptionId: 'gameSettings.unitPriceHint' })}
          {text('maxShipQty', 'gameSettings.maxShipQty', { descriptionId: 'gameSettings.maxShipQtyHint' })}
          {text('leadtimeVariability', 'gameSettings.leadtimeVariability')}
          {text('visibleWeeks', 'gameSettings.visibleWeeks')}
          {text('moq', 'gameSettings.moq', { descriptionId: 'gameSettings.zeroNoConstraint' })}
          {text('maxOrderQty', 'gameSettings.maxOrderQty', {
            descriptionId: 'gameSettings.zeroNoConstraint',
          })}
          {text('batchSize', 'gameSettings.batchSize', { descriptionId: 'gameSettings.zeroNoConstraint' })}
        </SimpleGrid>
      </Section>

      <Section icon={<IconBuildingWarehouse size={20} />} titleId="gameSettings.sectionNetwork">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="gameSettings.networkHint" values={SETTINGS_FACILITIES} />
        </Text>
        <Stack gap="sm">
          {form.facilities.map((f, i) => (
            <Paper
              key={f.id}
              withBorder
              p="sm"
              radius="sm"
              bg="var(--mantine-color-default-hover)"
              data-testid={`facility-${i}`}
            >
              <Group align="flex-start" wrap="nowrap" gap="xs">
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" style={{ flex: 1 }}>
                  <TextInput
                    label={intl.formatMessage({ id: 'gameSettings.facilityName' })}
                    value={f.name}
                    maxLength={100}
                    onChange={(event) => setFacility(i, { name: event.currentTarget.value })}
                    error={error(`facilities.${i}.name`)}
                    data-testid={`facility-${i}-name`}
                  />
                  <Select
                    label={intl.formatMessage({ id: 'gameSettings.facilityKind' })}
                    data={FACILITY_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
                    value={f.type}
                    allowDeselect={false}
                    searchable
                    onChange={(value) => value && setFacility(i, { type: value })}
                    error={error(`facilities.${i}.type`)}
                  />
                  <Select
                    label={intl.formatMessage({ id: 'gameSettings.supplier' })}
                    data={suppliers(f)}
                    value={f.supplierId ?? ''}
                    allowDeselect={false}
                    onChange={(value) => setFacility(i, { supplierId: value ? value : null })}
                    error={error(`facilities.${i}.supplierId`)}
                    data-testid={`facility-${i}-supplier`}
                  />
                  {(['stock', 'startOrders', 'leadtime', 'ordertime'] as const).map((key) => (
                    <TextInput
                      key={key}
                      label={intl.formatMessage({ id: `gameSettings.${key}` })}
                      value={f[key]}
                      inputMode="numeric"
                      onChange={(event) => setFacility(i, { [key]: event.currentTarget.value })}
                      error={error(`facilities.${i}.${key}`)}
                      data-testid={`facility-${i}-${key}`}
                    />
                  ))}
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={24}
                  disabled={form.facilities.length <= SETTINGS_FACILITIES.min}
                  onClick={() => removeFacility(i)}
                  aria-label={intl.formatMessage(
                    { id: 'gameSettings.removeFacility' },
                    { name: f.name.trim() || kindLabel(f.type) },
                  )}
                  data-testid={`remove-facility-${i}`}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          {error('facilities') && (
            <Text size="sm" c="red">
              {error('facilities')}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={addFacility}
            disabled={form.facilities.length >= SETTINGS_FACILITIES.max}
            style={{ alignSelf: 'flex-start' }}
            data-testid="add-facility"
          >
            <FormattedMessage id="gameSettings.addFacility" />
          </Button>
        </Stack>
        <Stack gap={4} data-testid="map-preview">
          <Text fw={600} size="sm">
            <FormattedMessage id="gameSettings.mapPreview" />
          </Text>
          {!result.ok && (
            <Text size="xs" c="dimmed">
              <FormattedMessage id="gameSettings.mapPreviewStale" />
            </Text>
          )}
          {lastGood.current && (
            <Suspense fallback={<Loader size="sm" />}>
              <Preview config={lastGood.current} />
            </Suspense>
          )}
        </Stack>
      </Section>

      <Section icon={<IconMessage size={20} />} titleId="gameSettings.sectionMessages">
        {threshold('backlogMessage', 'gameSettings.backlogMessage')}
        {threshold('stockMessage', 'gameSettings.stockMessage')}
      </Section>

      {tried && !result.ok && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="settings-errors">
          {errors.form
            ? intl.formatMessage({ id: errors.form.messageId }, errors.form.values)
            : intl.formatMessage({ id: 'gameSettings.fixErrors' })}
        </Alert>
      )}
      <DialogButtons
        onCancel={onCancel}
        submitLabel={<FormattedMessage id={submitId} />}
        loading={pending}
        testId="settings-submit"
      />
    </Stack>
  );
}
