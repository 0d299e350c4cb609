import type { IntlShape } from 'react-intl';
import { gameTypeNameId } from '../../ui/game-type-name';

/** A game type's name. */
export const gameTypeName = (intl: IntlShape, gameType: string) =>
  intl.formatMessage({ id: gameTypeNameId(gameType) });

/** A plan's name: the catalogue's, or the trial. */
export const planLabel = (intl: IntlShape, planName: string) =>
  intl.messages[`billing.plan.${planName}`]
    ? intl.formatMessage({ id: `billing.plan.${planName}` })
    : planName;

/** Saves `base64` (a PDF) as the file `name`. */
export function downloadPdf(base64: string, name: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
