import { describe, expect, it } from 'vitest';
import { PlayerNames } from '../../src-server/auth/player-names';

/** Names over a counted look-up, on a clock the test moves. */
function setUp(answer: (ids: readonly string[]) => Promise<Record<string, string>>) {
  let now = 0;
  const asked: string[] = [];
  const names = new PlayerNames(
    (ids, locale) => {
      asked.push(`${locale} ${ids.join()}`);
      return answer(ids);
    },
    10_000,
    () => now,
  );
  return {
    names,
    asked,
    wait: (ms: number) => {
      now += ms;
    },
  };
}
const named = async (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, `name of ${id}`]));

describe('player names of the live views', () => {
  it("asks once for a game's players whose views are computed together, again after its time", async () => {
    const { names, asked, wait } = setUp(named);
    const four = await Promise.all([1, 2, 3, 4].map(() => names.of(['u1', 'u2'], 'en')));
    expect(four).toEqual(Array(4).fill({ u1: 'name of u1', u2: 'name of u2' }));
    wait(9_999);
    await names.of(['u1', 'u2'], 'en');
    expect(asked).toEqual(['en u1,u2']);
    wait(1);
    await names.of(['u1', 'u2'], 'en');
    expect(asked).toEqual(['en u1,u2', 'en u1,u2']);
  });

  it('asks again for other players, another language (an erased account reads in it) or after a rename', async () => {
    const { names, asked } = setUp(named);
    await names.of(['u1', 'u2'], 'en');
    await names.of(['u1', 'u2', 'u3'], 'en');
    await names.of(['u1', 'u2'], 'fr');
    names.forgetAll();
    await names.of(['u1', 'u2'], 'en');
    expect(asked).toEqual(['en u1,u2', 'en u1,u2,u3', 'fr u1,u2', 'en u1,u2']);
  });

  it('does not keep a failed look-up', async () => {
    let fail = true;
    const { names, asked } = setUp(async (ids) => {
      if (fail) throw new Error('database away');
      return named(ids);
    });
    await expect(names.of(['u1'], 'en')).rejects.toThrow('database away');
    fail = false;
    expect(await names.of(['u1'], 'en')).toEqual({ u1: 'name of u1' });
    expect(asked).toHaveLength(2);
  });
});
