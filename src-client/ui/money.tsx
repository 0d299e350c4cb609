import { FormattedNumber } from 'react-intl';

/** An amount of the game's money, with two decimals in the reader's locale. */
export function Money({ value }: { value: number }) {
  return <FormattedNumber value={value} minimumFractionDigits={2} maximumFractionDigits={2} />;
}
