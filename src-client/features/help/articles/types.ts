/**
 * Help articles (issue 28, spec point 2 "a help article modal"): short texts for the moments an
 * instructor gets stuck, one module per language (articles/<locale>.ts), loaded when the help
 * modal opens in that language. Plain text in typed blocks, drawn as React elements: no markup is
 * ever parsed or injected.
 */
export const HELP_SLUGS = ['create-game', 'run-session', 'debrief', 'cannot-join', 'projector'] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

/** A paragraph, numbered steps, or a list of points. */
export type HelpBlock = { p: string } | { steps: string[] } | { points: string[] };

export interface HelpArticle {
  slug: HelpSlug;
  title: string;
  blocks: HelpBlock[];
}

/** A language's articles, one per slug, in HELP_SLUGS' order. */
export type HelpArticles = readonly [HelpArticle, HelpArticle, HelpArticle, HelpArticle, HelpArticle];
