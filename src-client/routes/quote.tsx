import { QuotePage as Quote } from '../features/billing/quote-page';

/** `/quote`: the VAT and total of an amount for a country (spec, routes), open to anyone. */
export const QuotePage = () => <Quote />;
