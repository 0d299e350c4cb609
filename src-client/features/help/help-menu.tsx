import { Box, Button, Menu } from '@mantine/core';
import {
  IconBook,
  IconBulb,
  IconExternalLink,
  IconHelp,
  IconMessage,
  IconPlayerPlay,
  IconSend,
  IconStar,
  IconVideo,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadChunk } from '../../load-chunk';
import { paths } from '../../paths';
import { trpc } from '../../trpc';

const HelpArticlesModal = lazy(() => loadChunk(() => import('./help-articles-modal')));
const FeedbackModal = lazy(() => loadChunk(() => import('./feedback-modal')));

/** The onboarding walkthrough's address (the intro tab opens it on `welcomevideo=1`). */
export const ONBOARDING_VIDEO_PATH = `${paths.dashboard('intro')}?welcomevideo=1`;

/** An item leading out of the app: a new tab, without giving the other site this page. */
function OutsideItem({ href, icon, id }: { href: string; icon: React.ReactNode; id: string }) {
  return (
    <Menu.Item
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={icon}
      rightSection={<IconExternalLink size={14} aria-hidden />}
      data-testid={`help-${id}`}
    >
      <FormattedMessage id={`help.${id}`} />
    </Menu.Item>
  );
}

/**
 * The top bar's help menu (spec point 2; issue 28): the help articles and the feedback form, the
 * onboarding video, demo webinars, referral, feature suggestion and testimonial links. The
 * webinars and testimonial addresses are the installation's (feedback.links): an unset one is not
 * shown; the referral tab exists only with plans on. Shown to instructors only (ui/layout.tsx
 * loads it for them): the articles are written for the person running the class, and a player's
 * first load stays within its budget.
 */
export function HelpMenu() {
  const intl = useIntl();
  const [articlesOpen, setArticlesOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [articlesWanted, setArticlesWanted] = useState(false);
  const [feedbackWanted, setFeedbackWanted] = useState(false);
  const links = trpc.feedback.links.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const billing = trpc.billing.status.useQuery(undefined, { staleTime: 30_000 });
  const label = intl.formatMessage({ id: 'help.menu' });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconHelp size={18} aria-hidden />}
            aria-label={label}
            data-testid="help-menu"
          >
            {/* On a phone the icon alone: the bar keeps room for the language and the user menu. */}
            <Box component="span" visibleFrom="xs">
              {label}
            </Box>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconBook size={16} />}
            onClick={() => {
              setArticlesWanted(true);
              setArticlesOpen(true);
            }}
            data-testid="help-articles"
          >
            <FormattedMessage id="help.articles" />
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMessage size={16} />}
            onClick={() => {
              setFeedbackWanted(true);
              setFeedbackOpen(true);
            }}
            data-testid="help-feedback"
          >
            <FormattedMessage id="help.feedback" />
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to={ONBOARDING_VIDEO_PATH}
            leftSection={<IconPlayerPlay size={16} />}
            data-testid="help-onboarding"
          >
            <FormattedMessage id="help.onboardingVideo" />
          </Menu.Item>
          {links.data?.webinarsUrl && (
            <OutsideItem href={links.data.webinarsUrl} icon={<IconVideo size={16} />} id="webinars" />
          )}
          {billing.data?.plansOn && (
            <Menu.Item
              component={Link}
              to={paths.dashboard('referral')}
              leftSection={<IconSend size={16} />}
              data-testid="help-referral"
            >
              <FormattedMessage id="help.referral" />
            </Menu.Item>
          )}
          <Menu.Item
            component={Link}
            to={paths.dashboard('suggest-feature')}
            leftSection={<IconBulb size={16} />}
            data-testid="help-suggest"
          >
            <FormattedMessage id="help.suggestFeature" />
          </Menu.Item>
          {links.data?.testimonialUrl && (
            <OutsideItem href={links.data.testimonialUrl} icon={<IconStar size={16} />} id="testimonial" />
          )}
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {articlesWanted && <HelpArticlesModal opened={articlesOpen} onClose={() => setArticlesOpen(false)} />}
        {feedbackWanted && <FeedbackModal opened={feedbackOpen} onClose={() => setFeedbackOpen(false)} />}
      </Suspense>
    </>
  );
}
