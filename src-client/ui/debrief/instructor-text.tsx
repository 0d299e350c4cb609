/**
 * What the instructor wrote in a debrief, drawn as a player sees it: plain text, line breaks kept,
 * its web addresses as links that open in a new tab (rules/text-links.ts). Never markup: the text is
 * given to React as text, so `<b>` shows as written.
 */
import { Alert, Anchor, Paper, Text } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { textWithLinks } from '../../../src-shared/rules/text-links';
import './debrief.css';

export function LinkedText({ text }: { text: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {textWithLinks(text).map((piece, i) =>
        piece.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
          <Anchor key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </Anchor>
        ) : (
          piece.text
        ),
      )}
    </Text>
  );
}

/** The thank-you section, when it is on and says something. */
export function ThankYouNote({ section }: { section: { show: boolean; text: string } | null | undefined }) {
  if (!section?.show || section.text.trim() === '') return null;
  return (
    <Alert color="pink" icon={<IconHeart size={18} />} data-testid="debrief-thank-you">
      <LinkedText text={section.text} />
    </Alert>
  );
}

/** One of the instructor's texts between the sections. */
export function InstructorTextBlock({ block }: { block: { id: string; text: string } }) {
  if (block.text.trim() === '') return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className="debrief-section"
      data-testid={`debrief-text-${block.id}`}
      style={{ borderLeft: '4px solid var(--mantine-color-blue-5)' }}
    >
      <LinkedText text={block.text} />
    </Paper>
  );
}
