import { Anchor, Button, Group, List, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Locale } from '../../../src-shared/rules/locale';
import { useLocale } from '../../i18n';
import { loadChunk } from '../../load-chunk';
import type { HelpArticle, HelpArticles, HelpBlock, HelpSlug } from './articles/types';

/** A language's articles, fetched once when first shown in it (Vite makes a chunk per language). */
const cache = new Map<Locale, Promise<HelpArticles>>();
function loadArticles(locale: Locale): Promise<HelpArticles> {
  let loaded = cache.get(locale);
  if (!loaded) {
    loaded = loadChunk(() => import(`./articles/${locale}.ts`)).then(
      (module: { articles: HelpArticles }) => module.articles,
    );
    cache.set(locale, loaded);
  }
  return loaded;
}

/** Whether an article's title holds every word typed, whatever the case and accents. */
export function titleMatches(title: string, query: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const folded = fold(title);
  return words.every((word) => folded.includes(word));
}

function Block({ block }: { block: HelpBlock }) {
  if ('p' in block) return <Text size="sm">{block.p}</Text>;
  const items = 'steps' in block ? block.steps : block.points;
  return (
    <List type={'steps' in block ? 'ordered' : 'unordered'} size="sm" spacing={6}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function Article({ article, onBack }: { article: HelpArticle; onBack: () => void }) {
  return (
    <Stack gap="sm" data-testid={`help-article-${article.slug}`}>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
        data-testid="help-back"
      >
        <FormattedMessage id="help.back" />
      </Button>
      <Title order={3} size="h4">
        {article.title}
      </Title>
      {article.blocks.map((block, index) => (
        // The blocks of an article never move: their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text's parts
        <Block key={index} block={block} />
      ))}
    </Stack>
  );
}

/**
 * The help article modal (spec point 2): the articles of the page's language, searchable by title,
 * and one article at a time. `slug` opens on an article.
 */
export default function HelpArticlesModal({
  opened,
  onClose,
  slug: initialSlug,
}: {
  opened: boolean;
  onClose: () => void;
  slug?: HelpSlug;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [articles, setArticles] = useState<HelpArticles | null>(null);
  const [query, setQuery] = useState('');
  const [slug, setSlug] = useState<HelpSlug | null>(initialSlug ?? null);
  // Each opening starts at the list (or the article asked for), the search empty.
  useEffect(() => {
    if (!opened) return;
    setSlug(initialSlug ?? null);
    setQuery('');
  }, [opened, initialSlug]);
  useEffect(() => {
    let current = true;
    setArticles(null);
    void loadArticles(locale).then((loaded) => current && setArticles(loaded));
    return () => {
      current = false;
    };
  }, [locale]);
  const article = articles?.find((candidate) => candidate.slug === slug);
  const shown = articles?.filter((candidate) => titleMatches(candidate.title, query)) ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'help.articlesTitle' })}
      size="lg"
    >
      {!articles ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={intl.formatMessage({ id: 'help.loading' })} />
        </Group>
      ) : article ? (
        <Article article={article} onBack={() => setSlug(null)} />
      ) : (
        <Stack gap="sm">
          <TextInput
            label={intl.formatMessage({ id: 'help.search' })}
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            data-testid="help-search"
          />
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="help.noMatch" />
            </Text>
          ) : (
            <List listStyleType="none" spacing={8}>
              {shown.map((candidate) => (
                <List.Item key={candidate.slug}>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setSlug(candidate.slug)}
                    data-testid={`help-open-${candidate.slug}`}
                  >
                    {candidate.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Modal>
  );
}
