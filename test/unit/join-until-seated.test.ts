import { describe, expect, it } from 'vitest';
import { joinUntilSeated } from '../../src-client/features/game-shell/join-until-seated';

const timing = { confirmMs: 60, pollMs: 5 };

describe('joining until the seat shows in the live view', () => {
  it('sends once when the view confirms the seat in time', async () => {
    let sent = 0;
    await joinUntilSeated({ ...timing, send: async () => void sent++, seated: () => sent > 0 });
    expect(sent).toBe(1);
  });

  it('sends again after the confirmation delay when the seat does not show', async () => {
    const sent: number[] = [];
    const started = Date.now();
    await joinUntilSeated({
      ...timing,
      // The first answer is lost: only the second join reaches the game.
      send: () => {
        sent.push(Date.now() - started);
        return sent.length === 1 ? new Promise(() => {}) : Promise.resolve();
      },
      seated: () => sent.length >= 2,
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBeGreaterThanOrEqual(timing.confirmMs - 5);
  });

  it('retries a request that got no answer, and gives up after the attempts', async () => {
    let sent = 0;
    const offline = new TypeError('Failed to fetch');
    await expect(
      joinUntilSeated({
        ...timing,
        attempts: 3,
        send: async () => {
          sent++;
          throw offline;
        },
        seated: () => false,
      }),
    ).rejects.toBe(offline);
    expect(sent).toBe(3);
  });

  it('counts an answered join as done when the live view stays silent through every attempt', async () => {
    let sent = 0;
    await joinUntilSeated({ ...timing, attempts: 2, send: async () => void sent++, seated: () => false });
    expect(sent).toBe(2);
  });

  it('stops at a refusal, without waiting or sending again', async () => {
    let sent = 0;
    const taken = { data: { messageId: 'beergame.errRoleTaken' } };
    const started = Date.now();
    await expect(
      joinUntilSeated({
        ...timing,
        send: async () => {
          sent++;
          throw taken;
        },
        seated: () => false,
      }),
    ).rejects.toBe(taken);
    expect(sent).toBe(1);
    expect(Date.now() - started).toBeLessThan(timing.confirmMs);
  });
});
