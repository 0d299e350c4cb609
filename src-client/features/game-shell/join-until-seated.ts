/** How long a join waits to see its seat in the live view before it is sent again (spec point 4). */
export const JOIN_CONFIRM_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal carries the server's answer (a message id); a request that got no answer does not. */
const isRefusal = (error: unknown) => Boolean((error as { data?: unknown } | null)?.data);

/**
 * Sends a join and resolves once the live view shows the player in the seat. Not confirmed within
 * `confirmMs`, the join is sent again (the caller's `send` keeps the same command id, so the
 * server applies it once); a refusal is final and rejects at once. When the attempts are spent,
 * a join the server did answer counts as done (the live view is late, the play page catches up).
 */
export async function joinUntilSeated(options: {
  send: () => Promise<unknown>;
  seated: () => boolean;
  attempts?: number;
  confirmMs?: number;
  pollMs?: number;
}): Promise<void> {
  const { send, seated, attempts = 3, confirmMs = JOIN_CONFIRM_MS, pollMs = 100 } = options;
  const outcome: { answered?: boolean; refusal?: unknown; last?: unknown } = {};
  for (let attempt = 0; attempt < attempts; attempt++) {
    send().then(
      () => {
        outcome.answered = true;
      },
      (error: unknown) => {
        if (isRefusal(error)) outcome.refusal = error;
        else outcome.last = error;
      },
    );
    const deadline = Date.now() + confirmMs;
    while (Date.now() < deadline) {
      if (outcome.refusal) throw outcome.refusal;
      if (seated()) return;
      await sleep(pollMs);
    }
  }
  if (outcome.answered) return;
  throw outcome.last ?? new Error('join not confirmed');
}
