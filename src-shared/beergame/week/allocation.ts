/** Step 3's automatic split of a shortage among clients (rules "One week", step 3). */

/**
 * Splits `available` among `requests` in proportion, in whole units (largest remainders; ties go
 * to the first in order). Exact integer arithmetic.
 */
export function allocateProportionally(available: number, requests: number[]): number[] {
  let total = 0;
  for (const r of requests) total += r;
  if (total <= available) return requests.slice();
  const shares = new Array<number>(requests.length);
  const rests = new Array<number>(requests.length);
  let given = 0;
  for (let i = 0; i < requests.length; i++) {
    const product = available * requests[i]!;
    const share = Math.floor(product / total);
    shares[i] = share;
    rests[i] = product - share * total;
    given += share;
  }
  let left = available - given;
  while (left > 0) {
    let best = -1;
    for (let i = 0; i < requests.length; i++) {
      if (shares[i]! >= requests[i]!) continue;
      if (best < 0 || rests[i]! > rests[best]!) best = i;
    }
    if (best < 0) break;
    shares[best]! += 1;
    rests[best] = -1;
    left--;
  }
  return shares;
}
