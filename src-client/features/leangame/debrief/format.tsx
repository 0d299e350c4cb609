/** A lean figure in the reader's locale, by its kind, and a tool in words. */
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { LeanFigureFormat } from '../../../../src-shared/leangame/comparison';
import { Money } from '../../../ui/money';

/** A unit after a number, smaller than it (a big figure's "min" does not wrap onto a line of its own). */
const unit = (chunks: ReactNode[]) => <span style={{ fontSize: '0.7em', fontWeight: 600 }}>{chunks}</span>;

export function LeanValue({ value, format }: { value: number; format: LeanFigureFormat }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{figureOf(value, format)}</span>;
}

function figureOf(value: number, format: LeanFigureFormat) {
  switch (format) {
    case 'count':
      return <FormattedNumber value={value} maximumFractionDigits={0} />;
    case 'percent':
      return <FormattedNumber value={value} style="percent" maximumFractionDigits={1} />;
    case 'minutes':
      return (
        <FormattedMessage
          id="lean.debrief.unit.minutes"
          values={{ value: <FormattedNumber value={value} maximumFractionDigits={2} />, unit }}
        />
      );
    case 'perMinute':
      return (
        <FormattedMessage
          id="lean.debrief.unit.perMinute"
          values={{ value: <FormattedNumber value={value} maximumFractionDigits={2} />, unit }}
        />
      );
    case 'money':
      return <Money value={value} />;
    case 'units':
      return <FormattedNumber value={value} maximumFractionDigits={1} />;
    case 'ratio':
      return <FormattedNumber value={value} maximumFractionDigits={2} />;
  }
}

/** A tool, `shape:colour`, in words. */
export function ToolName({ tool }: { tool: string }) {
  const [shape, colour] = tool.split(':');
  return (
    <FormattedMessage
      id="lean.debrief.tool"
      values={{
        shape: <FormattedMessage id={`lean.debrief.shape.${shape}`} />,
        colour: <FormattedMessage id={`lean.debrief.colour.${colour}`} />,
      }}
    />
  );
}
