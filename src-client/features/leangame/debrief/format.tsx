/** A lean figure in the reader's locale, by its kind. */
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Money } from '../../../ui/money';
import type { LeanFigureFormat } from './comparison';

export function LeanValue({ value, format }: { value: number; format: LeanFigureFormat }) {
  switch (format) {
    case 'count':
      return <FormattedNumber value={value} maximumFractionDigits={0} />;
    case 'percent':
      return <FormattedNumber value={value} style="percent" maximumFractionDigits={1} />;
    case 'minutes':
      return (
        <FormattedMessage
          id="lean.debrief.unit.minutes"
          values={{ value: <FormattedNumber value={value} maximumFractionDigits={2} /> }}
        />
      );
    case 'perMinute':
      return (
        <FormattedMessage
          id="lean.debrief.unit.perMinute"
          values={{ value: <FormattedNumber value={value} maximumFractionDigits={2} /> }}
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
