import { Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconUsersGroup } from '@tabler/icons-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { contrastRatio, readableOn } from '../../../src-shared/rules/public-page';
import { useWorkspaceLocale } from '../../i18n';
import { usePageTitle } from '../../look';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { useNavFacts } from '../../ui/nav-facts';
import { TOAST_MS } from '../../ui/notify';
import { PageLoader } from '../../ui/page-loader';
import type { PublicPageView } from './page-api';

const DEFAULT_MAIN = '#1c7ed6';
const DEFAULT_BACKGROUND = '#f8f9fa';

/**
 * The page's colours made readable whatever the instructor chose (spec point 9): text in the main
 * colour only where it reaches 4.5:1 on the background (3:1 for the big title), else black or
 * white; buttons in the main colour with the text that reads on it.
 */
export function pageColours(page: Pick<PublicPageView, 'mainColor' | 'bckColor'>) {
  const main = page.mainColor ?? DEFAULT_MAIN;
  const background = page.bckColor ?? DEFAULT_BACKGROUND;
  const text = readableOn(background);
  const ratio = contrastRatio(main, background);
  return {
    main,
    background,
    text,
    title: ratio >= 3 ? main : text,
    accent: ratio >= 4.5 ? main : text,
    onMain: readableOn(main),
  };
}

/** `/user/{address}`: an instructor's public page (spec point 2), or back home with the message. */
export function PublicPage({ address }: { address: string }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const page = trpc.portal.page.useQuery({ address }, { retry: false });
  const messageId = page.error?.data?.messageId;
  useEffect(() => {
    if (!page.error) return;
    navigate(paths.home(), { replace: true });
    notifications.show({
      id: 'refused-page',
      color: 'red',
      autoClose: TOAST_MS,
      message: intl.formatMessage({ id: messageId ?? 'dashboard.messUserPageUnknown' }),
    });
  }, [page.error, messageId, navigate, intl]);
  if (!page.data) return <PageLoader />;
  return <PageView page={page.data} />;
}

function PageView({ page }: { page: PublicPageView }) {
  const intl = useIntl();
  // The language the instructor chose for the page, over the visitor's own (spec, "Locale priority").
  useWorkspaceLocale(page.language);
  // The bar's logo leads back to this page for a visitor without an account (spec point 2).
  useNavFacts({ workspace: { id: page.workspaceId, activePage: true } });
  const title = page.appTitle || intl.formatMessage({ id: 'publicPage.defaultTitle' });
  usePageTitle(title);
  const colours = pageColours(page);
  return (
    <Box
      data-testid="public-page"
      style={{ background: colours.background, color: colours.text, borderRadius: 16, minHeight: '70vh' }}
      py={{ base: 'lg', sm: 48 }}
      px={{ base: 'md', sm: 'xl' }}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="md" align="center" ta="center">
            {page.logoUrl && (
              <Image
                src={page.logoUrl}
                alt={intl.formatMessage({ id: 'publicPage.logoAlt' }, { title })}
                mah={{ base: 96, sm: 140 }}
                maw={320}
                w="auto"
                fit="contain"
                data-testid="public-page-logo"
              />
            )}
            <Title order={1} fz={{ base: 30, sm: 44, xl: 56 }} style={{ color: colours.title }}>
              {title}
            </Title>
            <Text size="lg" style={{ color: colours.text }}>
              <FormattedMessage id="publicPage.intro" />
            </Text>
          </Stack>
          {page.items.length === 0 ? (
            <Text ta="center" size="lg" data-testid="public-page-empty">
              <FormattedMessage id="publicPage.empty" />
            </Text>
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="lg"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {page.items.map((item) => (
                <li key={`${item.kind}:${item.id}`}>
                  <Card
                    withBorder
                    radius="lg"
                    padding="lg"
                    h="100%"
                    shadow="sm"
                    data-testid={`public-item-${item.id}`}
                  >
                    <Stack gap="md" h="100%" justify="space-between">
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <Box
                          aria-hidden
                          style={{
                            background: colours.main,
                            color: colours.onMain,
                            borderRadius: 12,
                            width: 44,
                            height: 44,
                            display: 'grid',
                            placeItems: 'center',
                            flex: 'none',
                          }}
                        >
                          <IconUsersGroup size={24} />
                        </Box>
                        <div>
                          <Text size="xs" tt="uppercase" fw={700} c="dark.6">
                            <FormattedMessage
                              id={item.kind === 'session' ? 'publicPage.kindSession' : 'publicPage.kindGame'}
                            />
                          </Text>
                          <Title order={2} fz="lg" c="dark.9">
                            {item.name}
                          </Title>
                        </div>
                      </Group>
                      <Button
                        component={Link}
                        to={
                          item.kind === 'session'
                            ? paths.session(item.id, 'lobby')
                            : paths.game(item.id, 'intro')
                        }
                        rightSection={<IconArrowRight size={18} />}
                        size="md"
                        fullWidth
                        style={{ background: colours.main, color: colours.onMain }}
                        data-testid={`join-${item.id}`}
                      >
                        <FormattedMessage
                          id={item.kind === 'session' ? 'publicPage.joinSession' : 'publicPage.joinGame'}
                        />
                      </Button>
                    </Stack>
                  </Card>
                </li>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
