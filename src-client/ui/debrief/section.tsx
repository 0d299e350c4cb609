/**
 * The blocks of a game's debrief: a titled section (one block on paper, see debrief.css) and a big
 * figure with its label. Each game's debrief words its titles.
 */
import { Card, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import './debrief.css';

export function DebriefSection({
  testId,
  title,
  id,
  children,
}: {
  testId: string;
  title: ReactNode;
  /** The anchor a link jumps to. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className="debrief-section"
      data-testid={testId}
      id={id}
      // A link to the section shows its title below the page's sticky 56 px header (ui/layout.css).
      style={{ scrollMarginTop: '68px' }}
    >
      <Title order={3} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function DebriefFigure({
  label,
  children,
  testId,
  note,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  /** A line under the figure (a comparison, a unit). */
  note?: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      {/* A long word ("Durchschnittlicher") is hyphenated where the browser can, else broken. */}
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ hyphens: 'auto' }}>
        {label}
      </Text>
      <Text fz="clamp(1.25rem, 5.5vw, 1.75rem)" fw={800} data-testid={testId}>
        {children}
      </Text>
      {note}
    </Card>
  );
}
