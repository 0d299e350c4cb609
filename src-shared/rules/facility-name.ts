/**
 * A facility's name as the product shows it, on its pages and in its workbook: the role translated
 * when it is one of the standard kinds (a `facility.<type>` message exists), else the name given.
 */
export function facilityDisplayName(
  facility: { name: string; type: string },
  message: (id: string) => string | undefined,
): string {
  return message(`facility.${facility.type}`) ?? facility.name;
}
