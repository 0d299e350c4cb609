import {
  Anchor,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconUpload, IconWorldWww } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_TITLE_MAX } from '../../../src-shared/api/public-page';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../src-shared/rules/locale';
import { isHexColor, logoFileRefusal, slugRefusal } from '../../../src-shared/rules/public-page';
import { trpc } from '../../trpc';
import { toastError, toastMessage } from '../../ui/notify';
import { ContrastCheck } from './contrast-check';
import type { MyPage } from './page-api';
import { uploadLogo } from './page-api';
import { PublishedItems } from './published-items';

const DEFAULT_MAIN = '#1c7ed6';
const DEFAULT_BACKGROUND = '#ffffff';

/**
 * The public page's settings (issue 28, spec point 2: "a public-page settings area"): the logo,
 * the title, the language, the colours with their contrast as they are picked, the address, whether
 * the page shows, and what it publishes.
 */
/**
 * Colours offered beside a typed #rrggbb (Mantine's picker sliders carry no name for a screen
 * reader: ColorInput does not pass its labels on). Dark and light ones, to pair with care.
 */
const PAGE_SWATCHES = [
  '#0b3d91',
  '#1d4ed8',
  '#0f766e',
  '#7c2d12',
  '#9d174d',
  '#111827',
  '#ffffff',
  '#fef3c7',
  '#e0f2fe',
];

export function PageSettings() {
  const page = trpc.portal.myPage.useQuery();
  if (!page.data) return null;
  return <PageSettingsForm page={page.data} onChanged={() => void page.refetch()} />;
}

function PageSettingsForm({ page, onChanged }: { page: MyPage; onChanged: () => void }) {
  const intl = useIntl();
  const [appTitle, setAppTitle] = useState(page.appTitle ?? '');
  const [language, setLanguage] = useState<Locale | null>(page.language);
  const [mainColor, setMainColor] = useState(page.mainColor ?? DEFAULT_MAIN);
  const [bckColor, setBckColor] = useState(page.bckColor ?? DEFAULT_BACKGROUND);
  const [useThumbnail, setUseThumbnail] = useState(page.useThumbnail);
  const [activePage, setActivePage] = useState(page.activePage);
  const [slug, setSlug] = useState(page.slug ?? '');
  const [slugError, setSlugError] = useState<string | undefined>();
  const [logoError, setLogoError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const save = trpc.portal.savePage.useMutation();
  const utils = trpc.useUtils();

  const chooseLogo = async (file: File | null) => {
    if (!file) return;
    const refusal = logoFileRefusal(file);
    if (refusal) return setLogoError(intl.formatMessage({ id: refusal }));
    setLogoError(undefined);
    setUploading(true);
    const answer = await uploadLogo(file);
    setUploading(false);
    if (!answer.ok) return setLogoError(intl.formatMessage({ id: answer.messageId }));
    toastMessage(intl, 'settings.pageLogoUploaded', 'teal');
    onChanged();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosenSlug = slug.trim();
    const refusal = chosenSlug ? slugRefusal(chosenSlug) : null;
    if (refusal) return setSlugError(intl.formatMessage({ id: refusal }));
    try {
      await save.mutateAsync({
        appTitle: appTitle.trim() || null,
        language,
        mainColor: isHexColor(mainColor) ? mainColor : null,
        bckColor: isHexColor(bckColor) ? bckColor : null,
        useThumbnail,
        activePage,
        slug: chosenSlug || null,
      });
      toastMessage(intl, 'settings.pageSaved', 'teal');
      await utils.portal.myPage.invalidate();
    } catch (error) {
      const id = (error as { data?: { messageId?: string } }).data?.messageId;
      if (id?.startsWith('settings.pageSlug')) setSlugError(intl.formatMessage({ id }));
      else toastError(intl, error);
    }
  };

  const logo = page.useThumbnail ? (page.thumbnailUrl ?? page.logoUrl) : page.logoUrl;
  const address = `/user/${page.slug ?? page.ownerId}`;
  return (
    <Card withBorder padding="xl" maw={960} id="public-page" data-testid="page-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group gap="sm" justify="space-between" align="flex-start">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size="xl" radius="xl" variant="light">
                <IconWorldWww size={26} />
              </ThemeIcon>
              <div>
                <Title order={3}>
                  <FormattedMessage id="settings.pageTitle" />
                </Title>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="settings.pageIntro" />
                </Text>
              </div>
            </Group>
            <Anchor href={address} target="_blank" rel="noopener" size="sm" data-testid="page-open">
              <FormattedMessage id="settings.pageOpen" />
            </Anchor>
          </Group>

          <Group gap="lg" align="center" wrap="wrap">
            <div
              style={{
                width: 160,
                height: 96,
                display: 'grid',
                placeItems: 'center',
                background: bckColor,
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 8,
              }}
            >
              {logo ? (
                <Image
                  src={logo}
                  alt={intl.formatMessage(
                    { id: 'settings.pageLogoPreview' },
                    { name: page.logoFilename ?? '' },
                  )}
                  mah={80}
                  maw={140}
                  fit="contain"
                  data-testid="page-logo-preview"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="settings.pageNoLogo" />
                </Text>
              )}
            </div>
            <Stack gap={4}>
              <FileButton
                onChange={chooseLogo}
                accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg"
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    loading={uploading}
                    leftSection={<IconUpload size={18} />}
                    data-testid="page-logo-upload"
                  >
                    <FormattedMessage id="settings.pageLogoChoose" />
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                <FormattedMessage id="settings.pageLogoHint" />
              </Text>
              {logoError && (
                <Text size="sm" c="red.9" role="alert" data-testid="page-logo-error">
                  {logoError}
                </Text>
              )}
              <Switch
                label={intl.formatMessage({ id: 'settings.pageUseThumbnail' })}
                checked={useThumbnail}
                onChange={(e) => setUseThumbnail(e.currentTarget.checked)}
                data-testid="page-use-thumbnail"
              />
            </Stack>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'settings.pageAppTitle' })}
              value={appTitle}
              maxLength={PAGE_TITLE_MAX}
              onChange={(e) => setAppTitle(e.currentTarget.value)}
              data-testid="page-title"
            />
            <Select
              label={intl.formatMessage({ id: 'settings.pageLanguage' })}
              data={[
                { value: '', label: intl.formatMessage({ id: 'settings.pageLanguageVisitor' }) },
                ...LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] })),
              ]}
              value={language ?? ''}
              onChange={(code) => setLanguage(isLocale(code) ? code : null)}
              allowDeselect={false}
              data-testid="page-language"
            />
            <ColorInput
              label={intl.formatMessage({ id: 'settings.pageMainColor' })}
              value={mainColor}
              onChange={setMainColor}
              format="hex"
              withEyeDropper={false}
              withPicker={false}
              swatches={PAGE_SWATCHES}
              data-testid="page-main-color"
            />
            <ColorInput
              label={intl.formatMessage({ id: 'settings.pageBckColor' })}
              value={bckColor}
              onChange={setBckColor}
              format="hex"
              withEyeDropper={false}
              withPicker={false}
              swatches={PAGE_SWATCHES}
              data-testid="page-bck-color"
            />
          </SimpleGrid>
          {isHexColor(mainColor) && isHexColor(bckColor) && (
            <ContrastCheck main={mainColor} background={bckColor} />
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={intl.formatMessage({ id: 'settings.pageSlug' })}
              description={intl.formatMessage({ id: 'settings.pageSlugHint' })}
              leftSection={
                <Text size="xs" c="dimmed">
                  /user/
                </Text>
              }
              leftSectionWidth={52}
              value={slug}
              onChange={(e) => {
                setSlug(e.currentTarget.value.toLowerCase());
                setSlugError(undefined);
              }}
              error={slugError}
              data-testid="page-slug"
            />
            <Switch
              mt="xl"
              label={intl.formatMessage({ id: 'settings.pageActive' })}
              checked={activePage}
              onChange={(e) => setActivePage(e.currentTarget.checked)}
              data-testid="page-active"
            />
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={18} />}
              data-testid="page-save"
            >
              <FormattedMessage id="settings.save" />
            </Button>
          </Group>
          <PublishedItems page={page} onChanged={onChanged} />
        </Stack>
      </form>
    </Card>
  );
}
