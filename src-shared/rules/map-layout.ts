/** The map of a beer game (spec point 9): its default size and where facilities stand on it. */

export interface MapPosition {
  row: number;
  column: number;
}

/** Default map size for n facilities (spec point 9): null below 2 or above 8. */
export function defaultMapSize(n: number): { rows: number; columns: number } | null {
  if (n < 2 || n > 8) return null;
  if (n <= 4) return { rows: 3, columns: 3 };
  if (n <= 6) return { rows: 3, columns: 5 };
  return { rows: 3, columns: 7 };
}

/**
 * Default layout: facilities on every other column of the top row, left to right, then of the bottom
 * row, right to left (a U, so neighbours in the chain are neighbours on the map). `invertedFlows`
 * mirrors it left-right. Null for fewer than 2 or more than 8 facilities.
 */
export function defaultMapLayout(
  n: number,
  invertedFlows = false,
): { rows: number; columns: number; positions: MapPosition[] } | null {
  const size = defaultMapSize(n);
  if (!size) return null;
  const perRow = (size.columns + 1) / 2;
  const positions: MapPosition[] = [];
  for (let i = 0; i < n; i++) {
    const top = i < perRow;
    const k = top ? i : i - perRow;
    let column = top ? 2 * k : size.columns - 1 - 2 * k;
    if (invertedFlows) column = size.columns - 1 - column;
    positions.push({ row: top ? 0 : 2, column });
  }
  return { ...size, positions };
}
